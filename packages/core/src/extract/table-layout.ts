/**
 * The layout of a price table: which column holds the name, the code, the unit and the prices.
 */
import { normalizeCellText, toKeyText } from './cell-text.js';
import { CODE_HEADER, NUMBER_HEADER, QUANTITY_HEADER, UNIT_HEADER, isNameHeader } from './header-keywords.js';
import { findHeader, type HeaderInfo } from './header-row.js';
import { parsePrice } from './parse-price.js';
import { rowNumberOf } from './row-numbers.js';
import { findPriceColumns } from './price-columns.js';
import type { PriceColumn } from './price-row.js';
import { widthOf } from '../numbers.js';
import { codeColumnFromData } from './code-cells.js';

/** Where things are in one table. */
export interface TableLayout {
  readonly header: HeaderInfo;
  readonly nameColumn: number;
  readonly codeColumn: number | null;
  readonly unitColumn: number | null;
  /** `№ п/п` column: ignored, but never mistaken for a price or a section. */
  readonly numberColumn: number | null;
  readonly priceColumns: readonly PriceColumn[];
  /** True when the columns were inferred from the data because the table has no header row. */
  readonly inferred: boolean;
}

/** The layout from the table's header row, or `null` when it has no name column or no price column. */
export function layoutFromHeader(rows: readonly (readonly string[])[]): TableLayout | null {
  const header = findHeader(rows);
  if (!header) return null;
  const keys = header.texts.map(toKeyText);
  const picked = pickNameColumn(keys);
  if (picked === null) return null;
  const nameColumn = wordiestOfMergedHeader(rows, header.lastRow, keys, picked);
  const codeColumn = firstIndex(keys, (k) => CODE_HEADER.test(k), nameColumn);
  const unitColumn = firstIndex(keys, (k) => UNIT_HEADER.test(k), nameColumn);
  const numberColumn =
    firstIndex(keys, (k) => NUMBER_HEADER.test(k) && !isNameHeader(k), nameColumn) ??
    numberColumnFromData(rows, header.lastRow, keys, nameColumn, [codeColumn, unitColumn]);
  const taken = new Set<number>([nameColumn]);
  for (const c of [numberColumn, codeColumn, unitColumn]) if (c !== null) taken.add(c);
  keys.forEach((k, i) => {
    if (QUANTITY_HEADER.test(k)) taken.add(i);
    // A header spread from a merged name cell is still the name.
    if (k !== '' && k === keys[nameColumn]) taken.add(i);
  });
  const priceColumns = findPriceColumns(header.texts, taken);
  if (priceColumns.length === 0) return null;
  // No header names the codes (a scan's page continuing a table whose header spans the name and the codes): their cells do.
  const codes = codeColumn ?? codeColumnFromData(rows, header.lastRow, keys.length, new Set([...taken, ...priceColumns.map((p) => p.index)]));
  return { header, nameColumn, codeColumn: codes, unitColumn, numberColumn, priceColumns, inferred: false };
}

/**
 * The layout of a header-less table (a free-form list): the name is the column with the most
 * letter texts, prices are columns whose cells mostly parse as prices. `null` when the data does not
 * look like a price list (fewer than 3 rows with both).
 */
export function inferLayout(rows: readonly (readonly string[])[]): TableLayout | null {
  const width = widthOf(rows);
  const letters = new Array<number>(width).fill(0);
  const prices = new Array<number>(width).fill(0);
  const filled = new Array<number>(width).fill(0);
  for (const row of rows) {
    for (let c = 0; c < width; c++) {
      const text = normalizeCellText(row[c]);
      if (text === '') continue;
      filled[c]!++;
      if (/[a-zа-яё]{3,}/i.test(text)) letters[c]!++;
      const p = parsePrice(text);
      if (p && p.value > 0) prices[c]!++;
    }
  }
  let nameColumn = -1;
  for (let c = 0; c < width; c++) if (letters[c]! > (letters[nameColumn] ?? 0)) nameColumn = c;
  if (nameColumn === -1) return null;
  const priceIndexes = [...Array(width).keys()].filter((c) => c !== nameColumn && prices[c]! >= 3 && prices[c]! >= filled[c]! * 0.6);
  if (priceIndexes.length === 0) return null;
  const priceColumns: PriceColumn[] = priceIndexes.map((index, i) => ({ index, header: '', role: i === 0 ? 'resident' : 'other' }));
  const header: HeaderInfo = { firstRow: -1, lastRow: -1, texts: new Array<string>(width).fill('') };
  const codeColumn = codeColumnFromData(rows, -1, width, new Set([nameColumn, ...priceIndexes]));
  return { header, nameColumn, codeColumn, unitColumn: null, numberColumn: null, priceColumns, inferred: true };
}

