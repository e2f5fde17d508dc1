/**
 * What a scanned table row without a price is: a service whose price could not be read, or the first line of
 * the name of the row below it; neither is a section heading.
 */
import { normalizeCellText } from './cell-text.js';
import type { PendingCell } from './price-review.js';
import type { Table } from './table.js';
import type { TableLayout } from './table-layout.js';

/**
 * True when a lone text above a row is the first line of that row's name, not a heading: the next row's name
 * starts in lower case (`КТ органов … малого таза с` over `контрастированием`, the number, code and prices
 * level with the second line). A heading looks like one: numbered, in capitals, or naming a tariff; a remark
 * (`В стоимость … не входят`) is neither.
 */
export function startsNextName(table: Table, r: number, layout: TableLayout, title: string): boolean {
  if (/^\d|^(под)?раздел\s*[\dIVX]|^(цен[аы]|стоимость|тариф)\s/iu.test(title)) return false;
  // A remark on what a price leaves out (`В стоимость операции не входят: …`) is no name.
  if (/^в стоимость|^примечани|^\*/iu.test(title)) return false;
  const letters = title.match(/\p{L}/gu) ?? [];
  if (letters.filter((ch) => /\p{Lu}/u.test(ch)).length >= 0.7 * letters.length) return false;
  const next = table.rows.slice(r + 1).find((row) => row.some((cell) => normalizeCellText(cell) !== ''));
  // A lower-case letter before a capital (`lAlternaria`, a speck; `rAra h 3`, an allergen component) starts a name.
  return next !== undefined && /^\p{Ll}(?!\p{Lu})/u.test(normalizeCellText(next[layout.nameColumn]));
}

/**
 * A scanned row without a readable price that is still a service, not a heading: its number continues the
 * list's numbering, it has a unit, or a price cell holds digits that could not be read.
 */
export function isUnpricedService(row: readonly string[], layout: TableLayout, unread: readonly PendingCell[], continues: boolean): boolean {
  if (!/[a-zа-яё]{2}/i.test(normalizeCellText(row[layout.nameColumn]))) return false;
  // A unit cell of punctuation alone (`36 | Ортопедия детская | ,`) is a speck of the scan, not a unit.
  return continues || unread.length > 0 || /[\p{L}\p{N}]/u.test(normalizeCellText(layout.unitColumn === null ? '' : row[layout.unitColumn]));
}
