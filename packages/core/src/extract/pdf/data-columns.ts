/**
 * The x-ranges of a page's columns from its data lines: strips where the cells of many rows stand,
 * separated by empty strips.
 */
import { looksLikePrice } from './cell-kinds.js';
import type { Fragment, TextLine } from './geometry.js';
import { maxOf, minOf } from '../../numbers.js';

/** Fragments wider than this share of the table are titles or section rows, not column evidence. */
const WIDE_FRAGMENT_SHARE = 0.4;

/**
 * Column x-ranges from the data lines: maximal strips where at least a few fragments overlap,
 * left to right. Section titles spanning the table are left out so they do not bridge the gaps.
 */
export function dataColumns(lines: readonly TextLine[]): { x0: number; x1: number }[] {
  // Lines of several cells show the columns; lone lines (headings, wrapped name tails, merged cells)
  // would bridge the gaps between them.
  const rowLines = lines.filter((l) => l.fragments.length >= 2);
  const fragments = (rowLines.length >= 3 ? rowLines : lines).flatMap((l) => l.fragments);
  if (fragments.length === 0) return [];
  const left = minOf(fragments.map((f) => f.x0));
  const right = maxOf(fragments.map((f) => f.x1));
  const usable = fragments.filter((f) => f.x1 - f.x0 <= WIDE_FRAGMENT_SHARE * (right - left));
  const origin = Math.floor(left);
  const coverage = new Array<number>(Math.ceil(right) - origin + 2).fill(0);
  for (const f of usable) for (let x = Math.floor(f.x0); x < Math.ceil(f.x1); x++) coverage[x - origin]!++;
  // A column is a strip where text stands, separated from the next by an empty strip; strips where
  // no more than a stray fragment or two stand are noise.
  const threshold = Math.max(2, Math.ceil((rowLines.length >= 3 ? rowLines : lines).length * 0.04));
  const runs: { x0: number; x1: number; peak: number }[] = [];
  coverage.forEach((count, i) => {
    if (count === 0) return;
    const x = i + origin;
    const last = runs[runs.length - 1];
    if (last && x - last.x1 <= 1) {
      last.x1 = x + 1;
      last.peak = Math.max(last.peak, count);
    } else runs.push({ x0: x, x1: x + 1, peak: count });
  });
  // Strips a few points wide are stray marks, not columns.
  // A lone cell of text (a qualifier written once on the page) still makes a column when it is wide.
  return runs
    .flatMap((r) => splitAtBridges(r, coverage, origin, threshold, usable))
    .filter((r) => r.x1 - r.x0 >= 3 && (r.peak >= threshold || r.x1 - r.x0 >= 20))
    .map(({ x0, x1 }) => ({ x0, x1 }));
}

/** Most fragments standing over a stretch that can still be a bridge between two well-filled columns. */
const BRIDGE_MAX_COVERAGE = 2;
/** Narrowest such stretch, in points: text within a column never thins out for this long between two dense parts. */
const BRIDGE_MIN_WIDTH = 8;

/**
 * Splits a strip where one or two fragments (a note centred over two price columns: `*на
 * зелено-чувствительной пленке`) bridge two columns of prices, each filled by many rows: a column of
 * prices is dense at one side or in the middle, never thin between two dense parts.
 */
function splitAtBridges(
  run: { x0: number; x1: number; peak: number },
  coverage: readonly number[],
  origin: number,
  threshold: number,
  fragments: readonly Fragment[],
): { x0: number; x1: number; peak: number }[] {
  const pricesWithin = (x0: number, x1: number): boolean => {
    const inside = fragments.filter((f) => f.x0 >= x0 - 1 && f.x1 <= x1 + 1);
    return inside.length > 0 && inside.filter((f) => looksLikePrice(f.text)).length >= 0.7 * inside.length;
  };
  const dense = Math.max(6, 3 * threshold);
  const at = (x: number): number => coverage[x - origin] ?? 0;
  let peakLeft = 0;
  for (let x = run.x0; x < run.x1; x++) {
    const c = at(x);
    if (c > BRIDGE_MAX_COVERAGE) {
      peakLeft = Math.max(peakLeft, c);
      continue;
    }
    let end = x;
    while (end < run.x1 && at(end) <= BRIDGE_MAX_COVERAGE) end++;
    let peakRight = 0;
    for (let y = end; y < run.x1; y++) peakRight = Math.max(peakRight, at(y));
    if (peakLeft >= dense && peakRight >= dense && end - x >= BRIDGE_MIN_WIDTH && pricesWithin(run.x0, x) && pricesWithin(end, run.x1)) {
      const rest = splitAtBridges({ x0: end, x1: run.x1, peak: peakRight }, coverage, origin, threshold, fragments);
      return [{ x0: run.x0, x1: x, peak: peakLeft }, ...rest];
    }
    x = end - 1;
  }
  return [run];
}
