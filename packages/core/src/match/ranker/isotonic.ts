/**
 * Isotonic calibration: the non-decreasing step function of a score that best fits 0/1 outcomes in least squares
 * (pool-adjacent-violators), read between its steps by linear interpolation and clamped at the ends. A score the
 * model ranks higher never gets a lower probability.
 */

/** Knots of the fitted function: `xs` increasing, `ys` non-decreasing, same length. Plain data, serialisable. */
export interface IsotonicModel {
  readonly xs: readonly number[];
  readonly ys: readonly number[];
}

/** Fits the calibration to (score, outcome) pairs; outcomes are 0 or 1 (or any value in 0..1). */
export function fitIsotonic(scores: readonly number[], outcomes: readonly number[]): IsotonicModel {
  const order = scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  // Blocks of pooled points: mean outcome, weight, and the score range they cover.
  const blocks: { sum: number; weight: number; low: number; high: number }[] = [];
  for (const i of order) {
    blocks.push({ sum: outcomes[i]!, weight: 1, low: scores[i]!, high: scores[i]! });
    // Equal scores must share one value; decreasing neighbours are pooled.
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1]!;
      const previous = blocks[blocks.length - 2]!;
      const violates = previous.sum / previous.weight >= last.sum / last.weight || previous.high === last.low;
      if (!violates) break;
      blocks.splice(blocks.length - 2, 2, {
        sum: previous.sum + last.sum,
        weight: previous.weight + last.weight,
        low: previous.low,
        high: last.high,
      });
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (const block of blocks) {
    const value = block.sum / block.weight;
    xs.push(block.low);
    ys.push(value);
    if (block.high > block.low) {
      xs.push(block.high);
      ys.push(value);
    }
  }
  return { xs, ys };
}

/** The calibrated probability of a score. */
export function applyIsotonic(model: IsotonicModel, score: number): number {
  const { xs, ys } = model;
  if (xs.length === 0) return 0;
  if (score <= xs[0]!) return ys[0]!;
  if (score >= xs[xs.length - 1]!) return ys[ys.length - 1]!;
  let low = 0;
  let high = xs.length - 1;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (xs[mid]! <= score) low = mid;
    else high = mid;
  }
  const span = xs[high]! - xs[low]!;
  return span === 0 ? ys[high]! : ys[low]! + ((ys[high]! - ys[low]!) * (score - xs[low]!)) / span;
}
