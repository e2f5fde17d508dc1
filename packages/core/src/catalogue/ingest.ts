/**
 * The ingest use case: a ZIP of price lists, or one price file. One bad file becomes an error entry
 * of the report; the other files go on, and nothing stored before is touched.
 */
import { isZip, readZipArchive } from '../archive/index.js';
import { isPricecatError, PricecatError } from '../errors.js';
import type { FileReport, IngestReport, IngestSource } from './catalogue.js';
import type { CatalogueContext } from './context.js';
import { ingestFile, type IngestEntry } from './ingest-file.js';

export async function ingest(ctx: CatalogueContext, source: IngestSource): Promise<IngestReport> {
  const started = Date.now();
  if (source.bytes.length === 0) {
    throw new PricecatError('INVALID_INPUT', `The upload "${source.fileName}" is empty; choose a ZIP of price lists or one price file.`);
  }
  const files: FileReport[] = [];
  let entries: IngestEntry[];
  const archive = isZip(source.bytes) ? readZipArchive(source.bytes) : null;
  if (archive && !isOfficeContainer(archive.entries)) {
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

  for (const entry of entries) {
    try {
      files.push(await ingestFile(ctx, entry));
    } catch (error) {
      if (!isPricecatError(error)) throw error;
      files.push({ file: entry.path, status: 'error', code: error.code, message: error.message });
    }
  }
  const ok = files.filter((f) => f.status !== 'error');
  return {
    files,
    positions: ok.reduce((sum, f) => sum + ('positions' in f ? f.positions : 0), 0),
    normalized: ok.reduce((sum, f) => sum + ('normalized' in f ? f.normalized : 0), 0),
    errors: files.length - ok.length,
    duration_ms: Date.now() - started,
  };
}

// ---- internal helpers ----

/** XLSX, DOCX and ODS are ZIP containers too: a single uploaded office file is not an archive of price lists. */
function isOfficeContainer(entries: readonly IngestEntry[]): boolean {
  return entries.some((e) => e.path === '[Content_Types].xml' || e.path === 'mimetype');
}
