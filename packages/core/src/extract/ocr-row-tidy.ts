/**
 * Tidies rows rebuilt from a scan, where words of one column drift into the name cell: the unit
 * word (`Эстрадиол услуга`, the unit column's own `услуга`) and a tariff code printed beside the
 * name (`В06.457.006.24 Гречиха, f 11`). Applied to all rows of one PDF document.
 */
import type { PriceRow } from './price-row.js';

/** A unit value must appear this often in the table's unit column to be recognised inside a name. */
const MIN_UNIT_USES = 3;
/** A tariff code (Latin or Cyrillic look-alike letter, 2 digits, groups of 3, optional sub-codes). */
const CODE_TOKEN = /(?:^|\s)([A-ZА-Я]\s?\d{2}\s?\.\s?\d{3}\s?\.\s?\d{3}(?:\.\d{1,4})*)(?=\s|$)/u;

/** The rows of one document with drifted unit words and codes moved out of their names. */
export function tidyOcrRows(rows: readonly PriceRow[]): PriceRow[] {
  const units = frequentUnits(rows);
  return rows.map((row) => moveCode(moveUnit(row, units)));
}

// ---------------------------------------------------------------- internal helpers

function frequentUnits(rows: readonly PriceRow[]): Set<string> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const unit = row.unit?.trim().toLowerCase();
    if (unit && /^\p{L}+$/u.test(unit)) counts.set(unit, (counts.get(unit) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= MIN_UNIT_USES).map(([unit]) => unit));
}

/**
 * Only a trailing word, and only when the row's unit cell is empty: the unit column stands right of
 * the name, and a name may well start with a unit word of its own (`Прием врача первичный`, unit
 * `прием`), or end with one that is part of it (`… 2 проекции, исследование`).
 */
function moveUnit(row: PriceRow, units: ReadonlySet<string>): PriceRow {
  const words = row.name.split(' ');
  const last = words[words.length - 1]!;
  if (words.length < 2 || !units.has(last.toLowerCase())) return row;
  if (row.unit) return row;
  return { ...row, name: words.slice(0, -1).join(' '), unit: last };
}

function moveCode(row: PriceRow): PriceRow {
  if (row.code) return row;
  const match = CODE_TOKEN.exec(row.name);
  if (!match) return row;
  const name = (row.name.slice(0, match.index) + ' ' + row.name.slice(match.index + match[0].length)).replace(/\s+/g, ' ').trim();
  if (!/\p{L}{2}/u.test(name)) return row;
  return { ...row, name, code: match[1]!.replace(/\s+/g, '') };
}
