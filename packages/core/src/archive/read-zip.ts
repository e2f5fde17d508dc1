/**
 * Safe reading of an uploaded ZIP of price lists: the central directory is read and checked
 * against {@link ArchiveLimits} before anything is unpacked, every entry is unpacked with its
 * output bounded by its declared size, and dangerous or useless names never reach the caller.
 * Browser-safe: no `node:` imports, only fflate and `TextDecoder`.
 */
import {
  archiveEmpty,
  archiveRatioTooHigh,
  entryTooLarge,
  exceedsDeclaredSize,
  ratioTooHigh,
  tooManyEntries,
  totalTooLarge,
} from './archive-errors.js';
import type { ArchiveLimits } from './archive-limits.js';
import { RATIO_CHECK_MIN_BYTES, resolveArchiveLimits } from './archive-limits.js';
import type { CentralDirectoryRecord } from './central-directory.js';
import {
  hasZipSignature,
  readCentralDirectory,
  readEndOfCentralDirectory,
  readPackedData,
} from './central-directory.js';
import { decodeEntryName } from './entry-name.js';
import { classifyEntryPath, printable } from './entry-path.js';
import { detail, type ErrorDetail } from '../messages/message-catalogue.js';
import { renderErrorDetail } from '../errors.js';
import type { SupportedMethod } from './unpack-entry.js';
import { unpackEntry } from './unpack-entry.js';

/** One extracted file. */
export interface ArchiveEntry {
  /** Decoded name inside the ZIP, folders included, `/`-separated (e.g. `Алматы/Клиника 2 прайс 2026.pdf`). */
  path: string;
  /** Last segment of `path`: the file name. */
  name: string;
  bytes: Uint8Array;
}

/** An entry that was not extracted, with a reason a person can act on (Russian text, and its code with parameters). */
export interface RejectedEntry {
  path: string;
  reason: string;
  detail: ErrorDetail;
}

/** What `readZipArchive` returns: the extracted files and the entries it refused, in archive order. */
export interface ZipContents {
  entries: ArchiveEntry[];
  rejected: RejectedEntry[];
}

/**
 * True when `bytes` starts like a ZIP (a local file header, or the end record of an empty archive).
 * Cheap sniffing for routing an upload; `readZipArchive` does the real validation.
 */
export function isZip(bytes: Uint8Array): boolean {
  return hasZipSignature(bytes);
}

/** General-purpose flag bit 0: the entry is encrypted (ZipCrypto or AES). */
const ENCRYPTED_FLAG = 0x0001;
/** MS-DOS directory attribute, set by Windows tools on folder entries. */
const DOS_DIRECTORY_ATTRIBUTE = 0x10;

const METHOD_NAMES: Readonly<Record<number, string>> = {
  1: 'Shrink', 6: 'Implode', 9: 'Deflate64', 12: 'BZIP2', 14: 'LZMA', 93: 'Zstandard', 95: 'XZ', 98: 'PPMd', 99: 'AES',
};

interface PendingEntry {
  record: CentralDirectoryRecord;
  path: string;
  name: string;
  method: SupportedMethod;
}

/**
 * Reads every file of a ZIP archive into memory.
 *
 * Unsafe names (`..`, absolute, drive letters, NUL, backslashes), encrypted entries, unsupported
 * compression methods and damaged entries come back in `rejected`; folders, `__MACOSX/`,
 * `.DS_Store`, `Thumbs.db` and `~$` lock files are skipped silently; nested ZIPs are returned as
 * ordinary entries.
 *
 * @throws PricecatError `ARCHIVE_INVALID` when the bytes are not a readable ZIP or it holds no files;
 *   `ARCHIVE_LIMIT` when the entry count, an entry's size, the total size or a compression ratio
 *   exceeds `limits` (defaults: {@link DEFAULT_ARCHIVE_LIMITS}), or an entry unpacks to more than
 *   its header declares. Nothing is returned then: an archive that tries to exhaust memory is not
 *   half-trusted.
 */
