/**
 * The ingest use case: a ZIP of price lists, or one price file. Each file is all-or-nothing (one storage
 * call writes its price list); one bad file becomes an error entry of the report and the other files go
 * on. When the store itself fails, the files after it are not read, and the report says so: what it lists
 * as `ok`/`warnings` is committed, every `error` entry wrote nothing.
 */
import { readZipArchive } from '../archive/index.js';
import { isPricecatError, PricecatError, renderErrorDetail } from '../errors.js';
import type { DuplicateOf, FileReport, IngestReport, IngestSource } from '../model/catalogue-types.js';
import type { CatalogueContext } from './context.js';
import { sha256Hex } from './ids.js';
import { ingestFile, type IngestEntry } from './ingest-file.js';
import { uploadBudget, type PositionBudget } from './ingest-limits.js';
import { uploadKind } from './upload-kind.js';
import { detail, type ErrorDetail } from '../messages/message-catalogue.js';

/** Report code of a file never read because the store failed on an earlier one. */
export const NOT_PROCESSED = 'NOT_PROCESSED';

export async function ingest(ctx: CatalogueContext, source: IngestSource): Promise<IngestReport> {
  const started = Date.now();
  if (source.bytes.length === 0) {
    throw new PricecatError('INVALID_INPUT', detail('UPLOAD_EMPTY', { file: source.fileName }));
  }
  const files: FileReport[] = [];
  let entries: IngestEntry[];
  const kind = uploadKind(source.bytes, source.fileName);
  if (kind === 'archive') {
    const archive = readZipArchive(source.bytes);
    entries = archive.entries;
    for (const rejected of archive.rejected) {
      files.push({ file: rejected.path, status: 'error', code: 'ARCHIVE_ENTRY_REJECTED', ...messageFields(rejected.detail) });
    }
    if (entries.length === 0 && files.length === 0) {
      throw new PricecatError('ARCHIVE_INVALID', detail('ARCHIVE_NO_FILES'));
    }
  } else {
    entries = [{ path: source.fileName, bytes: source.bytes }];
  }

  const budget: PositionBudget = uploadBudget(ctx.ingestLimits);
  const progress = source.onProgress ?? (() => undefined);
  const known = source.duplicates === 'report' ? await storedContents(ctx) : null;
  const first = files.length;
  progress({ type: 'files', files: [...files.map((f) => f.file), ...entries.map((e) => e.path)] });
  files.forEach((report, index) => progress({ type: 'file-done', index, report }));
  let failure: IngestReport['failure'];
  for (const [at, entry] of entries.entries()) {
    const index = first + at;
    progress({ type: 'file-start', index, file: entry.path });
    if (failure) {
      files.push({ file: entry.path, status: 'error', code: NOT_PROCESSED, ...messageFields(detail('FILE_NOT_PROCESSED', { file: entry.path })) });
    } else {
      try {
        const duplicate = known && (await duplicateOf(ctx, known, entry.bytes));
        const report = duplicate ? alreadyIngested(entry.path, duplicate) : await ingestFile(ctx, entry, budget);
        if (known && report.status !== 'error') known.set(await sha256Hex(entry.bytes), report.price_list_id);
        files.push(report);
      } catch (error) {
        const report = fileError(entry.path, error);
        files.push(report);
        if (report.code === 'STORAGE_FAILED') {
          failure = { code: report.code, message: report.message, ...(report.message_code && { message_code: report.message_code, params: report.params }) };
        }
      }
    }
    progress({ type: 'file-done', index, report: files[index]! });
  }
  const ok = files.filter((f) => f.status !== 'error');
  return {
    source: kind,
    files,
    positions: ok.reduce((sum, f) => sum + ('positions' in f ? f.positions : 0), 0),
    normalized: ok.reduce((sum, f) => sum + ('normalized' in f ? f.normalized : 0), 0),
    errors: files.length - ok.length,
    duration_ms: Date.now() - started,
    ...(failure && { failure }),
  };
}

// ---- internal helpers ----

/**
 * Any failure of one file as its report entry. NOTE: not only `PricecatError`s: a bug in a reader
 * (such as the stack overflow of issue #18) used to escape as a 500 after earlier files were committed,
 * with no report of them; now it is this file's error and the upload's report goes out.
 */
function fileError(file: string, error: unknown): Extract<FileReport, { status: 'error' }> {
  if (isPricecatError(error)) {
    return { file, status: 'error', code: error.code, message: error.message, ...(error.detail && { message_code: error.detail.code, params: error.detail.params }) };
  }
  console.error(`[pricecat] ingest of «${file}» failed with an unexpected error:`, error);
  return {
    file,
    status: 'error',
    code: 'INTERNAL',
    ...messageFields(detail('FILE_UNEXPECTED_ERROR', { file })),
  };
}

/** SHA-256 of every stored list's content → the list (the newest one when several share it). */
async function storedContents(ctx: CatalogueContext): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  for (const list of (await ctx.queries.directory()).priceListsById.values()) if (list.sha256) known.set(list.sha256, list.price_list_id);
  return known;
}

async function duplicateOf(ctx: CatalogueContext, known: ReadonlyMap<string, string>, bytes: Uint8Array): Promise<DuplicateOf | null> {
  const id = known.get(await sha256Hex(bytes));
  if (id === undefined) return null;
  const model = await ctx.queries.directory();
  const list = model.priceListsById.get(id)!;
  return {
    price_list_id: list.price_list_id,
    file_name: list.file_name,
    clinic_id: list.clinic_id,
    clinic_name: model.clinicsById.get(list.clinic_id)?.name ?? null,
    ingested_at: list.ingested_at,
    effective_date: list.effective_date,
  };
}

function alreadyIngested(file: string, duplicate: DuplicateOf): Extract<FileReport, { status: 'error' }> {
  return {
    file,
    status: 'error',
    code: 'ALREADY_INGESTED',
    ...messageFields(detail('ALREADY_INGESTED', { file, date: duplicate.ingested_at.slice(0, 10), stored: duplicate.file_name })),
    duplicate_of: duplicate,
  };
}

/** The fields of a report entry that say what went wrong: the Russian text, its code and parameters. */
function messageFields(reason: ErrorDetail): { message: string; message_code: string; params: ErrorDetail['params'] } {
  return { message: renderErrorDetail(reason), message_code: reason.code, params: reason.params };
}
