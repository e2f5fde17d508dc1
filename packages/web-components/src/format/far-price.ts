/**
 * A position's far-abroad price, shown beside its price only when it says something new: present and not the
 * same as the non-resident price (a column «… ближнего и дальнего зарубежья» fills both with one value).
 *
 * @module
 */

/** The far-abroad price worth showing, or null. */
export function distinctFarPrice(position: {
  readonly price_nonresident: number | null;
  readonly price_nonresident_far?: number | null;
}): number | null {
  const far = position.price_nonresident_far ?? null;
  return far !== null && far !== position.price_nonresident ? far : null;
}
