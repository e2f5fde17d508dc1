/**
 * Dictionary files → a grid of cell texts (first row(s) hold the headers), one reader per format.
 * Column meaning is decided later, by header text, the same way for every format.
 */
import * as XLSX from 'xlsx';
import { PricecatError } from '../errors.js';
import { findDictionaryColumns } from './dictionary-columns.js';
import { detail } from '../messages/message-catalogue.js';

/** A table of cell texts; blank cells are empty strings. */
export type Grid = readonly (readonly string[])[];

/** The dictionary formats {@link readDictionaryGrid} understands. */
export type DictionaryFormat = 'spreadsheet' | 'csv' | 'json';

/** Pick the format from the file extension, falling back to the first bytes. */
export function detectDictionaryFormat(bytes: Uint8Array, fileName: string): DictionaryFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (['xlsx', 'xlsm', 'xls', 'ods'].includes(extension)) return 'spreadsheet';
  if (['csv', 'txt', 'tsv'].includes(extension)) return 'csv';
  if (extension === 'json') return 'json';
  // ZIP (xlsx/ods) or OLE2 (xls) signatures.
  if ((bytes[0] === 0x50 && bytes[1] === 0x4b) || (bytes[0] === 0xd0 && bytes[1] === 0xcf)) return 'spreadsheet';
  const firstChar = new TextDecoder().decode(bytes.subarray(0, 64)).replace(/^\uFEFF/, '').trimStart()[0];
  if (firstChar === '[' || firstChar === '{') return 'json';
  return 'csv';
}

/**
 * Read a dictionary file into a grid. Spreadsheets: the first sheet that has a name column (else the
 * first sheet); formula errors such as `#REF!` become blank cells.
 */
export async function readDictionaryGrid(bytes: Uint8Array, fileName: string): Promise<Grid> {
  const format = detectDictionaryFormat(bytes, fileName);
  if (format === 'json') return jsonToGrid(bytes, fileName);
  if (format === 'csv') return csvToGrid(await decodeText(bytes), fileName);
  return workbookToGrid(readWorkbook(() => XLSX.read(bytes, { type: 'array' }), fileName));
}

// ---- internal helpers ----

function readWorkbook(read: () => XLSX.WorkBook, fileName: string): XLSX.WorkBook {
  try {
    return read();
  } catch (error) {
    throw new PricecatError(
      'INVALID_INPUT',
      detail('DICTIONARY_UNREADABLE', { file: fileName }),
      { cause: error },
    );
  }
}

function workbookToGrid(workbook: XLSX.WorkBook): Grid {
  const grids = workbook.SheetNames.map((name) => sheetToGrid(workbook.Sheets[name]));
  return grids.find((grid) => findDictionaryColumns(grid) !== null) ?? grids[0] ?? [];
}

function sheetToGrid(sheet: XLSX.WorkSheet | undefined): Grid {
  if (!sheet?.['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const grid: string[][] = [];
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    const row: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c += 1) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      // Formula errors (`#REF!`, `#N/A`) carry no value; the client's file has 1,440 of them.
      if (!cell || cell.t === 'e' || cell.v === undefined || cell.v === null) row.push('');
      else row.push(cell.t === 's' ? String(cell.v) : (cell.w ?? String(cell.v)));
    }
    grid.push(row);
  }
  return grid;
}

/** UTF-8 when the bytes are valid UTF-8 (BOM or not), else Windows-1251, the usual Russian Excel export. */
async function decodeText(bytes: Uint8Array): Promise<string> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return decodeWindows1251(bytes);
  }
}

/** Shape of SheetJS's codepage module at run time (its bundled `.d.ts` puts `utils` elsewhere). */
interface CodepageModule {
  readonly utils: { decode(codepage: number, data: Uint8Array): string };
}

async function decodeWindows1251(bytes: Uint8Array): Promise<string> {
  try {
    // Browsers and Node builds with full ICU (the default) know this label.
    return new TextDecoder('windows-1251').decode(bytes);
  } catch {
    // Node built with small ICU: SheetJS's own code-page tables do the same job.
    const cpexcel = (await import('xlsx/dist/cpexcel.full.mjs')) as unknown as CodepageModule;
    return cpexcel.utils.decode(1251, bytes);
  }
}

function csvToGrid(text: string, fileName: string): Grid {
  // `raw: true` keeps every value as typed text: no numbers or dates guessed from `01.02` or `1e3`.
  const workbook = readWorkbook(() => XLSX.read(text, { type: 'string', raw: true }), fileName);
  return workbookToGrid(workbook);
}

function jsonToGrid(bytes: Uint8Array, fileName: string): Grid {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new PricecatError('INVALID_INPUT', detail('DICTIONARY_BAD_JSON', { file: fileName }), { cause: error });
  }
  const items = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.services) ? data.services : null;
  if (!items) {
    throw new PricecatError(
      'INVALID_INPUT',
      detail('DICTIONARY_BAD_SHAPE', { file: fileName }),
    );
  }
  const records = items.filter(isRecord);
  const headers = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const rows = records.map((record) => headers.map((header) => cellText(record[header])));
  return [headers, ...rows];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cellText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
