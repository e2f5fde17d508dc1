/** @module Safe reading of uploaded ZIP archives of price lists. */
export { isZip, readZipArchive } from './read-zip.js';
export type { ArchiveEntry, RejectedEntry, ZipContents } from './read-zip.js';
export { DEFAULT_ARCHIVE_LIMITS, RATIO_CHECK_MIN_BYTES } from './archive-limits.js';
export type { ArchiveLimits } from './archive-limits.js';
