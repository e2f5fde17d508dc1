/**
 * A scan page whose OCR text layer lost most of its rows, read again from the page image: the page's own `№`
 * column is the evidence. Its numbers count up with wide jumps (`613, 614, 635, 643, 644, 645, 647`: 28 of 35
 * numbers absent) where a whole page prints every number, or it has no numbers at all on a page of named, priced rows
 * while the page before counts its rows (the layer lost the whole `№` column, and with it the anchors that keep rows
 * apart: Клиника 3 2026 p. 3 kept 24 of 37 rows, names of neighbours merged). A reading of the page image that
 * gives more numbered rows, still counting up, replaces the text layer's.
 */
import type { PageTable } from './page-table.js';
import { rowNumberOf } from '../row-numbers.js';

/** Bounds of re-reading whole pages from their images. */
export interface PageRereadLimits {
  /** Pages of one file read again at most. */
  readonly maxPages: number;
  /** Time for all pages of the file, in ms; pages not started by then are not re-read. */
  readonly budgetMs: number;
}

export const DEFAULT_PAGE_REREAD_LIMITS: PageRereadLimits = { maxPages: 4, budgetMs: 120_000 };

/** Fewest numbers the page's text layer must keep for its jumps to be evidence. */
const MIN_NUMBERS = 3;
/** Fewest numbers absent between the page's first and last for the page to be read again. */
const MIN_LOST = 10;

/**
 * The row numbers of a page's tables, top to bottom: from each table's `№` column where its cells hold any, else
 * from the column outside its price columns whose cells hold the most row numbers (a `№` header the scan garbled);
 * `[]` when no such column holds any. Price columns never count: `8200` reads as a row number too.
 */
export function pageRowNumbers(tables: readonly PageTable[]): number[] {
  const out: number[] = [];
  for (const table of tables) {
    const numbersOf = (c: number): number[] => table.rows
      .filter((r) => r.kind === 'row')
      .map((r) => rowNumberOf(r.cells[c] ?? ''))
      .filter((n): n is number => n !== null);
    const own = table.number >= 0 ? numbersOf(table.number) : [];
    if (own.length > 0) {
      out.push(...own);
      continue;
    }
    const width = Math.max(0, ...table.rows.map((r) => r.cells.length));
    let best: number[] = [];
    for (let c = 0; c < width; c++) {
      if (table.prices.includes(c)) continue;
      const numbers = numbersOf(c);
      if (numbers.length > best.length) best = numbers;
    }
    out.push(...best);
  }
  return out;
}

/** Numbers absent between the first and the last of `numbers` when they count up; 0 when they do not. */
export function lostNumbers(numbers: readonly number[]): number {
  if (numbers.length < MIN_NUMBERS) return 0;
  for (let i = 1; i < numbers.length; i++) if (numbers[i]! <= numbers[i - 1]!) return 0;
  return numbers.at(-1)! - numbers[0]! + 1 - numbers.length;
}

/** True when the page's text layer shows it lost many rows: more numbers absent than kept, and at least ten. */
export function lostMostRows(numbers: readonly number[]): boolean {
  const lost = lostNumbers(numbers);
  return lost >= MIN_LOST && lost > numbers.length;
}

/**
 * True when the page's text layer lost its `№` column: the page before counts its rows up (`previous`, at least
 * {@link MIN_NUMBERS} numbers), while this page's tables keep fewer than {@link MIN_NUMBERS} numbers (`layer`) for at
 * least {@link MIN_LOST} rows with a name and a price. The right half of a wide sheet (prices without names) and a
 * page of unnumbered remarks are no such page.
 */
export function lostNumberColumn(previous: readonly number[], layer: readonly number[], tables: readonly PageTable[]): boolean {
  if (previous.length < MIN_NUMBERS || layer.length >= MIN_NUMBERS) return false;
  for (let i = 1; i < previous.length; i++) if (previous[i]! <= previous[i - 1]!) return false;
  const named = tables.flatMap((t) => (t.name < 0 ? [] : t.rows.filter((r) => r.kind === 'row' && (r.cells[t.name] ?? '').trim() !== ''
    && t.prices.some((c) => (r.cells[c] ?? '').trim() !== ''))));
  return named.length >= MIN_LOST;
}

/**
 * True when `reread`, the row numbers of the page read from its image, is the better reading of a page whose
 * text layer kept `layer`: more numbers, most of them counting up by one, and the layer's first and last numbers
 * among them or inside their range (the same rows, not another numbering).
 */
export function betterReading(layer: readonly number[], reread: readonly number[]): boolean {
  if (reread.length <= layer.length) return false;
  let steps = 0;
  for (let i = 1; i < reread.length; i++) if (reread[i] === reread[i - 1]! + 1) steps++;
  if (steps < (reread.length - 1) * 0.6) return false;
  const low = Math.min(...reread);
  const high = Math.max(...reread);
  return layer.length === 0 || (layer[0]! >= low - 2 && layer.at(-1)! <= high + 2);
}
