/**
 * The PDF reader: text with positions from pdf.js (OCR for pages without a text layer), tables rebuilt
 * from the geometry (see `../pdf/`).
 */
import type { ReadOptions, ReadResult, TableReader } from '../table.js';
import { readPdfTables } from '../pdf/read-pdf-tables.js';

/** Reads PDF price lists, exported or scanned with a text layer. Stateless. */
export const pdfReader: TableReader = {
  formats: ['pdf'],
  read(bytes: Uint8Array, fileName: string, options?: ReadOptions): Promise<ReadResult> {
    return readPdfTables(bytes, fileName, options?.ocr ? { ocr: options.ocr } : {});
  },
};
