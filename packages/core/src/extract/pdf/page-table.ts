/**
 * One page of a scanned or exported price list → its columns and rows: de-skew, lines, header band,
 * columns, rows. Pages without a header continue the previous page's columns.
 */
import { estimateSkew, deskewItems } from './skew.js';
import { typesetImageLines } from './image-words.js';
import { findHeaderBand } from './header-band.js';
import { median, type Fragment, type PageText, type TextLine } from './geometry.js';
import type { LineCell } from '../table.js';
import { dataColumns } from './data-columns.js';
import { classifyColumns, columnOf, inheritColumns, nameColumns, type PageColumns } from './page-columns.js';
import { buildRows, type PageRow } from './page-rows.js';
import { clusterLines, lineText } from './text-lines.js';
import { looksLikePrice } from './cell-kinds.js';
import { isFurniture, type Furniture } from './page-furniture.js';

/** A page's table before it becomes a {@link Table}. */
export interface PageTable extends PageColumns {
  /** The pages it was read from (two for the halves of a wide sheet). */
  readonly pages: readonly number[];
  readonly rows: readonly PageRow[];
  /** True when the page had its own header (not inherited from the previous page). */
  readonly hasHeader: boolean;
  /** Lines above the header (titles, approval blocks). */
  readonly above: readonly string[];
  /** The page's tilt in degrees, for reports. */
  readonly skewDegrees: number;
  /** The text lines the table was read from, top to bottom (for reading the page as a free-form list). */
  readonly lines: readonly string[];
  /** The same lines as pieces of text with their edges, for lists laid out in columns. */
  readonly lineCells: readonly (readonly LineCell[])[];
  /** The page's usual text height (pt): the size of a cell's line, for cutting cells out of the page image. */
  readonly textSize: number;
  /** True when the page was read again from its image because its text layer lost most of its rows. */
  readonly pageReread?: boolean;
}

/** Page numbers and footers (`Страница 2`, `стр. 3 из 12`): never cells. */
const PAGE_NUMBER = /^(стр\.?|страница|лист|page)\s*\d+(\s*(из|of)\s*\d+)?$/i;
/**
 * The same in a page's top or bottom margin, as a scan's OCR reads it: the word's ending misread
 * (`Странице 13`), the number's digits apart (`страница 2 1`), a `№` or a dash before it.
 */
const MARGIN_PAGE_NUMBER = /^[-–—]?\s*(стр(\.|аниц\p{L}{0,2})?(?!\p{L})|лист|page)\s*(№|no\.?)?\s*\d(\s?\d){0,3}(\s*(из|of|\/)\s*\d+)?\s*[-–—]?$/iu;
/** Share of the page's height at its top and bottom where a footer or a running head stands. */
const MARGIN = 0.1;

/** A page's text lines after de-skewing, page numbers dropped, and the page's tilt in degrees. */
export function pageLines(page: PageText): { lines: TextLine[]; skewDegrees: number } {
  const angle = estimateSkew(page.items);
  const inMargin = (y: number): boolean => page.height > 0 && (y < MARGIN * page.height || y > (1 - MARGIN) * page.height);
  const isPageNumber = (f: Fragment): boolean => PAGE_NUMBER.test(f.text.trim()) || (inMargin(f.y) && MARGIN_PAGE_NUMBER.test(f.text.trim()));
  const clustered = clusterLines(deskewItems(page.items, angle), page.fromImage === true);
  const lines = (page.fromImage ? typesetImageLines(clustered, page.items) : clustered)
    .map((line) => ({ ...line, fragments: line.fragments.filter((f) => !isPageNumber(f)) }))
    .filter((line) => line.fragments.length > 0);
  return { lines, skewDegrees: Math.round((angle * 180 * 100) / Math.PI) / 100 };
}

/** A page's lines outside its header bands: header lines repeat on every page, yet are no furniture. */
export function linesOutsideHeaders(lines: readonly TextLine[]): TextLine[] {
  const inBand = new Set<number>();
  let from = 0;
  while (from < lines.length) {
    const band = findHeaderBand(lines.slice(from));
    if (!band) break;
    for (let i = from + band.start; i < from + band.dataStart; i++) inBand.add(i);
    from += Math.max(band.dataStart, band.start + 1);
  }
  return lines.filter((_, i) => !inBand.has(i));
}

/**
 * Reads one page as one table: {@link readPageTables} for a page with a single header band (or none).
 * `previous` is the layout of the page before (its header names the columns of a page that has none);
 * `null` for the first page or after a page without a table.
 */
export function readPageTable(page: PageText, previous: PageColumns | null): PageTable | null {
  return readPageTables(page, previous)[0] ?? null;
}

