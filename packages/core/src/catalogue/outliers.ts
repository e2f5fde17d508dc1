/**
 * Which clinic prices of one service are outliers. The rule (documented in docs/api.md):
 *
 * - 4 or more clinics: Tukey's fences, `[Q1 − 1.5·IQR, Q3 + 1.5·IQR]` (quartiles by linear
 *   interpolation), widened to at least `[0.9·median, 1.1·median]` so that a tight market (IQR near 0)
 *   does not flag a price a few percent off as an outlier;
 * - 3 clinics: quartiles mean little, so a price more than 50 % away from the median (the middle
 *   clinic's price), `[0.5·median, 1.5·median]`;
 * - 1 or 2 clinics: never an outlier. With two, the median is their mean and both sit equally far from
 *   it; there is no majority to stand out from (`spread_ratio` still shows how far apart they are).
 *
 * A price is an outlier when it lies outside the bounds (the bounds themselves are inside).
 */
import type { OutlierBounds, OutlierRule } from '../model/catalogue-types.js';
import { median, roundMoney } from './statistics.js';

export type { OutlierBounds, OutlierRule };

/** Fewest clinics for which any price is flagged. */
export const MIN_CLINICS_FOR_OUTLIERS = 3;
/** Fewest clinics for which the quartile rule is used. */
export const MIN_CLINICS_FOR_IQR = 4;
/** The IQR fences are never narrower than this share of the median on either side. */
export const MIN_IQR_DEVIATION_SHARE = 0.1;
/** With 3 clinics, a deviation from the median above this share is an outlier. */
export const SMALL_MARKET_DEVIATION_SHARE = 0.5;

/** The outlier bounds for a set of clinic prices (one price per clinic). */
export function outlierBounds(prices: readonly number[]): OutlierBounds {
  const mid = median(prices);
  if (mid === null || prices.length < MIN_CLINICS_FOR_OUTLIERS) return { rule: 'none', low: null, high: null };
  if (prices.length < MIN_CLINICS_FOR_IQR) {
    return {
      rule: 'half_median',
      low: roundMoney(mid * (1 - SMALL_MARKET_DEVIATION_SHARE)),
      high: roundMoney(mid * (1 + SMALL_MARKET_DEVIATION_SHARE)),
    };
  }
  const sorted = [...prices].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const iqr = q3 - q1;
  return {
    rule: 'iqr',
    low: roundMoney(Math.min(q1 - 1.5 * iqr, mid * (1 - MIN_IQR_DEVIATION_SHARE))),
    high: roundMoney(Math.max(q3 + 1.5 * iqr, mid * (1 + MIN_IQR_DEVIATION_SHARE))),
  };
}

/** True when `price` lies outside the bounds. */
export function isOutlier(price: number, bounds: OutlierBounds): boolean {
  if (bounds.low === null || bounds.high === null) return false;
  return price < bounds.low || price > bounds.high;
}

/**
 * The `q`-quantile (0..1) of ascending numbers by linear interpolation between closest ranks
 * (the common "type 7" definition, as in spreadsheets' QUARTILE.INC).
 */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of no values');
  const rank = (sorted.length - 1) * q;
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (rank - lower);
}
