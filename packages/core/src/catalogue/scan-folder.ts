/**
 * The watched-folder scan: ingest every file of the folder (ZIPs and single price files, sub-folders
 * included) whose content is not yet in the `ingested_file` log (or the digest of a stored price list).
 * Content, not name, decides: a file is known by its SHA-256, so a renamed copy is skipped and a file
 * changed in place is ingested again.
 * Inside a new ZIP, entries already known are skipped one by one, so a ZIP that repeats last month's
 * lists next to a new one adds only the new one.
 *
 * Two scans never run at once: a scan requested while one runs fails at once with `CONFLICT` (HTTP 409)
 * instead of waiting, so a client (or the schedule) is never held for minutes behind another scan.
 */
import { readZipArchive } from '../archive/index.js';
import { isPricecatError, PricecatError, renderErrorDetail } from '../errors.js';
import type { IngestedFile } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import type { FileReport, IngestReport, IngestSource } from '../model/catalogue-types.js';
import type { FolderAccess } from './folder-access.js';
import { sha256Hex } from './ids.js';
import { saveLastScan, type ScanReport, type ScanTrigger, type SkippedFile } from './scan-report.js';
import { readSettings } from './settings.js';
import { uploadKind } from './upload-kind.js';
import { detail, type ErrorDetail } from '../messages/message-catalogue.js';

/** Largest file a scan reads: 200 MiB, the default upload limit of the HTTP API. */
export const DEFAULT_MAX_SCAN_FILE_BYTES = 200 * 1024 * 1024;

/**
 * Error codes that say nothing about the file (the store or the embedding provider failed): such a file
 * is not recorded as seen, so the next scan tries it again.
 */
const TRANSIENT_CODES: ReadonlySet<string> = new Set(['STORAGE_FAILED', 'EMBEDDING_FAILED']);

export interface FolderScannerDeps {
  readonly storage: Storage;
  /** File system access; without it every scan is refused with `INVALID_INPUT`. */
  readonly folder: FolderAccess | undefined;
  /** The catalogue's ingest (serialised with uploads). */
  readonly ingest: (source: IngestSource) => Promise<IngestReport>;
  readonly now: () => Date;
  /** @default {@link DEFAULT_MAX_SCAN_FILE_BYTES} */
  readonly maxFileBytes?: number;
}

/** Runs scans one at a time. */
export interface FolderScanner {
  /**
   * Scans the watch folder and stores the report as the last scan.
   * @throws PricecatError `CONFLICT` while another scan runs; `INVALID_INPUT` when no folder is set or
   *   it is no longer readable.
   */
  scan(trigger?: ScanTrigger): Promise<ScanReport>;
  /** True while a scan runs. */
  isRunning(): boolean;
}

export function createFolderScanner(deps: FolderScannerDeps): FolderScanner {
  let running: { readonly started_at: string } | null = null;
  return {
    isRunning: () => running !== null,
    async scan(trigger = 'request') {
      if (running) {
        throw new PricecatError(
          'CONFLICT',
          detail('SCAN_RUNNING', { started: running.started_at }),
        );
      }
      const started = deps.now();
      running = { started_at: started.toISOString() };
      try {
        return await runScan(deps, trigger, started);
      } finally {
        running = null;
      }
    },
  };
}

// ---- internal helpers ----

async function runScan(deps: FolderScannerDeps, trigger: ScanTrigger, started: Date): Promise<ScanReport> {
  const { watch_folder: configured } = await readSettings(deps.storage);
  if (configured === null) {
    throw new PricecatError('INVALID_INPUT', detail('NO_WATCH_FOLDER'));
  }
  if (!deps.folder) {
    throw new PricecatError('INVALID_INPUT', detail('NO_FOLDER_ACCESS_SCAN'));
  }
  const folder = await deps.folder.checkFolder(configured);
  const known = await knownContent(deps.storage);

  const state: ScanState = { files: [], skipped: [], seen: [] };
  const maxBytes = deps.maxFileBytes ?? DEFAULT_MAX_SCAN_FILE_BYTES;
  for (const file of await deps.folder.listFiles(folder)) {
    if (file.size > maxBytes) {
      state.files.push(failure(file.path, 'INVALID_INPUT', detail('SCAN_FILE_TOO_LARGE', { path: file.path, max: maxBytes })));
      continue;
    }
    let bytes: Uint8Array;
    try {
      // Bounded by the bytes actually read, not by the size listed (a /proc file lists 0 bytes).
      bytes = await deps.folder.readFile(folder, file.path, maxBytes);
    } catch (error) {
      if (!isPricecatError(error)) throw error;
      state.files.push(failure(file.path, error.code, error.detail ?? error.message));
      continue;
    }
    await scanFile(deps, state, known, file.path, bytes, deps.now());
  }
  if (state.seen.length > 0) await deps.storage.saveIngestedFiles(state.seen);

  const ok = state.files.filter((f) => f.status !== 'error');
  const finished = deps.now();
  const report: ScanReport = {
    folder,
    trigger,
    started_at: started.toISOString(),
    finished_at: finished.toISOString(),
    files: state.files,
    positions: ok.reduce((sum, f) => sum + ('positions' in f ? f.positions : 0), 0),
    normalized: ok.reduce((sum, f) => sum + ('normalized' in f ? f.normalized : 0), 0),
    errors: state.files.length - ok.length,
    duration_ms: finished.getTime() - started.getTime(),
    skipped: state.skipped,
  };
  await saveLastScan(deps.storage, report);
  return report;
}

