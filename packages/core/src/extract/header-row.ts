/**
 * Finding the header row of a price table wherever it is: after approval blocks and titles, with a
 * column-number row (`1 2 3 4 5`) above or below it, or as two rows whose texts combine
 * (`Стоимость, тенге` over `резиденты | нерезиденты`).
 */
import { normalizeCellText, toKeyText } from './cell-text.js';
import { isNameHeader, isPriceHeader } from './header-keywords.js';
import { parsePrice } from './parse-price.js';

/** Rows searched for a header; approval blocks and titles are rarely longer. */
export const HEADER_SEARCH_ROWS = 200;

/** The header of a table. */
export interface HeaderInfo {
  /** Index (0-based) of the first header row. */
  readonly firstRow: number;
  /** Index of the last row that belongs to the header (sub-header or column-number row included). */
  readonly lastRow: number;
  /** One text per column: the header texts of all header rows, combined top to bottom. */
  readonly texts: readonly string[];
}

/**
 * True when a row has a service-name header cell and a price header cell and holds no price:
 * a data row can mention a keyword (`Профессиональный партнер в родах`, unit `услуга`), but it has
 * prices, while a header (first or repeated) has none. Small numbers (column numbers) are allowed.
 */
export function isHeaderLikeRow(row: readonly string[]): boolean {
  const keys = row.map(toKeyText);
  if (!keys.some(isNameHeader) || !keys.some(isPriceHeader)) return false;
  return !row.some((cell) => (parsePrice(cell)?.value ?? 0) > 31);
}

/**
 * True for a row of column numbers (`1 | 2 | 3 | 4 | 5`): only small integers, at least two,
 * increasing. Such rows sit right above or below a header and are never services.
 */
export function isColumnNumberRow(row: readonly string[]): boolean {
  const values: number[] = [];
  for (const cell of row) {
    const text = normalizeCellText(cell).replace(/\.$/, '');
    if (text === '') continue;
    if (!/^\d{1,2}$/.test(text)) return false;
    const n = Number(text);
    if (values.length > 0 && values[values.length - 1] === n) continue; // merged cell repeated
    values.push(n);
  }
  if (values.length < 2 || values[0]! > 2) return false;
  return values.every((v, i) => i === 0 || v > values[i - 1]!);
}

/** Finds the header of a table, or `null` when no row names both a service column and a price column. */
export function findHeader(rows: readonly (readonly string[])[]): HeaderInfo | null {
  // The first header-like row is the header; later ones are repeats on following pages.
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  let best = -1;
  for (let r = 0; r < limit && best === -1; r++) if (isHeaderLikeRow(rows[r]!)) best = r;
  if (best === -1) return null;
  const top = rows[best]!;
  let lastRow = best;
  let texts = top.map(normalizeCellText);
  const below = rows[best + 1];
  if (below && isSubHeaderRow(top, below)) {
    texts = texts.map((t, c) => combine(t, normalizeCellText(below[c])));
    lastRow = best + 1;
  }
  // Column-number rows under the header (sometimes two: Russian and Kazakh forms) are header too.
  while (rows[lastRow + 1] && isColumnNumberRow(rows[lastRow + 1]!)) lastRow++;
  return { firstRow: best, lastRow, texts };
}

// ---------------------------------------------------------------- internal helpers

/**
 * A second header row: no prices in it, not a column-number row, and at least one text that names a
 * price column where the row above has a merged or empty cell (the two-row layout
 * `Стоимость` spanning `резиденты | нерезиденты`).
 */
function isSubHeaderRow(top: readonly string[], below: readonly string[]): boolean {
  if (isColumnNumberRow(below)) return false;
  let sawPriceText = false;
  for (let c = 0; c < below.length; c++) {
    const text = normalizeCellText(below[c]);
    if (text === '') continue;
    const price = parsePrice(text);
    if (price && price.value > 31) return false; // a data row
    const key = toKeyText(text);
    const above = normalizeCellText(top[c]);
    const spreadAbove = above === '' || above === normalizeCellText(top[c - 1]) || above === normalizeCellText(top[c + 1]);
    if (isPriceHeader(key) && spreadAbove && above !== text) sawPriceText = true;
  }
  return sawPriceText;
}

function combine(top: string, bottom: string): string {
  if (bottom === '' || bottom === top) return top;
  if (top === '') return bottom;
  return `${top} ${bottom}`;
}
