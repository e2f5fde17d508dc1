/**
 * The spreadsheet reader: XLSX, old binary XLS, ODS and CSV through SheetJS (`xlsx`).
 * Every sheet becomes a {@link Table}; merged cells are spread over the cells they cover.
 */
import { listZipPartNames } from '../../archive/zip-container.js';
import * as XLSX from 'xlsx';
import { ExtractError } from '../../errors.js';
import type { DocumentFormat, ReadResult, Table, TableReader } from '../table.js';
import { decodeCsvBytes, detectCsvDelimiter, utf16Bom } from './csv-text.js';
import { extensionOf, sniffBinaryFormat } from './magic.js';
import { guardWorkbook, tooManyRows } from './workbook-guard.js';
import { detail, warningText } from '../../messages/message-catalogue.js';

/**
 * Rows one file may hold (all its sheets). A price list has a few thousand rows; a file claiming more
 * is a formatting accident (styles down to row 1,048,576) or a hostile file, and reading it all could
 * exhaust memory. A file over the cap is refused with `LIMIT_EXCEEDED` (HTTP 413), counted while the
 * sheets are unpacked (`workbook-guard.ts`), before they are parsed.
 */
export const MAX_SHEET_ROWS = 200_000;

/** Cells per sheet at most (rows × used columns), for the same reason as {@link MAX_SHEET_ROWS}. */
export const MAX_SHEET_CELLS = 5_000_000;

/** Reads XLSX, XLS, ODS and CSV price lists. Stateless: calls may overlap. */
export const spreadsheetReader: TableReader = {
  formats: ['xlsx', 'xls', 'ods', 'csv'],
  async read(bytes: Uint8Array, fileName: string): Promise<ReadResult> {
    const format = spreadsheetFormatOf(bytes, fileName);
    const warnings: string[] = [];
    const workbook = format === 'csv' ? readCsvWorkbook(bytes, fileName, warnings) : readBinaryWorkbook(bytes, fileName, format);
    const tables: Table[] = [];
    for (const sheetName of workbook.SheetNames) {
      const sheet = workbook.Sheets[sheetName];
      if (!sheet) continue;
      tables.push(toTable(sheetName, sheet, fileName, warnings));
    }
    if (tables.length === 0) {
      throw new ExtractError(detail('WORKBOOK_NO_SHEETS', { file: fileName }));
    }
    return { format, fileName, tables, text: [], warnings };
  },
};

// ---------------------------------------------------------------- internal helpers

/** Magic bytes decide between the binary formats; anything else is treated as CSV text. */
function spreadsheetFormatOf(bytes: Uint8Array, fileName: string): DocumentFormat {
  const sniffed = sniffBinaryFormat(bytes);
  if (sniffed === 'zip') {
    const entries = listZipPartNames(bytes) ?? [];
    return entries.includes('content.xml') && !entries.some((n) => n.startsWith('xl/')) ? 'ods' : 'xlsx';
  }
  if (sniffed === 'ole') return 'xls';
  const ext = extensionOf(fileName);
  if (ext === 'xlsx' || ext === 'xls' || ext === 'ods') {
    // A file named like a workbook without the workbook's signature: truncated or not a workbook.
    throw new ExtractError(detail('WORKBOOK_NO_SIGNATURE', { file: fileName, ext }));
  }
  return 'csv';
}

function readBinaryWorkbook(bytes: Uint8Array, fileName: string, format: DocumentFormat): XLSX.WorkBook {
  try {
    // sheetRows caps what SheetJS materialises; `!fullref` then tells us the sheet was larger.
    if (format === 'xlsx' || format === 'ods') guardWorkbook(bytes, fileName, MAX_SHEET_ROWS);
    return XLSX.read(bytes, { type: 'array', dense: true, sheetRows: MAX_SHEET_ROWS + 1, cellHTML: false, cellFormula: false });
  } catch (error) {
    if (error instanceof ExtractError) throw error;
    throw new ExtractError(
      detail('SPREADSHEET_DAMAGED', { file: fileName, format: format.toUpperCase(), why: describe(error) }),
      { cause: error },
    );
  }
}