/**
 * SHA-256 → path of every content ingested before: the `ingested_file` log, and the digest every price
 * list keeps. The log holds one record per path (the latest), so a file changed in place replaces its
 * old digest there; the price lists still know it, and a copy of the old version stays skipped.
 */
async function knownContent(storage: Storage): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  for (const list of await storage.listPriceLists()) if (!known.has(list.sha256)) known.set(list.sha256, list.file_name);
  for (const file of await storage.listIngestedFiles()) if (!known.has(file.sha256)) known.set(file.sha256, file.path);
  return known;
}

interface ScanState {
  readonly files: FileReport[];
  readonly skipped: SkippedFile[];
  /** Files to add to the log that ingest did not record itself (ZIPs, unreadable files). */
  readonly seen: IngestedFile[];
}

/** One file of the folder: skipped when known, unpacked when a ZIP of price lists, else ingested. */
async function scanFile(
  deps: FolderScannerDeps,
  state: ScanState,
  known: Map<string, string>,
  path: string,
  bytes: Uint8Array,
  now: Date,
): Promise<void> {
  const sha256 = await sha256Hex(bytes);
  const knownAs = known.get(sha256);
  if (knownAs !== undefined) {
    state.skipped.push({ file: path, sha256, known_as: knownAs });
    return;
  }
  let reports: FileReport[];
  const entries = uploadKind(bytes, path) === 'archive' ? unpackArchive(path, bytes) : null;
  if (entries && 'error' in entries) {
    reports = [entries.error];
  } else if (entries) {
    reports = [...entries.rejected];
    const folderOfZip = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
    for (const entry of entries.entries) {
      const entryPath = `${path}/${entry.path}`;
      const entryHash = await sha256Hex(entry.bytes);
      const entryKnownAs = known.get(entryHash);
      if (entryKnownAs !== undefined) {
        state.skipped.push({ file: entryPath, sha256: entryHash, known_as: entryKnownAs });
        continue;
      }
      // Ingest sees the ZIP's folder and the entry's own folders (a city or clinic folder is evidence).
      const fileName = folderOfZip + entry.path;
      const entryReports = await ingestOne(deps, fileName, entry.bytes);
      reports.push(...entryReports.map((r) => ({ ...r, file: r.file === fileName ? entryPath : `${path}/${r.file}` })));
      if (!entryReports.some(isTransient)) known.set(entryHash, fileName);
    }
  } else {
    reports = await ingestOne(deps, path, bytes);
  }
  state.files.push(...reports);
  if (reports.some(isTransient)) return;
  known.set(sha256, path);
  // A price file read successfully is in the log already (ingest records it with its price list); a ZIP
  // or a file that failed is recorded here, so the next scan does not read it again.
  const recordedByIngest = !entries && reports.some((r) => r.status !== 'error' && r.file === path);
  if (!recordedByIngest) state.seen.push({ path, sha256, price_list_id: null, ingested_at: now.toISOString() });
}

/** The entries of a ZIP of price lists (office files, ZIPs too, are told apart by `uploadKind` first). */
function unpackArchive(
  path: string,
  bytes: Uint8Array,
): { entries: { path: string; bytes: Uint8Array }[]; rejected: FileReport[] } | { error: FileReport } {
  try {
    const archive = readZipArchive(bytes);
    return {
      entries: archive.entries,
      rejected: archive.rejected.map((r) => failure(`${path}/${r.path}`, 'ARCHIVE_ENTRY_REJECTED', r.detail)),
    };
  } catch (error) {
    if (!isPricecatError(error)) throw error;
    return { error: failure(path, error.code, error.detail ?? error.message) };
  }
}

async function ingestOne(deps: FolderScannerDeps, fileName: string, bytes: Uint8Array): Promise<FileReport[]> {
  try {
    return [...(await deps.ingest({ fileName, bytes })).files];
  } catch (error) {
    if (!isPricecatError(error)) throw error;
    return [failure(fileName, error.code, error.detail ?? error.message)];
  }
}

/** A file's error entry: a Russian message, with its catalogue code and values when it has them. */
function failure(file: string, code: string, message: string | ErrorDetail): FileReport {
  if (typeof message === 'string') return { file, status: 'error', code, message };
  return { file, status: 'error', code, message: renderErrorDetail(message), message_code: message.code, params: message.params };
}

function isTransient(report: FileReport): boolean {
  return report.status === 'error' && TRANSIENT_CODES.has(report.code);
}
