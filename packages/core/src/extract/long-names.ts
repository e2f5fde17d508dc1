/**
 * Names longer than a position keeps, cut at the last word boundary within the limit and flagged `NAME_CUT`: the row
 * stays (its price is real) and an analyst sees why its name ends early. Nothing else of the row changes.
 */
import { MAX_POSITION_NAME_LENGTH } from '../contract/limits.js';
import type { PriceRow } from './price-row.js';
import { withFlags } from './price-review.js';
import { rowFlag } from './review-flags.js';

export function cutLongNames(rows: readonly PriceRow[], max = MAX_POSITION_NAME_LENGTH): PriceRow[] {
  return rows.map((row) => {
    if (row.name.length <= max) return row;
    const head = row.name.slice(0, max);
    const space = head.lastIndexOf(' ');
    const name = (space > max / 2 ? head.slice(0, space) : head).trimEnd();
    return withFlags({ ...row, name }, [rowFlag('NAME_CUT', { length: row.name.length, kept: name.length })]);
  });
}
