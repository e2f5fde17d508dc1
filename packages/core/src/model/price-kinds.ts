/**
 * The prices a position is compared by, one per {@link PriceKind}, and how they come from its price cells.
 * A cell counts for every role it carries: its `role` and its `also_roles` (one column «… ближнего и дальнего
 * зарубежья» is the near- and the far-abroad price).
 *
 * @module
 */
import type { PriceKind } from '../contract/limits.js';
import type { PriceCell, PriceRole } from './price-row.js';

/** The position field holding each kind's price. */
export const PRICE_FIELD_OF_KIND = {
  resident: 'price',
  nonresident: 'price_nonresident',
  nonresident_far: 'price_nonresident_far',
} as const satisfies Record<PriceKind, string>;

/** The position fields of the comparison prices. */
export type KindPrices = { readonly [K in PriceKind as (typeof PRICE_FIELD_OF_KIND)[K]]: number | null };

/**
 * The roles a kind's price is taken from, in order of preference: `nonresident` is the near-abroad price, else the
 * far-abroad one (a list with one price for all foreigners); `nonresident_far` only a price for far abroad.
 */
const ROLES_OF_KIND: Record<PriceKind, readonly PriceRole[]> = {
  resident: ['resident'],
  nonresident: ['nonresident', 'nonresident_far'],
  nonresident_far: ['nonresident_far'],
};

/** True when the cell carries `role`, as its role or a second one. */
export function cellHasRole(cell: Pick<PriceCell, 'role' | 'also_roles'>, role: PriceRole): boolean {
  return cell.role === role || (cell.also_roles?.includes(role) ?? false);
}

/** Every role of a cell, its own first. */
export function rolesOfCell(cell: Pick<PriceCell, 'role' | 'also_roles'>): readonly PriceRole[] {
  return cell.also_roles && cell.also_roles.length > 0 ? [cell.role, ...cell.also_roles.filter((r) => r !== cell.role)] : [cell.role];
}

/** The comparison prices of a row's cells. */
export function kindPricesOf(cells: readonly Pick<PriceCell, 'role' | 'also_roles' | 'value'>[]): KindPrices {
  const of = (kind: PriceKind): number | null => {
    for (const role of ROLES_OF_KIND[kind]) {
      const cell = cells.find((c) => cellHasRole(c, role));
      if (cell) return cell.value;
    }
    return null;
  };
  return { price: of('resident'), price_nonresident: of('nonresident'), price_nonresident_far: of('nonresident_far') };
}

/** A position's (or a price line's) price of one kind. */
export function priceOfKind(line: KindPrices, kind: PriceKind): number | null {
  return line[PRICE_FIELD_OF_KIND[kind]];
}
