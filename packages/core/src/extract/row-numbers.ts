/**
 * The `№` column of a list: a row whose number continues the numbering is a service even when its price
 * could not be read (a numbered section heading breaks the sequence: `6 Функциональная диагностика` after
 * row 77), and numbers the sequence skips name the rows that were not extracted.
 */

/** Largest step from one row number to the next that still continues the numbering of a kept row. */
const CONTINUES_WITHIN = 2;
/** Largest gap reported as missing rows: a bigger jump is a new numbering, not lost rows. */
const MAX_GAP = 40;

/** The row number in a `№` cell (`12`, `12.`, `.40`), or `null`. */
export function rowNumberOf(text: string): number | null {
  const m = /^[.,]?(\d{1,4})[.,]?$/.exec(text.replace(/\s+/g, ''));
  return m ? Number(m[1]) : null;
}

/** True when `n` is the next number (or the one after) of a numbering whose last kept row is `last`. */
export function continuesNumbering(last: number | null, n: number | null): boolean {
  return last !== null && n !== null && n > last && n - last <= CONTINUES_WITHIN;
}

/**
 * The numbers a sequence skips, given the last number before it (`null` at the start of the document or
 * after a table without a `№` column): `last` 12 and numbers 13, 16, 17 skip 14 and 15. Only where it is
 * certain: a number not above the last starts a new numbering (lists that number each section from 1); a
 * kept row without a number in between (an unnumbered sub-row, or a number the scan lost) stops the count
 * until the next number; a number followed by one that fits better before it (`9, 30, 11`: 30 is a misread
 * 10) is a misread number, not a gap; a number the table prints elsewhere, out of order, is no gap either.
 * `printedBetween(a, b)`, where given, tells whether the table prints anything between the rows of `numbers[a]` and
 * `numbers[b]`: when it prints nothing there, the list itself skips those numbers (`364, 368`) and they are no gap.
 */
export function skippedNumbers(
  last: number | null,
  numbers: readonly (number | null)[],
  printedBetween?: (before: number, after: number) => boolean,
): { skipped: number[]; last: number | null } {
  const skipped: number[] = [];
  let previous = last;
  // The index in `numbers` of the row `previous` is the number of (null: the row is in an earlier table).
  let previousAt: number | null = null;
  numbers.forEach((n, i) => {
    if (n === null) {
      previous = null;
      return;
    }
    const next = numbers.slice(i + 1).find((m) => m !== null) ?? null;
    const misread = previous !== null && next !== null && n > previous + 1 && next > previous && next < n;
    if (misread) {
      previous = previous! + 1;
      previousAt = i;
      return;
    }
    // Two kept rows of the same table with nothing printed between them: the list itself skips the numbers.
    const ownSkip = printedBetween !== undefined && previousAt !== null && !printedBetween(previousAt, i);
    if (previous !== null && n > previous + 1 && n - previous <= MAX_GAP && !ownSkip) for (let k = previous + 1; k < n; k++) skipped.push(k);
    previous = n;
    previousAt = i;
  });
  // A number the list prints out of order (`825, 827, 828, 839, 826, 829`) is not missing: it is elsewhere in the table.
  const present = new Set(numbers);
  return { skipped: skipped.filter((k) => !present.has(k)), last: previous };
}

/**
 * A scanned row whose number and name were read into the `№` cell together (`312 Блокада нервных стволов`,
 * the name cell empty: the column boundary fell inside the name) split back into the two cells; other rows
 * come back as they are.
 */
export function splitNumberedName(row: readonly string[], numberColumn: number | null, nameColumn: number): readonly string[] {
  if (numberColumn === null || numberColumn === nameColumn || (row[nameColumn] ?? '').trim() !== '') return row;
  const m = /^\s*(\d{1,4})[.,]?\s+(\p{L}.*)$/u.exec(row[numberColumn] ?? '');
  if (!m) return row;
  const out = [...row];
  out[numberColumn] = m[1]!;
  out[nameColumn] = m[2]!;
  return out;
}
