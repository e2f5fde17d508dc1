/**
 * Price cells a scan's OCR text layer lost: on a page where nearly every row has a price in a column, a
 * row without one most likely has it printed and unread (Клиника 3 prints a partner price on every row,
 * the layer lacks a few). The value is never guessed; the row and the file's report say what to check.
 */
import type { PriceRow } from './price-row.js';
import { warningText } from '../messages/message-catalogue.js';

/** Share of a page's rows that a column's price must exceed for its absence to be suspicious: most rows. */
const MOSTLY = 0.5;
/** Rows in a run without the price that make a printed block (check-up packages no insurer buys), not lost cells. */
const BLOCK = 3;
/** Fewest rows on a page for the share to mean anything. */
const MIN_ROWS = 5;

/**
 * `rows` (one page's) with a warning on each row that lacks a price most of the page's rows carry, unless it
 * stands in a block of {@link BLOCK} or more rows without it; also the number of such rows. Two rows in a
 * row may lose it (Клиника 3, p. 1: the partner price at the top of two tall cells).
 */
export function flagMissingPrices(rows: readonly PriceRow[]): { rows: PriceRow[]; flagged: number } {
  if (rows.length < MIN_ROWS) return { rows: [...rows], flagged: 0 };
  const headers = new Map<string, number>();
  for (const row of rows) for (const header of new Set(row.prices.map((p) => p.header))) headers.set(header, (headers.get(header) ?? 0) + 1);
  const usual = [...headers].filter(([, n]) => n > MOSTLY * rows.length && n < rows.length).map(([header]) => header);
  let flagged = 0;
  const gapAround = (i: number, header: string): number => {
    let from = i;
    let to = i;
    while (from > 0 && !has(rows[from - 1], header)) from--;
    while (to < rows.length - 1 && !has(rows[to + 1], header)) to++;
    return to - from + 1;
  };
  const has = (row: PriceRow | undefined, header: string): boolean => row !== undefined && row.prices.some((p) => p.header === header);
  const out = rows.map((row, i) => {
    // A row without any price carries its own flag (no price, or one that could not be read).
    if (row.prices.length === 0) return row;
    // Only a short gap: a block of rows without it (check-up packages no insurer buys) is how the list is printed.
    const lost = usual.filter((header) => !has(row, header) && gapAround(i, header) < BLOCK);
    if (lost.length === 0) return row;
    flagged++;
    const names = lost.map((h) => `«${h.length > 40 ? `${h.slice(0, 40)}…` : h}»`).join(', ');
    return { ...row, warnings: [...row.warnings, warningText('ROW_PRICE_MISSING', { columns: names })] };
  });
  return { rows: out, flagged };
}
