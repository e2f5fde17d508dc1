/**
 * The whole-archive errors `readZipArchive` throws, in one place so the wording stays consistent.
 * Per-entry problems are not errors: they become `rejected` items (see `read-zip.ts`).
 */
import { PricecatError } from '../errors.js';
import { detail } from '../messages/message-catalogue.js';
import { formatBytes } from './archive-limits.js';

/** `ARCHIVE_INVALID`: the bytes are not a ZIP we can read at all; `why` says what is wrong, in Russian. */
export function archiveInvalid(why: string, cause?: unknown): PricecatError {
  return new PricecatError('ARCHIVE_INVALID', detail('ARCHIVE_UNREADABLE', { why }), cause === undefined ? undefined : { cause });
}

/** `ARCHIVE_INVALID`: a well-formed ZIP with nothing to extract. */
export function archiveEmpty(onlyJunk: boolean): PricecatError {
  return new PricecatError('ARCHIVE_INVALID', onlyJunk ? detail('ARCHIVE_ONLY_JUNK') : detail('ARCHIVE_EMPTY'));
}

/** `ARCHIVE_LIMIT`: more entries than `maxEntries`. */
export function tooManyEntries(count: number, max: number): PricecatError {
  return new PricecatError('ARCHIVE_LIMIT', detail('ARCHIVE_TOO_MANY_ENTRIES', { count, max }));
}

/** `ARCHIVE_LIMIT`: one entry declares more than `maxEntryBytes`. */
export function entryTooLarge(path: string, size: number, max: number): PricecatError {
  return new PricecatError('ARCHIVE_LIMIT', detail('ARCHIVE_ENTRY_TOO_LARGE', { path, size: formatBytes(size), max: formatBytes(max) }));
}

/** `ARCHIVE_LIMIT`: the entries together declare more than `maxTotalBytes`. */
export function totalTooLarge(total: number, max: number, largestPath: string): PricecatError {
  return new PricecatError(
    'ARCHIVE_LIMIT',
    detail('ARCHIVE_TOTAL_TOO_LARGE', { total: formatBytes(total), largest: largestPath, max: formatBytes(max) }),
  );
}

/** `ARCHIVE_LIMIT`: one entry compresses better than any real price list does. */
export function ratioTooHigh(path: string, ratio: number, max: number): PricecatError {
  return new PricecatError('ARCHIVE_LIMIT', detail('ARCHIVE_ENTRY_RATIO', { path, ratio: Math.round(ratio), max }));
}

/** `ARCHIVE_LIMIT`: the files together compress better than any real set of price lists does. */
export function archiveRatioTooHigh(total: number, archiveBytes: number, max: number): PricecatError {
  return new PricecatError(
    'ARCHIVE_LIMIT',
    detail('ARCHIVE_RATIO', {
      size: formatBytes(archiveBytes),
      total: formatBytes(total),
      ratio: Math.round(total / Math.max(archiveBytes, 1)),
      max,
    }),
  );
}

/** `ARCHIVE_LIMIT`: an entry unpacks to more than its header declares — a forged header. */
export function exceedsDeclaredSize(path: string, declared: number): PricecatError {
  return new PricecatError('ARCHIVE_LIMIT', detail('ARCHIVE_ENTRY_EXCEEDS_DECLARED', { path, declared: formatBytes(declared) }));
}
