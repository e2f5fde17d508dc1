/**
 * A whole PDF → tables, text and warnings: pages read one by one (OCR for pages without a text layer),
 * their tables rebuilt, the halves of wide sheets joined.
 */
import { ExtractError } from '../../errors.js';
import type { PageOcr, PdfTextItem, ReadResult, Table } from '../table.js';
import { MAX_PDF_PAGES, openPdf } from './pdf-document.js';
import type { PageColumns } from './page-columns.js';
import { linesOutsideHeaders, pageLines, readPageTables, type PageTable } from './page-table.js';
import { findFurniture, isFurniture } from './page-furniture.js';
import { lineText } from './text-lines.js';
import type { PageText } from './geometry.js';
import { pageToTable } from './page-to-table.js';
import { isLeftHalf, isRightHalf, joinWideSheetHalves } from './wide-sheet.js';
import { detail, warningText } from '../../messages/message-catalogue.js';
import { DEFAULT_NAME_REREAD_LIMITS, repairNameCodes, type NameRereadLimits } from './name-codes.js';
import { DEFAULT_REREAD_LIMITS, rereadPriceCells, type RereadLimits } from './reread-cells.js';
import { betterReading, DEFAULT_PAGE_REREAD_LIMITS, lostMostRows, lostNumberColumn, pageRowNumbers, type PageRereadLimits } from './page-reread.js';

/** Options of {@link readPdfTables}. */
export interface PdfReadOptions {
  readonly ocr?: PageOcr;
  /** Pages read at most (default {@link MAX_PDF_PAGES}). */
  readonly maxPages?: number;
  /** Bounds of re-reading empty price cells from page images (with `ocr.readDigits`). */
  readonly reread?: RereadLimits;
  /** Bounds of re-reading whole pages whose text layer lost most rows (with `ocr`). */
  readonly pageReread?: PageRereadLimits;
  /** Bounds of re-reading the last line of names whose closing code the text layer damaged (with `ocr.readLine`). */
  readonly nameReread?: NameRereadLimits;
}

/**
 * Reads a PDF price list.
 * @throws ExtractError `EXTRACT_FAILED` for damaged, truncated or password-protected files.
 */
export async function readPdfTables(bytes: Uint8Array, fileName: string, options: PdfReadOptions = {}): Promise<ReadResult> {
  const pdf = await openPdf(bytes, fileName);
  const warnings: string[] = [];
  const pages: PageTable[] = [];
  let first: string[] = [];
  let withoutText = 0;
  let pagesRead = 0;
  const widths = new Map<number, number>();
  try {
    const maxPages = options.maxPages ?? MAX_PDF_PAGES;
    const count = Math.min(pdf.pageCount, maxPages);
    pagesRead = count;
    if (pdf.pageCount > maxPages) warnings.push(warningText('PDF_PAGES_LIMIT', { file: fileName, max: maxPages, pages: pdf.pageCount }));
    // Every page's text first: furniture is text repeated at the same place on most pages.
    const texts: PageText[] = [];
    for (let n = 1; n <= count; n++) {
      const page = await pdf.pageText(n);
      if (page.items.length === 0) withoutText++;
      const fromImage = page.items.length === 0;
      const items = fromImage ? await ocrItems(bytes, n, fileName, options.ocr, warnings) : page.items;
      texts.push({ pageNumber: n, width: page.width, height: page.height, items, fromImage });
      widths.set(n, page.width);
    }
    const furniture = findFurniture(texts.filter((t) => t.items.length > 0).map((t) => linesOutsideHeaders(pageLines(t).lines)));
    if (furniture.length > 0) warnings.push(warningText('PDF_REPEATED_TEXT', { file: fileName, count: furniture.length }));
    let previous: PageColumns | null = null;
    const pageLimits = options.pageReread ?? DEFAULT_PAGE_REREAD_LIMITS;
    const pageDeadline = Date.now() + pageLimits.budgetMs;
    let pagesReread = 0;
    // The row numbers of the page before, as read: a numbering that stops dead on a page of priced rows is evidence.
    let previousNumbers: number[] = [];
    // The page before as read (its text, the columns it continued), for reading it again as a wide sheet's left half.
    let before: { text: PageText; previous: PageColumns | null; tables: number } | null = null;
    for (const text of texts) {
      const n = text.pageNumber;
      if (text.items.length === 0) {
        previous = null;
        previousNumbers = [];
        before = null;
        continue;
      }
      const previousIn = previous;
      let tables = readPageTables(text, previous, furniture);
      // A text layer that lost most of the page's rows: the page image, read whole, where it gives more.
      const layerNumbers = pageRowNumbers(tables);
      const lost = lostMostRows(layerNumbers) || lostNumberColumn(previousNumbers, layerNumbers, tables);
      if (options.ocr && lost && pagesReread < pageLimits.maxPages && Date.now() < pageDeadline) {
        pagesReread++;
        const items = await ocrItems(bytes, n, fileName, options.ocr, warnings);
        const reread = items.length > 0 ? readPageTables({ ...text, items, fromImage: true }, previous, furniture) : [];
        if (betterReading(layerNumbers, pageRowNumbers(reread))) tables = reread.map((t) => ({ ...t, pageReread: true }));
      }
      previousNumbers = pageRowNumbers(tables);
      // The right half of a wide sheet: its rows' heights tell apart the rows of the left half, read again with them.
      const left = pages[pages.length - 1];
      if (before && before.tables === 1 && tables.length === 1 && left && left.pages[0] === n - 1 && isRightHalf(tables[0]!) && isLeftHalf(left)) {
        const heights = tables[0]!.rows.filter((r) => r.kind === 'row').map((r) => r.y);
        const again = readPageTables(before.text, before.previous, furniture, heights);
        if (again.length === 1) pages[pages.length - 1] = left.pageReread ? { ...again[0]!, pageReread: true } : again[0]!;
      }
      before = { text, previous: previousIn, tables: tables.length };
      if (tables.length === 0) continue;
      // The document's text (clinic, effective date) keeps the first page's furniture: an order's dates are facts.
      if (pages.length === 0) first = [...pageLines(text).lines.filter((l) => isFurniture(l, furniture)).map(lineText), ...tables[0]!.above];
      if (!tables.some((t) => t.rows.some((r) => r.kind === 'row'))) warnings.push(warningText('PDF_PAGE_NO_ROWS', { file: fileName, page: n }));
      for (const table of tables) {
        pages.push(table);
        if (table.name >= 0 || table.prices.length > 0) previous = table;
      }
    }
  } finally {
    await pdf.close();
  }
  let joined = joinWideSheetHalves(pages);
  if (options.ocr?.readDigits) {
    joined = (await rereadPriceCells(joined, bytes, widths, options.ocr, options.reread ?? DEFAULT_REREAD_LIMITS, warnings, fileName)).tables;
  }
  joined = await repairNameCodes(joined, bytes, options.ocr, options.nameReread ?? DEFAULT_NAME_REREAD_LIMITS, warnings, fileName);
  const tables = numberRowsPerPage(joined.map(pageToTable)).filter((t) => t.rows.length > 0);
  // Only a PDF whose every page is an image is «a scan without a text layer»; a mixed one gets the usual no-table error.
  if (tables.length === 0 && withoutText > 0 && withoutText === pagesRead && !options.ocr) throw noTextLayer(fileName, withoutText);
  return { format: 'pdf', fileName, tables, text: first.filter((l) => l.trim() !== ''), warnings };
}

