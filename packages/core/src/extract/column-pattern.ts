/**
 * What the prices of one column look like across a document, and what that says about a damaged or
 * doubtful cell. A column whose prices are all whole hundreds (`12 600`, `840`) tells a reader that a
 * cell `147 00` lost its last `0` to the scan edge and that `9 500 0` has the next row's `0` glued on; a
 * column whose prices start at 600 tells that `84` lost a digit. Nothing here knows a file or a clinic:
 * the evidence is the column's own values.
 */

/** The pattern of one price column. */
export interface ColumnPattern {
  /** How many values it was learned from. */
  readonly count: number;
  /** 100, 10 or 1: what nearly every value is a multiple of. */
  readonly step: number;
  /** The column's low end: its 10th percentile. */
  readonly low: number;
  /** The column's high end: its 90th percentile. */
  readonly high: number;
}

/** A reading of a damaged cell from the column's pattern. */
export interface PatternRepair {
  readonly value: number;
  /** What was done, in Russian, for the row's flag. */
  readonly reason: string;
}

/** Fewest values before a column's pattern is trusted. */
const MIN_VALUES = 8;
/** Share of values that must be multiples of the step. */
const STEP_SHARE = 0.9;
/** Values below this (two digits at most) are what a lost digit leaves of a price of hundreds. */
const SHORT_VALUE = 100;

/**
 * The pattern of a column's values; `null` when there are too few to tell. Values of one or two digits are
 * left out: they are what a damaged cell leaves, the very values the pattern is there to judge.
 */
export function columnPatternOf(values: readonly number[]): ColumnPattern | null {
  const whole = values.filter((v) => v >= SHORT_VALUE);
  if (whole.length < MIN_VALUES) return null;
  const share = (step: number): number => whole.filter((v) => v % step === 0).length / whole.length;
  const step = share(100) >= STEP_SHARE ? 100 : share(10) >= STEP_SHARE ? 10 : 1;
  const sorted = [...whole].sort((a, b) => a - b);
  return { count: whole.length, step, low: sorted[Math.floor(sorted.length * 0.1)]!, high: sorted[Math.floor(sorted.length * 0.9)]! };
}

/**
 * Reads a damaged cell from the column's pattern, or `null`: only in a column of round prices (step 10 or
 * 100), a last group of two digits (`147 00`, `3 60`) or a cut glyph after the digits (`96С`, `72(`) gets its
 * lost `0`; a lone digit after a complete number (`9 500 0`) is dropped. The result must fit the step and
 * not be far below the column's low end.
 */
export function repairFromPattern(raw: string, pattern: ColumnPattern | null): PatternRepair | null {
  if (pattern === null || pattern.step < 10) return null;
  const text = raw.replace(/[\u00A0\s]+/g, ' ').trim();
  const fits = (value: number): boolean => value % pattern.step === 0 && !isFarBelow(value, pattern);
  const cut = /^(\d{1,3}(?: \d{3})*) (\d{2})$/.exec(text);
  if (cut) {
    const value = Number(cut[1]!.replace(/ /g, '') + cut[2] + '0');
    return fits(value) ? { value, reason: 'последняя цифра срезана краем скана, в колонке все цены круглые' } : null;
  }
  const glyph = /^(\d{1,3}(?: \d{3})*|\d{2,3})\s?[СCсc(]\)?$/.exec(text);
  if (glyph) {
    // The cut glyph itself shows the lost digit: the value need only be a multiple of ten.
    const value = Number(glyph[1]!.replace(/ /g, '') + '0');
    return !isFarBelow(value, pattern) ? { value, reason: 'последняя цифра срезана краем скана, в колонке все цены круглые' } : null;
  }
  const glued = /^(\d{1,3}(?: \d{3})+) (\d)$/.exec(text);
  if (glued) {
    const value = Number(glued[1]!.replace(/ /g, ''));
    return fits(value) ? { value, reason: 'к цене приклеена цифра соседней строки' } : null;
  }
  return null;
}

/**
 * Why a value does not belong in its column, or `null` when it may: in a column of round prices (step 10 or
 * 100), a value of one or two digits below a third of the column's low end (`84` or `60` where the prices
 * start at 600: a digit lost). A short value is required: a price of hundreds among surgeries of hundreds of
 * thousands (`780` for an hour of a bed) is printed as it is, and only the page can tell.
 */
export function implausibleFor(value: number, pattern: ColumnPattern | null): string | null {
  if (pattern === null || pattern.step < 10) return null;
  if (value < SHORT_VALUE && value * 3 < pattern.low) return `в колонке цены от ${pattern.low}, все кратны ${pattern.step}`;
  return null;
}

/** How far outside the column's 10th–90th percentile a value read from the page image may lie. */
const REREAD_SPAN = 4;

/** Between two readings of one cell that read different numbers (a tilted scan's cell cut two ways): `5160 / 3160`. */
export const READINGS_APART = ' / ';

/** The readings of one cell read again from the page image: one, or two apart by {@link READINGS_APART}. */
export function rereadReadings(text: string): string[] {
  return text.split(READINGS_APART);
}

/**
 * The price in a cell's digits read again from the page image (`8400`, `4 600`, `2 8400`), or `null`. Groups
 * that are thousands (`4 600`) are one number; otherwise the first groups are marks beside the cell (the
 * rule's stub, the next column's digit) and the last group is the price.
 */
export function rereadValue(text: string): number | null {
  const groups = text.trim().split(/\s+/).filter((g) => /^\d+$/.test(g));
  if (groups.length === 0) return null;
  const thousands = groups.length > 1 && /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => g.length === 3);
  const digits = thousands ? groups.join('') : groups[groups.length - 1]!;
  if (digits.length < 2 || digits.length > 9 || digits.startsWith('0')) return null;
  return Number(digits);
}

/**
 * Why a value read from the page image does not fit its column, or `null` when it does: the column must have
 * a pattern (else only the page's ratio between price columns can vouch for it), the value must be a
 * multiple of ten where the column's prices are, and lie within four times the column's 10th–90th
 * percentile.
 */
export function rereadMisfit(value: number, pattern: ColumnPattern | null): string | null {
  if (pattern === null) return 'у колонки мало цен, чтобы судить о масштабе';
  if (pattern.step >= 10 && value % 10 !== 0) return `в колонке все цены кратны ${pattern.step}`;
  if (value * REREAD_SPAN < pattern.low) return `в колонке цены от ${pattern.low}`;
  if (value > pattern.high * REREAD_SPAN) return `в колонке цены до ${pattern.high}`;
  return null;
}

// ---------------------------------------------------------------- internal helpers

/** A repaired value below a tenth of the column's low end is not a reading to trust. */
function isFarBelow(value: number, pattern: ColumnPattern): boolean {
  return value * 10 < pattern.low;
}
