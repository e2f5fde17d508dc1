/**
 * Tables → priced service rows: the step after reading, before matching.
 */
import { ExtractError } from '../errors.js';
import { normalizeCellText } from './cell-text.js';
import { isColumnNumberRow, isHeaderLikeRow } from './header-row.js';
import { parsePrice } from './parse-price.js';
import type { PriceCell, PriceColumn, PriceRow } from './price-row.js';
import { isNoteRow, isTotalRow, sectionTitleOf } from './section-rows.js';
import type { ReadResult, Table } from './table.js';
import { continueLayout, inferLayout, layoutFromHeader, type TableLayout } from './table-layout.js';

/** What {@link extractPriceRows} returns. */
export interface ExtractedRows {
  readonly rows: PriceRow[];
  /** The price columns of every table that gave rows, in table order. */
  readonly columns: PriceColumn[];
  readonly warnings: string[];
}

/**
 * Every priced service row of a read document. Titles, header rows (repeated ones too),
 * column-number rows, section headings, totals, notes and rows without a price are not rows;
 * headings become the `section` of the rows below them. Zero prices count as "no price"
 * (lists use 0 for withdrawn or free services).
 * @throws ExtractError `NO_PRICE_TABLE` when no table has a name column and a price column.
 */
export function extractPriceRows(result: ReadResult): ExtractedRows {
  const fileName = result.fileName ?? 'the document';
  const rows: PriceRow[] = [];
  const columns: PriceColumn[] = [];
  const warnings: string[] = [...result.warnings];
  let previous: { layout: TableLayout; width: number } | null = null;
  let foundTable = false;

  for (const table of result.tables) {
    const width = Math.max(0, ...table.rows.map((r) => r.length));
    let layout = layoutFromHeader(table.rows);
    if (!layout && previous && previous.width === width) layout = continueLayout(previous.layout);
    if (!layout) {
      layout = inferLayout(table.rows);
      if (layout) warnings.push(`${fileName}, ${table.name}: no header row; the name and price columns were guessed from the data`);
    }
    if (!layout) continue;
    foundTable = true;
    previous = { layout, width };
    const before = rows.length;
    const skipped = extractTableRows(table, layout, rows);
    if (rows.length > before) for (const column of layout.priceColumns) columns.push(column);
    if (skipped > 0) warnings.push(`${fileName}, ${table.name}: ${skipped} row(s) with a name but no price (empty or 0) were skipped`);
  }

  if (!foundTable) {
    throw new ExtractError(
      `${fileName}: no price table found. Expected a table with a header row naming the service column ` +
        `(«Наименование услуги») and at least one price column («Цена», «Стоимость, тенге»), or a list of names with prices.`,
      { code: 'NO_PRICE_TABLE' },
    );
  }
  return { rows, columns, warnings };
}

// ---------------------------------------------------------------- internal helpers

/** Appends the table's priced rows to `out`; returns how many named rows had no price. */
function extractTableRows(table: Table, layout: TableLayout, out: PriceRow[]): number {
  let section: string | null = null;
  let skipped = 0;
  const headerTexts = layout.header.texts.map(normalizeCellText);
  for (let r = layout.header.lastRow + 1; r < table.rows.length; r++) {
    const row = table.rows[r]!;
    if (row.every((cell) => normalizeCellText(cell) === '')) continue;
    if (isColumnNumberRow(row) || isTotalRow(row) || isNoteRow(row)) continue;
    if (isHeaderLikeRow(row) || sameTexts(row, headerTexts)) continue;
    const warnings: string[] = [];
    const prices = readPrices(table, r, layout.priceColumns, warnings);
    if (prices.length === 0) {
      const title = sectionTitleOf(row, layout);
      if (title !== null) section = title;
      else if (normalizeCellText(row[layout.nameColumn]) !== '') skipped++;
      continue;
    }
    const name = normalizeCellText(row[layout.nameColumn]);
    if (name === '' || !/[a-zа-яё]/i.test(name)) continue;
    out.push({
      section,
      code: optionalText(row, layout.codeColumn),
      name,
      unit: optionalText(row, layout.unitColumn),
      prices,
      source: { table: table.name, row: r + 1 },
      warnings,
    });
  }
  return skipped;
}

function readPrices(table: Table, r: number, columns: readonly PriceColumn[], warnings: string[]): PriceCell[] {
  const prices: PriceCell[] = [];
  const row = table.rows[r]!;
  for (const column of columns) {
    const raw = normalizeCellText(row[column.index]);
    const parsed = parsePrice(raw);
    if (!parsed) continue;
    // The stored number is exact where the displayed text is rounded (`2,100` shown for 2099.5).
    const stored = table.numbers?.get(`${r}:${column.index}`);
    const value = stored !== undefined && !parsed.minimum ? round2(stored) : parsed.value;
    if (!(value > 0)) continue;
    if (parsed.minimum) warnings.push(`price «${raw}» is a lower bound («от»)`);
    prices.push({ role: column.role, value, raw, header: normalizeCellText(column.header) });
  }
  return prices;
}

function optionalText(row: readonly string[], column: number | null): string | null {
  if (column === null) return null;
  const text = normalizeCellText(row[column]);
  return text === '' ? null : text;
}

function sameTexts(row: readonly string[], header: readonly string[]): boolean {
  const texts = row.map(normalizeCellText);
  return texts.some((t) => t !== '') && texts.every((t, i) => t === '' || t === header[i]);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