/** The same layout for a table that continues the previous one (a Word table split across pages). */
export function continueLayout(previous: TableLayout): TableLayout {
  return { ...previous, header: { ...previous.header, firstRow: -1, lastRow: -1 } };
}

// ---------------------------------------------------------------- internal helpers

function pickNameColumn(keys: readonly string[]): number | null {
  const strong = keys.findIndex((k) => /наименовани|название/.test(k) && isNameHeader(k));
  if (strong !== -1) return strong;
  const weak = keys.findIndex(isNameHeader);
  return weak === -1 ? null : weak;
}

/**
 * A name header merged over several columns (Клиника 3, page 21: «Наименование услуги в прайсе и в
 * результате» over the number, the name and the code) names the column below it that holds the most
 * letters: the names, not the row numbers or the codes beside them.
 */
function wordiestOfMergedHeader(rows: readonly (readonly string[])[], headerEnd: number, keys: readonly string[], picked: number): number {
  let first = picked;
  let last = picked;
  while (first > 0 && keys[first - 1] === keys[picked]) first--;
  while (last < keys.length - 1 && keys[last + 1] === keys[picked]) last++;
  if (first === last) return picked;
  const letters = (c: number) =>
    rows.slice(headerEnd + 1, headerEnd + 61).reduce((sum, row) => sum + (normalizeCellText(row[c]).match(/\p{L}/gu)?.length ?? 0), 0);
  let best = picked;
  for (let c = first; c <= last; c++) if (letters(c) > letters(best)) best = c;
  return best;
}

/** Rows below the header a `№` column is recognised from, and how many of its cells must be row numbers. */
const NUMBER_SAMPLE_ROWS = 60;
const MIN_NUMBERED_ROWS = 5;

/**
 * The row-number column of a header whose `№` the scan garbled (`.Y*`, `m`): a column left of the name, named
 * by no other header word, whose cells below the header are row numbers (at least 80 % of its non-empty
 * cells, at least five) that mostly count up by one, or that only count up (a page whose text layer lost most
 * of its rows keeps `613, 614, 635, 643, 644`: the numbers in between are lost rows, not another column).
 * `null` when there is none.
 */
function numberColumnFromData(
  rows: readonly (readonly string[])[],
  headerEnd: number,
  keys: readonly string[],
  nameColumn: number,
  taken: readonly (number | null)[],
): number | null {
  const sample = rows.slice(headerEnd + 1, headerEnd + 1 + NUMBER_SAMPLE_ROWS);
  for (let c = 0; c < nameColumn; c++) {
    if (taken.includes(c) || isNameHeader(keys[c] ?? '') || CODE_HEADER.test(keys[c] ?? '') || UNIT_HEADER.test(keys[c] ?? '')) continue;
    const texts = sample.map((row) => normalizeCellText(row[c])).filter((t) => t !== '');
    const numbers = texts.map(rowNumberOf).filter((n): n is number => n !== null);
    if (numbers.length < MIN_NUMBERED_ROWS || numbers.length < texts.length * 0.8) continue;
    let steps = 0;
    let rising = 0;
    for (let i = 1; i < numbers.length; i++) {
      if (numbers[i] === numbers[i - 1]! + 1) steps++;
      if (numbers[i]! > numbers[i - 1]!) rising++;
    }
    if (steps >= (numbers.length - 1) * 0.6 || rising === numbers.length - 1) return c;
  }
  return null;
}

function firstIndex(keys: readonly string[], test: (key: string) => boolean, exclude: number): number | null {
  const i = keys.findIndex((k, index) => index !== exclude && k !== '' && test(k));
  return i === -1 ? null : i;
}
