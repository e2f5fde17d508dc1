/**
 * Tidies rows rebuilt from a scan, where words of one column drift into the name cell: the unit
 * word (`Эстрадиол услуга`, the unit column's own `услуга`) and a tariff code printed beside the
 * name (`В06.457.006.24 Гречиха, f 11`). Applied to all rows of one PDF document.
 */
import type { PriceRow } from './price-row.js';
import { isTariffShaped, splitCode } from './code-cells.js';

/** A unit value must appear this often in the table's unit column to be recognised inside a name. */
const MIN_UNIT_USES = 3;

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

/**
 * Only a code of the tariff code's shape (a letter, two digits, groups of three), read through the scan's
 * damage (`Лосось (семга), f41 B0 6.4 5 7.0 0 6.ll`): a name may hold other dotted numbers of its own.
 */
function moveCode(row: PriceRow): PriceRow {
  if (row.code) return row;
  const found = splitCode(row.name);
  if (!found || !isTariffShaped(found.code)) return row;
  if (!/\p{L}{2}/u.test(found.rest)) return row;
  return { ...row, name: found.rest, code: found.code };
}
