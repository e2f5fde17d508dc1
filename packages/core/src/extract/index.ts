/**
 * @module extract: price-list files → tables → priced service rows.
 */
export type { DocumentFormat, PageOcr, PdfTextItem, ReadOptions, ReadResult, Table, TableReader } from './table.js';
export type { PriceCell, PriceColumn, PriceRole, PriceRow } from './price-row.js';
export { readDocument, detectFormat, docxReader, spreadsheetReader, MAX_SHEET_ROWS, ACCEPTED_FORMATS_TEXT } from './readers/index.js';
export { extractPriceRows, type ExtractedRows } from './extract-rows.js';
export { parsePrice, type ParsedPrice } from './parse-price.js';
export { priceRoleOf } from './price-columns.js';
export { repairOcrPrice, type OcrPriceRepair } from './ocr-digits.js';
export { parseFreeFormLine, type FreeFormLine } from './free-form-lines.js';
export type { ExtractIssue, ExtractIssueCode, RowFlag, RowFlagCode } from './review-flags.js';
