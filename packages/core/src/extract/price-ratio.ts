/**
 * Repairs OCR-damaged prices with the list's own arithmetic: many lists derive one price column from
 * another by a fixed factor (Клиника 3: the partner price is 75 % of the price). When most rows of a
 * table agree on such a factor, a row that disagrees and whose damaged cell is consistent with the
 * implied value (`780` printed as «1 780» with the «1» lost, `1 “80` for 1 780) is repaired, with a
 * warning. A repair needs both: the factor and the cell's own remaining digits.
 */
import type { PriceCell, PriceRow } from './price-row.js';
import { warningText } from '../messages/message-catalogue.js';

/** Rows with both prices needed before a factor is trusted. */
const MIN_AGREEING_ROWS = 12;
/** Share of those rows that must agree on one factor. */
const MIN_AGREEMENT = 0.7;
/** Relative tolerance when comparing a ratio with the factor (rounding to whole tenge). */
const TOLERANCE = 0.004;
/**
 * The tolerance for a value read from the page image: a digit misread in the last places (`2568`, `2838` for
 * 2 565 and 2 835 beside 3 420 and 3 780 at 75 %) stays within {@link TOLERANCE}, so it must keep the factor
 * ten times closer.
 */
const READ_TOLERANCE = 0.001;

/** A price column of the table, found in the rows' `prices` by its header and role. */
export interface RatioColumn {
  readonly header: string;
  readonly role: PriceCell['role'];
  /** The column's second roles (`… ближнего и дальнего зарубежья`), kept on a price repaired in it. */
  readonly also_roles?: PriceCell['also_roles'];
}

/**
 * Repairs, in place, the rows of one table. `rawOf(row, column)` gives the cell text as read (also for
 * cells the price parser rejected). Returns how many prices were repaired.
 */
export function repairByColumnRatio<C extends RatioColumn>(rows: PriceRow[], columns: readonly C[], rawOf: (rowIndex: number, column: C) => string): number {
  let repaired = 0;
  forEachRatioPair(rows, columns, (left, right, factor) => {
    rows.forEach((row, i) => {
      const va = valueOf(row, left);
      const vb = valueOf(row, right);
      if (va !== null && vb !== null && agrees(vb / va, factor)) return;
      const fixLeft = vb !== null ? fits(rawOf(i, left), Math.round(vb / factor)) : false;
      const fixRight = va !== null ? fits(rawOf(i, right), Math.round(va * factor)) : false;
      if (fixLeft === fixRight) return; // nothing to go on, or both would do: not certain
      const [column, value] = fixLeft ? [left, Math.round(vb! / factor)] : [right, Math.round(va! * factor)];
      rows[i] = withPrice(row, column, value, rawOf(i, column), factor);
      repaired++;
    });
  });
  return repaired;
}

/** How far off the page's factor a pair of prices must be before the lower one is taken out. */
const FAR_OFF = 3;

/**
 * Takes out, in place, a price that breaks the table's ratio between two price columns by far (a resident
 * price of 1 beside a partner price of 1 335 where the partner price is 75 % of the price): the one of the
 * pair that is far below the value the other implies. Returns, per row index, the cells taken out.
 */
export function rejectRatioOutliers(rows: PriceRow[], columns: readonly RatioColumn[]): Map<number, PriceCell[]> {
  const out = new Map<number, PriceCell[]>();
  forEachRatioPair(rows, columns, (left, right, factor) => {
    rows.forEach((row, i) => {
      const va = valueOf(row, left);
      const vb = valueOf(row, right);
      if (va === null || vb === null) return;
      const column = va * FAR_OFF < vb / factor ? left : vb * FAR_OFF < va * factor ? right : null;
      if (column === null) return;
      const cell = row.prices.find((p) => p.header === column.header && p.role === column.role)!;
      rows[i] = { ...row, prices: row.prices.filter((p) => p !== cell) };
      out.set(i, [...(out.get(i) ?? []), cell]);
    });
  });
  return out;
}

/**
 * Whether `value` for `column` on row `rowIndex` keeps the table's ratio with the row's other prices (within
 * {@link READ_TOLERANCE}: the value is a reading of the page image): `true`
 * when every pair of columns with a dominant factor that the row can be checked on agrees, `false` when one
 * disagrees, `null` when no pair applies (too few rows keep a ratio, or the row has no other price). `prices`,
 * where given, stand for the row's prices (the review's, with the row's other cells read from the image so far:
 * two readings of one row must keep the factor between them too).
 */
export type RatioCheck = (rowIndex: number, column: RatioColumn, value: number, prices?: readonly PriceCell[]) => boolean | null;

