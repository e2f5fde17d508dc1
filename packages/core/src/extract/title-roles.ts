/**
 * Price roles named by a table's title rather than by its column headers: a sheet called «для страховых
 * компаний», or a title line above the header («Прейскурант … для страховых компаний»), makes its generic
 * price column (`Цена`, `Стоимость, тенге`) the insurance price, not the resident one.
 */
import { normalizeCellText, toKeyText } from './cell-text.js';
import type { PriceColumn, PriceRole } from './price-row.js';
import { firstRole } from './price-role-vocabulary.js';

/** The role a title names for a price list, or `null` when it names none. */
export function titleRoleOf(texts: readonly string[]): PriceRole | null {
  for (const text of texts) {
    const role = firstRole(toKeyText(text), 'title');
    if (role !== null) return role;
  }
  return null;
}

/**
 * The price columns with the title's role given to the one generic column (a header that names no group of
 * patients), when the table has exactly one; other columns, and tables whose headers name their roles, come
 * back unchanged.
 */
export function withTitleRole(columns: readonly PriceColumn[], role: PriceRole | null): readonly PriceColumn[] {
  if (role === null) return columns;
  const generic = columns.filter((c) => c.role === 'resident' && isGenericHeader(c.header));
  if (generic.length !== 1 || columns.some((c) => c.role === role)) return columns;
  return columns.map((c) => (c === generic[0] ? { ...c, role } : c));
}

/** The texts that title a table: its name and the rows above its header. */
export function titleTextsOf(name: string, rowsAbove: readonly (readonly string[])[]): string[] {
  return [name, ...rowsAbove.flatMap((row) => row.map(normalizeCellText).filter((t) => t !== ''))];
}

// ---------------------------------------------------------------- internal helpers

/** A price header that names no group of patients: `Цена`, `Стоимость, тенге`, `Цена, тг`. */
function isGenericHeader(header: string): boolean {
  return !/граждан|резидент|рк(?![а-я])|казахстан|иностран|зарубеж|снг|страхов|партнер|ндс|налог/.test(toKeyText(header));
}
