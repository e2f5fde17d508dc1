/**
 * A heading centred on the whole table that the scan's text layer places inside a data column (Клиника 3 2026
 * p. 20: `Пыльца сорных трав`, `Микроорганизмы`, `Клещи` over the code column): a line of words alone, without a
 * digit, centred between the table's outer edges. Read as a cell, it was glued into the nearest row's code.
 */
import type { TextLine } from './geometry.js';
import type { PageColumns } from './page-columns.js';

/** Most, as a share of the table's width, a heading's middle may stand off the table's middle. */
const CENTRED = 0.04;
/** Fewest letters of such a heading. */
const MIN_LETTERS = 5;

/** True when the line is a heading centred on the table and standing clear of the name column's left edge. */
export function isCentredHeading(line: TextLine, layout: PageColumns): boolean {
  const { columns } = layout;
  if (columns.length < 3 || layout.name < 0) return false;
  const text = line.fragments.map((f) => f.text).join(' ');
  if (/\d/.test(text) || (text.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) return false;
  const left = columns[0]!.x0;
  const right = columns[columns.length - 1]!.x1;
  const x0 = Math.min(...line.fragments.map((f) => f.x0));
  const x1 = Math.max(...line.fragments.map((f) => f.x1));
  const name = columns[layout.name]!;
  // A name starts at its column's left edge; a centred heading well right of it.
  if (x0 < name.x0 + 0.25 * (name.x1 - name.x0)) return false;
  return Math.abs((x0 + x1) / 2 - (left + right) / 2) <= CENTRED * (right - left);
}