function readCsvWorkbook(bytes: Uint8Array, fileName: string, warnings: string[]): XLSX.WorkBook {
  if (!utf16Bom(bytes) && bytes.subarray(0, 8192).includes(0)) {
    throw new ExtractError(detail('CSV_BINARY', { file: fileName }));
  }
  const { text, encoding } = decodeCsvBytes(bytes);
  if (encoding === 'windows-1251') warnings.push(warningText('CSV_WINDOWS_1251', { file: fileName }));
  const delimiter = detectCsvDelimiter(text);
  try {
    // raw: keep every value as written; price parsing happens later, with Russian number formats.
    return XLSX.read(text, { type: 'string', FS: delimiter, raw: true, dense: true, sheetRows: MAX_SHEET_ROWS + 1 });
  } catch (error) {
    throw new ExtractError(detail('CSV_UNREADABLE', { file: fileName, why: describe(error) }), { cause: error });
  }
}

/** One sheet → one Table: dense grid of texts, merges spread, numbers kept, trailing blanks trimmed. */
function toTable(sheetName: string, sheet: XLSX.WorkSheet, fileName: string, warnings: string[]): Table {
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const fullRef = sheet['!fullref'] ?? sheet['!ref'];
  // Blank formatted rows at the end do not count: only rows up to the last one with a value.
  if (lastFilledRow(data) >= MAX_SHEET_ROWS) throw tooManyRows(fileName, MAX_SHEET_ROWS);
  let rowCount = Math.min(data.length, MAX_SHEET_ROWS);
  let width = 0;
  for (let r = 0; r < rowCount; r++) {
    const row = data[r];
    if (!row) continue;
    for (let c = row.length - 1; c >= width; c--) {
      if (cellText(row[c]) !== '') {
        width = c + 1;
        break;
      }
    }
  }
  if (rowCount * width > MAX_SHEET_CELLS) {
    rowCount = Math.max(1, Math.floor(MAX_SHEET_CELLS / Math.max(1, width)));
    warnings.push(warningText('SHEET_TRUNCATED', { file: fileName, sheet: sheetName, rows: rowCount }));
  }
  const rows: string[][] = [];
  const numbers = new Map<string, number>();
  for (let r = 0; r < rowCount; r++) {
    const source = data[r] ?? [];
    const row: string[] = new Array<string>(width).fill('');
    for (let c = 0; c < width; c++) {
      const cell = source[c];
      row[c] = cellText(cell);
      if (cell && cell.t === 'n' && typeof cell.v === 'number' && Number.isFinite(cell.v)) numbers.set(`${r}:${c}`, cell.v);
    }
    rows.push(row);
  }
  // Drop trailing blank rows (styled but empty rows at the end of a sheet).
  while (rows.length > 0 && rows[rows.length - 1]!.every((t) => t.trim() === '')) rows.pop();
  spreadMerges(sheet['!merges'] ?? [], rows, numbers);
  return { name: sheetName, rows, numbers };
}

/** A merged range shows its top-left value in every cell it covers, as a reader of the sheet sees it. */
function spreadMerges(merges: XLSX.Range[], rows: string[][], numbers: Map<string, number>): void {
  for (const m of merges) {
    const text = rows[m.s.r]?.[m.s.c];
    if (text === undefined || text === '') continue;
    const value = numbers.get(`${m.s.r}:${m.s.c}`);
    for (let r = m.s.r; r <= m.e.r && r < rows.length; r++) {
      const row = rows[r]!;
      for (let c = m.s.c; c <= m.e.c && c < row.length; c++) {
        if (r === m.s.r && c === m.s.c) continue;
        row[c] = text;
        if (value !== undefined) numbers.set(`${r}:${c}`, value);
      }
    }
  }
}

/** Index of the last row holding a value, -1 for none. */
function lastFilledRow(data: readonly ((XLSX.CellObject | undefined)[] | undefined)[]): number {
  for (let r = data.length - 1; r >= 0; r--) if (data[r]?.some((cell) => cellText(cell) !== '')) return r;
  return -1;
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.t === 'z') return '';
  if (typeof cell.w === 'string') return cell.w;
  if (cell.v === undefined || cell.v === null) return '';
  if (cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return String(cell.v);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
