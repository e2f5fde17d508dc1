/**
 * The export use case: the whole catalogue as one XLSX workbook, streamed (`GET /api/export.xlsx`).
 */
import type { QueryPort } from '../storage/query-port.js';
import { exportSheets } from './export-sheets.js';
import { writeXlsx } from './xlsx-stream.js';

/** The MIME type of an XLSX workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook ready to send: its file name, content type and bytes as a stream of chunks. */
export interface WorkbookExport {
  /** `pricecat-YYYY-MM-DD.xlsx`, the export's date. */
  readonly file_name: string;
  readonly content_type: string;
  /** The bytes, produced while they are read; iterate once. */
  readonly chunks: AsyncIterable<Uint8Array>;
}

/**
 * The export of the catalogue, produced while it is read. NOTE: the read side is live, so a decision made
 * during a long export may show in rows written after it; each row is one consistent position.
 */
export function exportWorkbook(queries: QueryPort, now: Date): WorkbookExport {
  return {
    file_name: `pricecat-${now.toISOString().slice(0, 10)}.xlsx`,
    content_type: XLSX_CONTENT_TYPE,
    chunks: (async function* () {
      yield* writeXlsx(await exportSheets(queries));
    })(),
  };
}