/**
 * Reads one page: one table per header band, in page order; lines of the document's `furniture` are left out. A header band part-way down the page starts a
 * new table; the rows above the first band continue the previous page's columns when they hold prices (a
 * table running on from the page before, then a new table with its own header), and are the page's title
 * lines otherwise. `otherHalfRows`: the heights of the rows of the page's right half, when it is the left half of a
 * wide sheet (see `buildRows`).
 */
export function readPageTables(page: PageText, previous: PageColumns | null, furniture: readonly Furniture[] = [], otherHalfRows: readonly number[] = []): PageTable[] {
  const { lines: all, skewDegrees } = pageLines(page);
  const lines = all.filter((line) => !isFurniture(line, furniture));
  if (lines.length === 0) return [];
  const starts = bandStarts(lines);
  const parts: PageTable[] = [];
  let above: string[] = [];
  const head = lines.slice(0, starts[0] ?? lines.length);
  if (starts.length === 0) parts.push(readLines(head, previous, [], page.pageNumber, skewDegrees, true, otherHalfRows));
  else if (starts[0]! > 0 && previous !== null && pricedLines(head) >= MIN_PRICED_LINES) parts.push(readLines(head, previous, [], page.pageNumber, skewDegrees, false));
  else above = head.map(lineText);
  starts.forEach((start, k) => {
    const segment = lines.slice(start, starts[k + 1] ?? lines.length);
    parts.push(readLines(segment, previous, k === 0 ? above : [], page.pageNumber, skewDegrees, true, otherHalfRows));
  });
  return parts;
}

// ---------------------------------------------------------------- internal helpers

/** Lines with price-like text above a page's first header band that make them a table, not a title. */
const MIN_PRICED_LINES = 2;

/**
 * Where each header band of a page starts (line indexes, top to bottom). A band part-way down the page
 * must name both the service and a price and must not start on a line with a price: a data row that
 * mentions a header word (`Исследование …`) is not a header.
 */
function bandStarts(lines: readonly TextLine[]): number[] {
  const starts: number[] = [];
  let from = 0;
  while (from < lines.length) {
    const band = findHeaderBand(lines.slice(from));
    if (!band) break;
    const start = from + band.start;
    const strict = starts.length > 0 || start > 0;
    const ok = !strict || (band.kinds.has('name') && band.kinds.has('price') && !lines[start]!.fragments.some((f) => looksLikePrice(f.text)));
    if (ok) starts.push(start);
    from = from + Math.max(band.dataStart, band.start + 1);
  }
  return starts;
}

/** Lines with a fragment that reads as a price. */
function pricedLines(lines: readonly TextLine[]): number {
  return lines.filter((line) => line.fragments.some((f) => looksLikePrice(f.text))).length;
}

/**
 * The table of a run of lines: with its own header band when it has one (`findBand`), else with the
 * previous page's columns.
 */
function readLines(lines: readonly TextLine[], previous: PageColumns | null, above: readonly string[], pageNumber: number, skewDegrees: number, findBand = true, otherHalfRows: readonly number[] = []): PageTable {
  const band = findBand ? findHeaderBand(lines) : null;
  let dataLines: TextLine[];
  let layout: PageColumns;
  if (band) {
    let end = band.end;
    let dataStart = band.dataStart;
    for (;;) {
      dataLines = lines.slice(dataStart);
      layout = classifyColumns(nameColumns(dataColumns(dataLines), lines.slice(band.start, end)), dataLines);
      // The band's last line standing only over a column of words is the top line of a data cell
      // (a vertically centred remark whose first line has a price word), not a header line.
      const last = lines[end - 1]!;
      const cols = layout.columns;
      const misread = end - band.start > 1 && layout.wordsUnderPriceHeader.length > 0
        && last.fragments.every((f) => layout.wordsUnderPriceHeader.includes(columnOf(cols, f)));
      if (!misread) break;
      end -= 1;
      dataStart = end;
    }
  } else {
    dataLines = [...lines];
    const ranges = dataColumns(dataLines);
    layout = classifyColumns(previous ? inheritColumns(ranges, previous.columns) : nameColumns(ranges, []), dataLines);
  }
  const rows = buildRows(dataLines, layout, otherHalfRows);
  const textSize = median(dataLines.flatMap((l) => l.fragments.map((f) => f.size))) || 8;
  return { ...layout, pages: [pageNumber], rows, hasHeader: band !== null, above: [...above], skewDegrees, lines: lines.map(lineText), lineCells: lines.map((l) => l.fragments.map((f) => ({ text: f.text, x0: f.x0, x1: f.x1 }))), textSize };
}
