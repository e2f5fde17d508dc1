/**
 * Limits that keep an uploaded ZIP from exhausting memory. They apply to the price files inside
 * the archive (what we unpack and hold in memory), not to the size of the ZIP container itself,
 * which the HTTP layer bounds separately (koa-body `maxFileSize`).
 */
export interface ArchiveLimits {
  /**
   * Most entries the central directory may list (folders and system files included, because
   * each costs parsing work). @default 2000 — a few hundred clinics with several lists each.
   */
  maxEntries: number;
  /**
   * Most bytes one file may unpack to. @default 100 MiB — the largest real list here is a 1.3 MB
   * scanned PDF; a 300-page colour scan stays well below 100 MiB.
   */
  maxEntryBytes: number;
  /**
   * Most bytes all files together may unpack to; every accepted file is held in memory at once, so
   * this is also the peak memory the caller must afford. @default 512 MiB — over twice the 200 MB
   * upload limit, and price files (PDF, XLSX, DOCX) are already compressed, so a real archive
   * unpacks to about its own size; the server stays under 1 GiB.
   */
  maxTotalBytes: number;
  /**
   * Highest compression ratio (unpacked ÷ packed) accepted for files over
   * {@link RATIO_CHECK_MIN_BYTES}, and for the archive as a whole (all files unpacked ÷ the ZIP's
   * size). @default 200 — XLSX/DOCX/PDF barely shrink again inside a ZIP, text-like entries (CSV, XML,
   * old XLS with padding) reach 10–30×, while a bomb of zeros reaches ~1000×.
   */
  maxRatio: number;
}

const MiB = 1024 * 1024;

/** The limits used when the caller passes none. See {@link ArchiveLimits} for why each value. */
export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = Object.freeze({
  maxEntries: 2_000,
  maxEntryBytes: 100 * MiB,
  maxTotalBytes: 512 * MiB,
  maxRatio: 200,
});

/**
 * The ratio limit applies only above this unpacked size: a tiny text file of repeated characters
 * legitimately compresses hundreds of times and cannot hurt anyone alone. NOTE: it was 1 MiB, and
 * a ZIP of many entries of exactly 1 MiB slipped under it (sixteen in 59 KB added 258k positions;
 * 1,024 in 1.1 MB took the server to 1.4 GiB, issue #18); the whole-archive ratio catches the rest.
 */
export const RATIO_CHECK_MIN_BYTES = 64 * 1024;

/** Fills the caller's partial limits with the defaults. */
export function resolveArchiveLimits(limits: Partial<ArchiveLimits> = {}): ArchiveLimits {
  return { ...DEFAULT_ARCHIVE_LIMITS, ...definedOnly(limits) };
}

function definedOnly(limits: Partial<ArchiveLimits>): Partial<ArchiveLimits> {
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
}

/** "300 MiB", "1.5 KiB", "12 bytes": sizes in messages a person reads. */
export function formatBytes(bytes: number): string {
  const units = ['байт', 'КБ', 'МБ', 'ГБ', 'ТБ'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${rounded} ${units[unit]}`;
}
