/**
 * A streaming XLSX writer: sheets are written row batch by row batch into a deflated ZIP (fflate), so a
 * workbook of 100k rows never exists as cell objects in memory the way a SheetJS workbook would.
 *
 * Every text is an inline string cell (`t="inlineStr"`) and nothing is ever written as a formula (`<f>`),
 * so a raw name such as `=HYPERLINK(...)` or `+7 701…` stays text in Excel and LibreOffice. Browser-safe.
 */
import { Zip, ZipDeflate, strToU8 } from 'fflate';

/** A cell value: text, a number, or empty. */
/** A cell: text, a number, a calendar date (written as a date cell, `дд.мм.гггг`), or empty. */
export type CellValue = string | number | Date | null;

/** One sheet: its name, column widths (characters) and rows, the first being the header. */
export interface SheetSource {
  /** At most 31 characters, none of `[]:*?/\`. */
  readonly name: string;
  readonly widths?: readonly number[];
  /** Rows, produced lazily; the first row is the header (bold, frozen). */
  readonly rows: Iterable<readonly CellValue[]> | AsyncIterable<readonly CellValue[]>;
}

/**
 * Deflate level of the sheets: 1, the fastest. The XML is very repetitive, so it still shrinks about
 * tenfold, and compression is most of an export's time.
 */
const SHEET_LEVEL = 1;

/**
 * Characters of row XML per chunk handed to the compressor: 64 KiB as a two-byte (Cyrillic) string, below V8's
 * large-object size (128 KiB), and few enough that a chunk's strings die young however wide the rows are (the
 * catalogue sheet has a column per clinic). A thousand rows a chunk made strings of a megabyte and more.
 */
const CHUNK_CHARS = 1 << 15;

/** Chunks between turns of the caller's event loop (about 800 rows of the positions sheet; a timer costs ≥ 1 ms). */
const CHUNKS_PER_TURN = 16;

/**
 * The workbook's bytes, in chunks as they are compressed. Consume it once; it yields to the event loop
 * between row batches so a server keeps answering other requests during a large export.
 */
export async function* writeXlsx(sheets: readonly SheetSource[]): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* (): Generator<Uint8Array> {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  };
  const addFile = (path: string, text: string) => {
    const file = new ZipDeflate(path, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };

  addFile('[Content_Types].xml', contentTypes(sheets.length));
  addFile('_rels/.rels', ROOT_RELS);
  addFile('xl/workbook.xml', workbook(sheets));
  addFile('xl/_rels/workbook.xml.rels', workbookRels(sheets.length));
  addFile('xl/styles.xml', STYLES);
  yield* drain();

  for (const [index, sheet] of sheets.entries()) {
    const file = new ZipDeflate(`xl/worksheets/sheet${index + 1}.xml`, { level: SHEET_LEVEL });
    zip.add(file);
    file.push(strToU8(sheetStart(sheet)));
    let batch: string[] = [];
    let chars = 0;
    let rowNumber = 0;
    let chunks = 0;
    for await (const row of sheet.rows) {
      rowNumber += 1;
      const xml = rowXml(row, rowNumber, rowNumber === 1 ? HEADER_STYLE : 0);
      batch.push(xml);
      chars += xml.length;
      if (chars >= CHUNK_CHARS) {
        file.push(strToU8(batch.join('')));
        batch = [];
        chars = 0;
        yield* drain();
        if (++chunks % CHUNKS_PER_TURN === 0) await new Promise<void>((resolve) => setTimeout(resolve, 0));
      }
    }
    file.push(strToU8(`${batch.join('')}</sheetData></worksheet>`), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** The column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * Text made safe for an XML text node: `&<>"` escaped, characters XML 1.0 forbids removed, and `_xHHHH_`
 * sequences protected (Excel would otherwise decode them as escaped characters).
 */
export function escapeCellText(text: string): string {
  // Most names need nothing: one scan instead of six replacements.
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

// ---- internal helpers ----

const HEADER_STYLE = 1;
const DATE_STYLE = 2;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A date as Excel's day number (days since 1899-12-30, the UTC calendar day of `date`). */
function excelSerialDay(date: Date): number {
  return Math.round((Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - EXCEL_EPOCH) / 86_400_000);
}
const NEEDS_ESCAPE = /[&<>"_\u0000-\u001F\uFFFE\uFFFF]/;

/**
 * One `<row>`. A cell carries its reference (`r="C7"`) only after an empty cell: readers place a cell
 * without one right after the previous, and leaving it out keeps 100k-row sheets a third smaller.
 */
function rowXml(row: readonly CellValue[], rowNumber: number, style: number): string {
  let xml = `<row r="${rowNumber}">`;
  const s = style ? ` s="${style}"` : '';
  let afterGap = false;
  for (const [index, value] of row.entries()) {
    if (value === null || value === '' || (typeof value === 'number' && !Number.isFinite(value))) {
      afterGap = true;
      continue;
    }
    const ref = afterGap ? ` r="${columnName(index)}${rowNumber}"` : '';
    afterGap = false;
    if (value instanceof Date) {
      xml += `<c${ref} s="${DATE_STYLE}"><v>${excelSerialDay(value)}</v></c>`;
    } else if (typeof value === 'number') {
      xml += `<c${ref}${s}><v>${value}</v></c>`;
    } else {
      // Leading or trailing spaces survive only with xml:space="preserve".
      const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
      xml += `<c${ref}${s} t="inlineStr"><is><t${space}>${escapeCellText(value)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}

function sheetStart(sheet: SheetSource): string {
  const cols = sheet.widths?.length
    ? `<cols>${sheet.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>`
  );
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function contentTypes(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('');
  return (
    XML_HEAD +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    `${sheets}</Types>`
  );
}

const ROOT_RELS =
  XML_HEAD +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

function workbook(sheets: readonly SheetSource[]): string {
  const entries = sheets.map((sheet, i) => `<sheet name="${escapeCellText(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  return (
    XML_HEAD +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets>${entries}</sheets></workbook>`
  );
}

function workbookRels(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return (
    XML_HEAD +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `${sheets}<Relationship Id="rId${sheetCount + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
    '</Relationships>'
  );
}

/** Three cell formats: 0 plain, 1 bold (the header row), 2 a date shown as `дд.мм.гггг`. */
const STYLES =
  XML_HEAD +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd.mm.yyyy"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