export function readZipArchive(bytes: Uint8Array, limits?: Partial<ArchiveLimits>): ZipContents {
  const resolved = resolveArchiveLimits(limits);
  const eocd = readEndOfCentralDirectory(bytes);
  if (eocd.entryCount === 0) throw archiveEmpty(false);
  if (eocd.entryCount > resolved.maxEntries) throw tooManyEntries(eocd.entryCount, resolved.maxEntries);
  const records = readCentralDirectory(bytes, eocd);

  const rejected: RejectedEntry[] = [];
  const pending = selectEntries(records, rejected);
  if (pending.length === 0 && rejected.length === 0) throw archiveEmpty(true);
  checkDeclaredSizes(pending, resolved, bytes.length);

  const entries: ArchiveEntry[] = [];
  for (const entry of pending) {
    const extracted = extractEntry(bytes, entry);
    if ('reason' in extracted) rejected.push(extracted);
    else entries.push(extracted);
  }
  return { entries, rejected };
}

/** Decodes names and sorts records into files to unpack and refusals; skipped clutter vanishes. */
function selectEntries(records: readonly CentralDirectoryRecord[], rejected: RejectedEntry[]): PendingEntry[] {
  const pending: PendingEntry[] = [];
  for (const record of records) {
    const decoded = decodeEntryName(record.rawName, record.flags, record.extra);
    const isDirectory = (record.externalAttributes & DOS_DIRECTORY_ATTRIBUTE) !== 0 && record.uncompressedSize === 0;
    const verdict = classifyEntryPath(decoded, isDirectory);
    if (verdict.kind === 'skip') continue;
    if (verdict.kind === 'unsafe') {
      rejected.push(rejectedEntry(decoded, verdict.reason));
    } else if (record.flags & ENCRYPTED_FLAG) {
      rejected.push(rejectedEntry(verdict.path, detail('ARCHIVE_ENTRY_ENCRYPTED', { path: verdict.path })));
    } else if (record.method !== 0 && record.method !== 8) {
      const method = METHOD_NAMES[record.method] ?? `№ ${record.method}`;
      rejected.push(rejectedEntry(verdict.path, detail('ARCHIVE_ENTRY_METHOD', { path: verdict.path, method })));
    } else {
      pending.push({ record, path: verdict.path, name: verdict.name, method: record.method });
    }
  }
  return pending;
}

/**
 * Refuses the archive on declared values alone, before anything is unpacked. Unpacking never yields
 * more than the declared size (see `unpack-entry.ts`), so these checks also bound the real output:
 * a header that understates its size is caught while unpacking.
 */
function checkDeclaredSizes(pending: readonly PendingEntry[], limits: ArchiveLimits, archiveBytes: number): void {
  let total = 0;
  let largest: PendingEntry | undefined;
  for (const entry of pending) {
    const { uncompressedSize, compressedSize } = entry.record;
    if (uncompressedSize > limits.maxEntryBytes) throw entryTooLarge(entry.path, uncompressedSize, limits.maxEntryBytes);
    const ratio = uncompressedSize / Math.max(compressedSize, 1);
    if (uncompressedSize > RATIO_CHECK_MIN_BYTES && ratio > limits.maxRatio) {
      throw ratioTooHigh(entry.path, ratio, limits.maxRatio);
    }
    total += uncompressedSize;
    if (!largest || uncompressedSize > largest.record.uncompressedSize) largest = entry;
  }
  if (largest && total > limits.maxTotalBytes) throw totalTooLarge(total, limits.maxTotalBytes, largest.path);
  // Many entries each under RATIO_CHECK_MIN_BYTES still add up: the archive as a whole must not
  // unpack to more than maxRatio times its own size either.
  const archiveRatio = total / Math.max(archiveBytes, 1);
  if (total > RATIO_CHECK_MIN_BYTES && archiveRatio > limits.maxRatio) throw archiveRatioTooHigh(total, archiveBytes, limits.maxRatio);
}

function extractEntry(bytes: Uint8Array, entry: PendingEntry): ArchiveEntry | RejectedEntry {
  const damaged = (why: string): RejectedEntry =>
    rejectedEntry(entry.path, detail('ARCHIVE_ENTRY_DAMAGED', { path: printable(entry.path), why }));
  const packed = readPackedData(bytes, entry.record);
  if ('damaged' in packed) return damaged(packed.damaged);
  const { uncompressedSize, crc32 } = entry.record;
  const outcome = unpackEntry(packed.data, entry.method, uncompressedSize, crc32);
  if (outcome.kind === 'exceeds-declared') throw exceedsDeclaredSize(entry.path, uncompressedSize);
  if (outcome.kind === 'damaged') return damaged(outcome.detail);
  return { path: entry.path, name: entry.name, bytes: outcome.bytes };
}

function rejectedEntry(path: string, reason: ErrorDetail): RejectedEntry {
  return { path, reason: renderErrorDetail(reason), detail: reason };
}
