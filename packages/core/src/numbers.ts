/**
 * Largest and smallest of a list without spreading it into `Math.max(...list)`: a spread passes every
 * element as a call argument, and ~125k of them overflow the call stack (`RangeError`), which a sheet of
 * that many rows used to trigger (issue #18). Use these for anything whose length follows the input.
 */

/** The largest of `values`, or `initial` when it is empty or every value is smaller. */
export function maxOf(values: Iterable<number>, initial = Number.NEGATIVE_INFINITY): number {
  let max = initial;
  for (const value of values) if (value > max) max = value;
  return max;
}

/** The smallest of `values`, or `initial` when it is empty or every value is larger. */
export function minOf(values: Iterable<number>, initial = Number.POSITIVE_INFINITY): number {
  let min = initial;
  for (const value of values) if (value < min) min = value;
  return min;
}

/** The longest row's length: the width of a grid of rows (0 for no rows). */
export function widthOf(rows: Iterable<{ readonly length: number }>): number {
  let width = 0;
  for (const row of rows) if (row.length > width) width = row.length;
  return width;
}
