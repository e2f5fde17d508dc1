/**
 * Price columns of a table and the role of each, decided from the header text.
 */
import { toKeyText } from './cell-text.js';
import { isPriceHeader } from './header-keywords.js';
import type { PriceColumn, PriceRole } from './price-row.js';
import { alsoRoles, firstRole } from './price-role-vocabulary.js';

/**
 * The role of a price column from its header text; `null` when the header does not name a price. The first
 * `header` rule of `assets/vocabulary/price-roles.tsv` that matches decides; a generic price header (`Цена`,
 * `Стоимость, тенге`) is `resident`.
 */
export function priceRoleOf(headerText: string): PriceRole | null {
  const key = toKeyText(headerText);
  if (!isPriceHeader(key)) return null;
  return firstRole(key, 'header') ?? 'resident';
}

/**
 * Every role of a price column's header: its role ({@link priceRoleOf}) first, then the second roles the vocabulary's
 * `also` rules give it (`… ближнего и дальнего зарубежья` → `nonresident`, `nonresident_far`); `[]` when the header
 * names no price.
 */
export function priceRolesOf(headerText: string): PriceRole[] {
  const role = priceRoleOf(headerText);
  return role === null ? [] : [role, ...alsoRoles(toKeyText(headerText), role)];
}

/**
 * Every price column of a header, skipping the columns already taken (name, code, unit...).
 * When two columns claim one role, the first keeps it and the later ones become `other`: the
 * catalogue compares one `resident` price per row.
 */
export function findPriceColumns(headerTexts: readonly string[], taken: ReadonlySet<number>): PriceColumn[] {
  const columns: PriceColumn[] = [];
  const used = new Set<PriceRole>();
  for (let index = 0; index < headerTexts.length; index++) {
    if (taken.has(index)) continue;
    const header = headerTexts[index] ?? '';
    let role = priceRoleOf(header);
    if (role === null) continue;
    // A merged header cell repeated over two columns with the same text is one column's header
    // spread by the reader; its twin stays a price column but cannot take the same role.
    if (used.has(role) && role !== 'other') role = 'other';
    used.add(role);
    const also = alsoRoles(toKeyText(header), role).filter((r) => !used.has(r));
    for (const r of also) used.add(r);
    columns.push({ index, header, role, ...(also.length > 0 ? { also_roles: also } : {}) });
  }
  return columns;
}
