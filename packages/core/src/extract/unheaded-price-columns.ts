/**
 * A price column whose header the scan lost (Клиника 3, page 21: «Цена партнера» missing from the OCR
 * layer) still holds prices. It is adopted only when it is the table's last column, right of the priced
 * columns, most of its cells are prices, and the previous table of the document had a price column in
 * that same place counted from the right edge: its header and role are taken over.
 */
import { normalizeCellText } from './cell-text.js';
import { parsePrice } from './parse-price.js';
import type { Table } from './table.js';
import type { TableLayout } from './table-layout.js';
import { maxOf, widthOf } from '../numbers.js';

/** Share of the data rows with text in the column that must read as prices. */
const MIN_PRICE_SHARE = 0.8;
/** Rows with text needed before a column is judged. */
const MIN_FILLED = 5;

/** The layout with the unheaded last price column added; the same object when there is none. */
export function adoptUnheadedPriceColumn(
  table: Table,
  layout: TableLayout,
  previous: { readonly layout: TableLayout; readonly width: number } | null,
): TableLayout {
  const width = widthOf(table.rows);
  const last = width - 1;
  const rightmostPrice = maxOf(layout.priceColumns.map((c) => c.index), -1);
  if (!previous || rightmostPrice < 0 || last <= rightmostPrice) return layout;
  if (normalizeCellText(layout.header.texts[last]) !== '' || !holdsPrices(table, layout, last)) return layout;
  const before = previous.layout.priceColumns.find((p) => p.index === previous.width - 1 && p.header !== '');
  if (!before) return layout;
  return { ...layout, priceColumns: [...layout.priceColumns, { index: last, header: before.header, role: before.role }] };
}

// ---------------------------------------------------------------- internal helpers

function holdsPrices(table: Table, layout: TableLayout, column: number): boolean {
  let filled = 0;
  let prices = 0;
  for (const row of table.rows.slice(layout.header.lastRow + 1)) {
    const text = normalizeCellText(row[column]);
    if (text === '') continue;
    filled++;
    if (parsePrice(text)) prices++;
  }
  return filled >= MIN_FILLED && prices / filled >= MIN_PRICE_SHARE;
}
