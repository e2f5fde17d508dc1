/**
 * The report of a watched-folder scan and its persisted copy (the last scan is kept in the store's
 * settings, so `GET /api/scan/last` answers after a restart too).
 */
import type { SCAN_TRIGGERS } from '../contract/limits.js';
import type { Storage } from '../storage/storage.js';
import type { IngestReport } from '../model/catalogue-types.js';

/** What started a scan. */
export type ScanTrigger = (typeof SCAN_TRIGGERS)[number];

/** A file of the folder (or an entry of a ZIP there) left alone because its content was ingested before. */
export interface SkippedFile {
  /** Path relative to the watch folder; an entry of a ZIP is `<zip path>/<entry path>`. */
  readonly file: string;
  readonly sha256: string;
  /** The path under which the same content is in the `ingested_file` log (a renamed copy shows its first name). */
  readonly known_as: string;
}

/**
 * The same per-file report as an upload (`files` holds only what was ingested or failed now), plus the
 * files skipped as already known.
 */
export interface ScanReport extends Omit<IngestReport, 'source' | 'failure'> {
  readonly folder: string;
  readonly trigger: ScanTrigger;
  readonly started_at: string;
  readonly finished_at: string;
  readonly skipped: readonly SkippedFile[];
}

/** The last scan in brief, shown with the settings. */
export interface ScanSummary {
  readonly folder: string;
  readonly trigger: ScanTrigger;
  readonly started_at: string;
  readonly finished_at: string;
  /** Files (or ZIP entries) ingested now, successfully or not. */
  readonly files: number;
  readonly errors: number;
  readonly skipped: number;
  readonly positions: number;
}

/** Setting key under which the last report is stored (JSON). */
export const LAST_SCAN_KEY = 'scan.last_report';

/** Stores `report` as the last scan. */
export async function saveLastScan(storage: Storage, report: ScanReport): Promise<void> {
  await storage.setSetting(LAST_SCAN_KEY, JSON.stringify(report));
}

/** The last scan's full report, or null before the first. */
export async function readLastScan(storage: Storage): Promise<ScanReport | null> {
  const text = await storage.getSetting(LAST_SCAN_KEY);
  if (!text) return null;
  try {
    return JSON.parse(text) as ScanReport;
  } catch {
    // A damaged value must not break the settings page; the next scan overwrites it.
    return null;
  }
}

/** The last scan in brief, or null before the first. */
export async function readLastScanSummary(storage: Storage): Promise<ScanSummary | null> {
  const report = await readLastScan(storage);
  return report ? summarizeScan(report) : null;
}

/** The brief form of a report. */
export function summarizeScan(report: ScanReport): ScanSummary {
  return {
    folder: report.folder,
    trigger: report.trigger,
    started_at: report.started_at,
    finished_at: report.finished_at,
    files: report.files.length,
    errors: report.errors,
    skipped: report.skipped.length,
    positions: report.positions,
  };
}
