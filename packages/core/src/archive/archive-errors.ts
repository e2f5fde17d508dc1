/**
 * The whole-archive errors `readZipArchive` throws, in one place so the wording stays consistent.
 * Per-entry problems are not errors: they become `rejected` items (see `read-zip.ts`).
 */
import { PricecatError } from '../errors.js';
import { formatBytes } from './archive-limits.js';

/** `ARCHIVE_INVALID`: the bytes are not a ZIP we can read at all. */
export function archiveInvalid(detail: string, cause?: unknown): PricecatError {
  return new PricecatError(
    'ARCHIVE_INVALID',
    `The upload is not a readable ZIP archive: ${detail}. Re-create the archive and upload it again.`,
    cause === undefined ? undefined : { cause },
  );
}

/** `ARCHIVE_INVALID`: a well-formed ZIP with nothing to extract. */
export function archiveEmpty(onlyJunk: boolean): PricecatError {
  const detail = onlyJunk
    ? ': it holds only folders and system files (such as __MACOSX or .DS_Store), no price lists'
    : '';
  return new PricecatError(
    'ARCHIVE_INVALID',
    `The ZIP archive is empty${detail}. Add the price lists to the archive and upload it again.`,
  );
}

/** `ARCHIVE_LIMIT`: more entries than `maxEntries`. */
export function tooManyEntries(count: number, max: number): PricecatError {
  return new PricecatError(
    'ARCHIVE_LIMIT',
    `The ZIP archive lists ${count} entries; at most ${max} are accepted (limit maxEntries). ` +
      'Split the price lists into several archives.',
  );
}

/** `ARCHIVE_LIMIT`: one entry declares more than `maxEntryBytes`. */
export function entryTooLarge(path: string, size: number, max: number): PricecatError {
  return new PricecatError(
    'ARCHIVE_LIMIT',
    `«${path}» in the ZIP archive unpacks to ${formatBytes(size)}; one file may be at most ` +
      `${formatBytes(max)} (limit maxEntryBytes). The archive was not unpacked.`,
  );
}

/** `ARCHIVE_LIMIT`: the entries together declare more than `maxTotalBytes`. */
export function totalTooLarge(total: number, max: number, largestPath: string): PricecatError {
  return new PricecatError(
    'ARCHIVE_LIMIT',
    `The files in the ZIP archive unpack to ${formatBytes(total)} in total (the largest is ` +
      `«${largestPath}»); at most ${formatBytes(max)} are accepted (limit maxTotalBytes). ` +
      'Split the price lists into several archives.',
  );
}

/** `ARCHIVE_LIMIT`: an entry compresses better than any real price file does. */
export function ratioTooHigh(path: string, ratio: number, max: number): PricecatError {
  return new PricecatError(
    'ARCHIVE_LIMIT',
    `«${path}» in the ZIP archive is compressed ${Math.round(ratio)}:1, more than the ${max}:1 ` +
      'a real price list reaches (limit maxRatio); the archive looks like a "zip bomb" and was not unpacked.',
  );
}

/** `ARCHIVE_LIMIT`: the files together compress better than any real set of price lists does. */
export function archiveRatioTooHigh(total: number, archiveBytes: number, max: number): PricecatError {
  return new PricecatError(
    'ARCHIVE_LIMIT',
    `The ZIP archive of ${formatBytes(archiveBytes)} unpacks to ${formatBytes(total)}, ` +
      `${Math.round(total / Math.max(archiveBytes, 1))}:1, more than the ${max}:1 real price lists reach (limit maxRatio); ` +
      'the archive looks like a "zip bomb" and was not unpacked. Upload the price files themselves, or a ZIP of them.',
  );
}

/** `ARCHIVE_LIMIT`: an entry unpacks to more than its header declares — a forged header. */
export function exceedsDeclaredSize(path: string, declared: number): PricecatError {
  return new PricecatError(
    'ARCHIVE_LIMIT',
    `«${path}» in the ZIP archive unpacks to more than the ${formatBytes(declared)} its header ` +
      'declares; the archive is forged or damaged (a possible "zip bomb") and was not unpacked.',
  );
}