// ---------------------------------------------------------------- internal helpers

/** An image-only PDF on a server without OCR: say exactly that, not the generic «no price table» (issue #18). */
function noTextLayer(fileName: string, pages: number): ExtractError {
  return new ExtractError(
    detail('PDF_SCAN_WITHOUT_OCR', { file: fileName, pages }),
    { code: 'NO_PRICE_TABLE' },
  );
}

/**
 * The tables of one page (one per header band) share the page's name; each later one is preceded by blank
 * rows standing for the rows of those before it, so that a row's number in its table is its row on the page
 * and no two rows of a page share one. Blank rows are never rows.
 */
function numberRowsPerPage(tables: readonly Table[]): Table[] {
  const used = new Map<string, number>();
  return tables.map((table) => {
    const before = used.get(table.name) ?? 0;
    used.set(table.name, before + table.rows.length);
    if (before === 0) return table;
    const shifted = table.rereads && new Map([...table.rereads].map(([key, text]) => [shiftRow(key, before), text] as const));
    const names = table.nameRepairs && new Map([...table.nameRepairs].map(([row, repair]) => [row + before, repair] as const));
    return { ...table, rows: [...Array.from({ length: before }, () => []), ...table.rows], ...(shifted ? { rereads: shifted } : {}), ...(names ? { nameRepairs: names } : {}) };
  });
}

/** A `row:col` key moved down by `by` rows. */
function shiftRow(key: string, by: number): string {
  const [row, col] = key.split(':');
  return `${Number(row) + by}:${col}`;
}

async function ocrItems(bytes: Uint8Array, pageNumber: number, fileName: string, ocr: PageOcr | undefined, warnings: string[]): Promise<PdfTextItem[]> {
  if (!ocr) {
    warnings.push(warningText('OCR_NOT_INSTALLED', { file: fileName, page: pageNumber }));
    return [];
  }
  try {
    const items = await ocr.recognize(bytes, pageNumber);
    if (items.length === 0) warnings.push(warningText('OCR_NO_TEXT', { file: fileName, page: pageNumber, ocr: ocr.name }));
    return items;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    warnings.push(warningText('OCR_FAILED', { file: fileName, page: pageNumber, ocr: ocr.name, detail }));
    return [];
  }
}
