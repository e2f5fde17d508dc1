/**
 * Price cells a scan's OCR text layer lost: on a page where nearly every row has a price in a column, a
 * row without one most likely has it printed and unread (Клиника 3 prints a partner price on every row,
 * the layer lacks a few). The value is never guessed; the row and the file's report say what to check.
 */
import type { PriceRow } from './price-row.js';
import { warningText } from '../messages/message-catalogue.js';

/** Share of a page's rows that must carry a column's price for its absence to be suspicious. */
const MOSTLY = 0.8;
/** Fewest rows on a page for the share to mean anything. */
const MIN_ROWS = 5;

/**
 * `rows` (one page's) with a warning on each row that lacks a price most of the page's rows carry, as do the
 * rows before and after it; also the number of such rows.
 */
export function flagMissingPrices(rows: readonly PriceRow[]): { rows: PriceRow[]; flagged: number } {
  if (rows.length < MIN_ROWS) return { rows: [...rows], flagged: 0 };
  const headers = new Map<string, number>();
  for (const row of rows) for (const header of new Set(row.prices.map((p) => p.header))) headers.set(header, (headers.get(header) ?? 0) + 1);
  const usual = [...headers].filter(([, n]) => n >= MOSTLY * rows.length && n < rows.length).map(([header]) => header);
  let flagged = 0;
  const has = (row: PriceRow | undefined, header: string): boolean => row !== undefined && row.prices.some((p) => p.header === header);
  const out = rows.map((row, i) => {
    // Only a gap between neighbours that have the price: a block of rows without it (check-up packages no
    // insurer buys) is how the list is printed.
    const lost = usual.filter((header) => !has(row, header) && (i === 0 || has(rows[i - 1], header)) && (i === rows.length - 1 || has(rows[i + 1], header)));
    if (lost.length === 0) return row;
    flagged++;
    const names = lost.map((h) => `«${h.length > 40 ? `${h.slice(0, 40)}…` : h}»`).join(', ');
    return { ...row, warnings: [...row.warnings, warningText('ROW_PRICE_MISSING', { columns: names })] };
  });
  return { rows: out, flagged };
}
