/**
 * Rows of a scan page read again, whole, from its image (its text layer lost most rows): each is flagged
 * `ROW_FROM_PAGE_IMAGE`, and a price is kept only where it fits its column as the earlier pages print it (a
 * multiple of the column's rounding, not below its lowest price): a page image cut at its edge gives `5 4` for
 * 5 400 and `3 606` for 3 600, and those go to a `PRICE_REREAD_REJECTED` flag instead of the catalogue.
 */
import { normalizeCellText } from './cell-text.js';
import type { PriceRow } from './price-row.js';
import { withFlags } from './price-review.js';
import { rowFlag, type RowFlag } from './review-flags.js';

/** Fewest earlier prices of a column for its pattern to judge a re-read page. */
const MIN_EARLIER = 10;
/** Share of a column's earlier prices that must be multiples of a rounding for the column to have it. */
const ROUNDED_SHARE = 0.9;

/**
 * The rows of a page read from its image, flagged (on `flags` and, as Russian sentences, `warnings`), their prices
 * judged against `earlier` rows of the file; `rejected` counts the prices left out.
 */
export function judgePageImageRows(rows: readonly PriceRow[], earlier: readonly PriceRow[]): { rows: PriceRow[]; rejected: number } {
  let rejected = 0;
  const columns = new Map<string, number[]>();
  for (const row of earlier)
    for (const p of row.prices) {
      const key = normalizeCellText(p.header);
      const list = columns.get(key) ?? [];
      list.push(p.value);
      columns.set(key, list);
    }
  const judged = rows.map((row) => {
    const flags: RowFlag[] = [rowFlag('ROW_FROM_PAGE_IMAGE', {})];
    const prices = row.prices.filter((p) => {
      const values = columns.get(normalizeCellText(p.header)) ?? [];
      if (values.length < MIN_EARLIER) return true;
      const unit = roundingOf(values);
      const low = Math.min(...values);
      if (p.value % unit === 0 && p.value >= low) return true;
      const reason = p.value < low ? `ниже самой низкой цены колонки на других страницах, ${low}` : `цены колонки кратны ${unit}`;
      flags.push(rowFlag('PRICE_REREAD_REJECTED', { reread: p.raw, header: p.header, reason }));
      rejected++;
      return false;
    });
    return withFlags({ ...row, prices }, flags);
  });
  return { rows: judged, rejected };
}

/** The largest of 1000, 100, 10 that nearly all `values` are multiples of; 1 when none. */
function roundingOf(values: readonly number[]): number {
  for (const unit of [1000, 100, 10]) if (values.filter((v) => v % unit === 0).length >= values.length * ROUNDED_SHARE) return unit;
  return 1;
}
