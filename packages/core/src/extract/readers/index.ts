/**
 * Picking the reader for a file: magic bytes first, the file name's extension second.
 */
import { listZipPartNames } from '../../archive/zip-container.js';
import { ExtractError } from '../../errors.js';
import type { DocumentFormat, ReadOptions, ReadResult, TableReader } from '../table.js';
import { decodeCsvBytes, looksLikeCsv } from './csv-text.js';
import { docxReader } from './docx.js';
import { extensionOf, sniffBinaryFormat } from './magic.js';
import { pdfReader } from './pdf.js';
import { spreadsheetReader } from './spreadsheet.js';
import { detail } from '../../messages/message-catalogue.js';

export { docxReader } from './docx.js';
export { pdfReader } from './pdf.js';
export { spreadsheetReader, MAX_SHEET_ROWS } from './spreadsheet.js';

/** What the user is told pricecat accepts. */
export const ACCEPTED_FORMATS_TEXT = 'XLSX, XLS, ODS, CSV, DOCX, PDF';

const EXTENSION_FORMATS: Readonly<Record<string, DocumentFormat>> = {
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  xls: 'xls',
  ods: 'ods',
  csv: 'csv',
  docx: 'docx',
  pdf: 'pdf',
};

/**
 * The format of a file, or `null` when pricecat cannot read it (an image, an old `.doc`, plain text
 * that is not delimited rows). A ZIP is told apart by its entries (`word/document.xml` → docx,
 * `xl/` → xlsx, `content.xml` → ods); an unreadable ZIP falls back to the extension, so a truncated
 * `.xlsx` still reaches its reader and gets a "damaged file" error rather than "unsupported".
 */
export function detectFormat(bytes: Uint8Array, fileName: string): DocumentFormat | null {
  const ext = extensionOf(fileName);
  const kind = sniffBinaryFormat(bytes);
  switch (kind) {
    case 'pdf':
      return 'pdf';
    case 'zip': {
      const entries = listZipPartNames(bytes);
      if (entries === null) return zipFormatByExtension(ext);
      if (entries.includes('word/document.xml')) return 'docx';
      if (entries.some((n) => n.startsWith('xl/'))) return 'xlsx';
      if (entries.includes('content.xml')) return 'ods';
      return null;
    }
    case 'ole':
      // Old Word .doc files are OLE too; SheetJS would misread them.
      return ext === 'doc' || ext === 'dot' ? null : 'xls';
    case 'image':
    case 'binary':
      return null;
    default: {
      if (bytes.length === 0) return null;
      // Text: CSV when it is delimited rows, whatever the extension (a .txt export is common).
      const { text } = decodeCsvBytes(bytes.subarray(0, 64 * 1024));
      if (looksLikeCsv(text)) return 'csv';
      const byName = EXTENSION_FORMATS[ext];
      // A binary format's name on text bytes: let its reader report the damaged file.
      return byName && byName !== 'csv' ? byName : null;
    }
  }
}

/**
 * Reads any supported price-list file into tables. `options.ocr` reads PDF pages that have no text
 * layer (without it they are skipped with a warning naming the page).
 * @throws ExtractError `UNSUPPORTED_FORMAT` for files of other kinds;
 *   `EXTRACT_FAILED` when the file is of a supported kind but damaged.
 */
export async function readDocument(bytes: Uint8Array, fileName: string, options?: ReadOptions): Promise<ReadResult> {
  const format = detectFormat(bytes, fileName);
  if (format === 'pdf') return pdfReader.read(bytes, fileName, options);
  if (format === null) {
    throw new ExtractError(
      detail('FORMAT_NOT_READABLE', { file: fileName || 'файл', kind: describeKind(bytes, fileName), formats: ACCEPTED_FORMATS_TEXT }),
      { code: 'UNSUPPORTED_FORMAT' },
    );
  }
  const reader: TableReader = format === 'docx' ? docxReader : spreadsheetReader;
  return reader.read(bytes, fileName);
}

// ---------------------------------------------------------------- internal helpers

function zipFormatByExtension(ext: string): DocumentFormat | null {
  const format = EXTENSION_FORMATS[ext];
  return format === 'xlsx' || format === 'ods' || format === 'docx' ? format : 'xlsx';
}

function describeKind(bytes: Uint8Array, fileName: string): string {
  const kind = sniffBinaryFormat(bytes);
  if (kind === 'image') return ' (это изображение; скан прайс-листа загрузите как PDF)';
  if (kind === 'ole') return ' (это старый двоичный документ Word .doc; сохраните его как .docx)';
  if (kind === 'zip') return ' (это ZIP, но не книга Excel и не документ Word)';
  if (kind === 'binary') return ' (двоичные данные неизвестного вида)';
  if (bytes.length === 0) return ' (файл пуст)';
  return extensionOf(fileName) === 'csv' ? ' (в тексте нет строк с разделителями)' : ' (простой текст без строк с разделителями)';
}
