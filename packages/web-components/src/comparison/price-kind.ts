/**
 * The price kinds the comparison offers, in the order of its switch, and the reading of one from an address.
 *
 * @module
 */
import type { PriceKind } from '@pricecat/core/contract';
import { PRICE_KINDS } from '@pricecat/core/contract/limits';

/** Every kind, resident first (the default). */
export const priceKinds: readonly PriceKind[] = PRICE_KINDS;

/** The kind a `price_kind` query value names; resident for anything else (an old or mistyped address). */
export function toPriceKind(value: string | null | undefined): PriceKind {
  return priceKinds.find((kind) => kind === value) ?? 'resident';
}

/** The kind a filter's value names; empty (no filter) for an empty or unknown one. */
export function toPriceKindFilter(value: string | null | undefined): PriceKind | '' {
  return priceKinds.find((kind) => kind === value) ?? '';
}
