/**
 * One page of a scanned or exported price list → its columns and rows: de-skew, lines, header band,
 * columns, rows. Pages without a header continue the previous page's columns.
 */
import { estimateSkew, deskewItems } from './skew.js';
import { findHeaderBand } from './header-band.js';
import type { PageText, TextLine } from './geometry.js';
import { dataColumns } from './data-columns.js';
import { classifyColumns, columnOf, inheritColumns, nameColumns, type PageColumns } from './page-columns.js';
import { buildRows, type PageRow } from './page-rows.js';
import { clusterLines, lineText } from './text-lines.js';

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
}

/** Page numbers and footers (`Страница 2`, `стр. 3 из 12`): never cells. */
const PAGE_NUMBER = /^(стр\.?|страница|лист|page)\s*\d+(\s*(из|of)\s*\d+)?$/i;

/**
 * Reads one page. `previous` is the layout of the page before (its header names the columns of a page
 * that has none); `null` for the first page or after a page without a table.
 */
export function readPageTable(page: PageText, previous: PageColumns | null): PageTable | null {
  const angle = estimateSkew(page.items);
  const lines = clusterLines(deskewItems(page.items, angle))
    .map((line) => ({ ...line, fragments: line.fragments.filter((f) => !PAGE_NUMBER.test(f.text.trim())) }))
    .filter((line) => line.fragments.length > 0);
  if (lines.length === 0) return null;
  const band = findHeaderBand(lines);
  let dataLines: TextLine[];
  let layout: PageColumns;
  let above: string[] = [];
  if (band) {
    above = lines.slice(0, band.start).map(lineText);
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
    dataLines = lines;
    const ranges = dataColumns(dataLines);
    layout = classifyColumns(previous ? inheritColumns(ranges, previous.columns) : nameColumns(ranges, []), dataLines);
  }
  const rows = buildRows(dataLines, layout);
  return {
    ...layout,
    pages: [page.pageNumber],
    rows,
    hasHeader: band !== null,
    above,
    skewDegrees: Math.round((angle * 180 * 100) / Math.PI) / 100,
  };
}
