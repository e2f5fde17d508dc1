/**
 * The ingest use case: a ZIP of price lists, or one price file. Each file is all-or-nothing (one storage
 * call writes its price list); one bad file becomes an error entry of the report and the other files go
 * on. When the store itself fails, the files after it are not read, and the report says so: what it lists
 * as `ok`/`warnings` is committed, every `error` entry wrote nothing.
 */
import { readZipArchive } from '../archive/index.js';
import { isPricecatError, PricecatError } from '../errors.js';
import type { DuplicateOf, FileReport, IngestReport, IngestSource } from './catalogue.js';
import type { CatalogueContext } from './context.js';
import { sha256Hex } from './ids.js';
import { ingestFile, type IngestEntry } from './ingest-file.js';
import { uploadBudget, type PositionBudget } from './ingest-limits.js';
import { uploadKind } from './upload-kind.js';

/** Report code of a file never read because the store failed on an earlier one. */
export const NOT_PROCESSED = 'NOT_PROCESSED';

export async function ingest(ctx: CatalogueContext, source: IngestSource): Promise<IngestReport> {
  const started = Date.now();
  if (source.bytes.length === 0) {
    throw new PricecatError('INVALID_INPUT', `The upload "${source.fileName}" is empty; choose a ZIP of price lists or one price file.`);
  }
  const files: FileReport[] = [];
  let entries: IngestEntry[];
  const kind = uploadKind(source.bytes, source.fileName);
  if (kind === 'archive') {
    const archive = readZipArchive(source.bytes);
    entries = archive.entries;
    for (const rejected of archive.rejected) {
      files.push({ file: rejected.path, status: 'error', code: 'ARCHIVE_ENTRY_REJECTED', message: rejected.reason });
    }
    if (entries.length === 0 && files.length === 0) {
      throw new PricecatError('ARCHIVE_INVALID', 'The ZIP archive holds no files; add price lists to it and upload it again.');
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
  let failure: { code: string; message: string } | undefined;
  for (const [at, entry] of entries.entries()) {
    const index = first + at;
    progress({ type: 'file-start', index, file: entry.path });
    if (failure) {
      files.push({ file: entry.path, status: 'error', code: NOT_PROCESSED, message: notProcessed(entry.path) });
    } else {
      try {
        const duplicate = known && (await duplicateOf(ctx, known, entry.bytes));
        const report = duplicate ? alreadyIngested(entry.path, duplicate) : await ingestFile(ctx, entry, budget);
        if (known && report.status !== 'error') known.set(await sha256Hex(entry.bytes), report.price_list_id);
        files.push(report);
      } catch (error) {
        const report = fileError(entry.path, error);
        files.push(report);
        if (report.code === 'STORAGE_FAILED') failure = { code: report.code, message: report.message };
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
  if (isPricecatError(error)) return { file, status: 'error', code: error.code, message: error.message };
  console.error(`[pricecat] ingest of «${file}» failed with an unexpected error:`, error);
  return {
    file,
    status: 'error',
    code: 'INTERNAL',
    message: `${file}: an unexpected error stopped reading this file (see the server log); nothing from it was stored.`,
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
    message:
      `${file}: this content was already ingested on ${duplicate.ingested_at.slice(0, 10)} as «${duplicate.file_name}»; ` +
      'nothing was stored. Upload it again with `again` to store it as a new version.',
    duplicate_of: duplicate,
  };
}

function notProcessed(file: string): string {
  return `${file} was not read: the data store failed on an earlier file of this upload. Fix the store (see that file's error) and upload again.`;
}