/**
 * The {@link RatioCheck} of one table's rows and price columns. Factors are learned from the table's rows and,
 * for two columns of different roles, also from the document's earlier rows (`history`, cells found by role):
 * a page whose text layer lost most of one column (its cells re-read from the image) cannot show the
 * factor itself, while the document's other pages do.
 */
export function ratioCheckOf(rows: readonly PriceRow[], columns: readonly RatioColumn[], history: readonly PriceRow[] = []): RatioCheck {
  const pairs: { left: RatioColumn; right: RatioColumn; factor: number }[] = [];
  for (let a = 0; a < columns.length; a++) {
    for (let b = a + 1; b < columns.length; b++) {
      const left = columns[a]!;
      const right = columns[b]!;
      const byRole = left.role !== right.role;
      const factor = dominantFactor(rows, left, right) ?? (byRole ? dominantFactor([...history, ...rows], left, right, roleValueOf) : null);
      if (factor !== null) pairs.push({ left, right, factor });
    }
  }
  const same = (a: RatioColumn, b: RatioColumn): boolean => a.header === b.header && a.role === b.role;
  return (rowIndex, column, value, prices) => {
    const original = rows[rowIndex];
    if (!original) return null;
    const row = prices ? { ...original, prices } : original;
    let verdict: boolean | null = null;
    for (const { left, right, factor } of pairs) {
      const other = same(left, column) ? right : same(right, column) ? left : null;
      const otherValue = other === null ? null : valueOf(row, other);
      if (otherValue === null) continue;
      const ratio = same(left, column) ? otherValue / value : value / otherValue;
      if (!agrees(ratio, factor, READ_TOLERANCE)) return false;
      verdict = true;
    }
    return verdict;
  };
}

// ---------------------------------------------------------------- internal helpers

/** Calls `visit` for each pair of price columns whose prices keep one ratio on most rows, with that ratio. */
function forEachRatioPair<C extends RatioColumn>(
  rows: readonly PriceRow[],
  columns: readonly C[],
  visit: (left: C, right: C, factor: number) => void,
): void {
  for (let a = 0; a < columns.length; a++) {
    for (let b = a + 1; b < columns.length; b++) {
      const factor = dominantFactor(rows, columns[a]!, columns[b]!);
      if (factor !== null) visit(columns[a]!, columns[b]!, factor);
    }
  }
}

function dominantFactor(rows: readonly PriceRow[], left: RatioColumn, right: RatioColumn, value = valueOf): number | null {
  const ratios: number[] = [];
  for (const row of rows) {
    const va = value(row, left);
    const vb = value(row, right);
    if (va !== null && vb !== null) ratios.push(vb / va);
  }
  if (ratios.length < MIN_AGREEING_ROWS) return null;
  const counts = new Map<number, number>();
  for (const ratio of ratios) {
    const key = Math.round(ratio * 1000) / 1000;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [factor] = [...counts.entries()].sort((x, y) => y[1] - x[1])[0]!;
  const agreeing = ratios.filter((ratio) => agrees(ratio, factor)).length;
  return factor !== 1 && agreeing / ratios.length >= MIN_AGREEMENT ? factor : null;
}

function agrees(ratio: number, factor: number, tolerance = TOLERANCE): boolean {
  return Math.abs(ratio / factor - 1) <= tolerance;
}

/** The row's price of the column's role, when it has exactly one (headers differ from page to page). */
function roleValueOf(row: PriceRow, column: RatioColumn): number | null {
  const cells = row.prices.filter((p) => p.role === column.role);
  return cells.length === 1 ? cells[0]!.value : null;
}

function valueOf(row: PriceRow, column: RatioColumn): number | null {
  return row.prices.find((p) => p.header === column.header && p.role === column.role)?.value ?? null;
}

/**
 * True when the cell's text, read as digits with unknown characters as any digit, spells `value`,
 * allowing one lost leading digit (the scan's faint «1» of «1 780»).
 */
function fits(raw: string, value: number): boolean {
  const compact = raw.replace(/[\s\u00a0]/g, '');
  if (compact === '' || !/\d/.test(compact) || compact.length > 9) return false;
  const pattern = [...compact].map((ch) => (/\d/.test(ch) ? ch : '\\d')).join('');
  return new RegExp(`^\\d?${pattern}$`).test(String(value));
}

function withPrice(row: PriceRow, column: RatioColumn, value: number, raw: string, factor: number): PriceRow {
  const cell: PriceCell = { role: column.role, value, raw, header: column.header, ...(column.also_roles ? { also_roles: column.also_roles } : {}) };
  const prices = row.prices.some((p) => p.header === column.header && p.role === column.role)
    ? row.prices.map((p) => (p.header === column.header && p.role === column.role ? cell : p))
    : [...row.prices, cell];
  const warning = warningText('PRICE_RATIO_REPAIRED', { raw, value, factor });
  return { ...row, prices, warnings: [...row.warnings, warning] };
}
