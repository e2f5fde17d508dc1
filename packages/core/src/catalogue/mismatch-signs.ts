/**
 * Signs that a price change between two lists of a clinic is a wrong match (two different services normalized to
 * one) rather than the clinic's price moving: «МРТ головного мозга +650 %» is a contrast study matched to the plain
 * one. Derived from the data, one threshold excepted (the half of the words, stated below).
 */
import type { MismatchSign } from '../contract/limits.js';
import type { PriceKind } from '../model/catalogue-types.js';
import { partnerPrices, servicePricesOf } from './compare-service.js';
import type { QueryPort } from '../storage/query-port.js';

/**
 * - `names_differ`: the two lists' lines for the service share no normalized name, and less than half of their
 *   words (Jaccard over the words of all lines of each side): likely two services under one entry.
 * - `beyond_market`: the jump (larger price / smaller) is bigger than the whole market's spread for the service (the
 *   other clinics' max / min, at least two of them), and the new price is outside what they charge: no real price
 *   list moves further than the market spreads. Never for a like-with-like change (both sides share a line name):
 *   the same line cannot be a wrong match.
 */
export type { MismatchSign };

/** Less than this share of common words makes two sides' names differ. NOTE: a hand threshold (half). */
export const NAME_OVERLAP_FLOOR = 0.5;

/** See {@link MismatchSign} `names_differ`. */
export function namesDiffer(older: readonly { readonly name_norm: string }[], newer: readonly { readonly name_norm: string }[]): boolean {
  const oldNames = new Set(older.map((l) => l.name_norm));
  if (newer.some((l) => oldNames.has(l.name_norm))) return false;
  const words = (lines: readonly { readonly name_norm: string }[]) => new Set(lines.flatMap((l) => l.name_norm.split(' ').filter(Boolean)));
  const [a, b] = [words(older), words(newer)];
  const common = [...a].filter((w) => b.has(w)).length;
  const union = new Set([...a, ...b]).size;
  return union > 0 && common / union < NAME_OVERLAP_FLOOR;
}

interface Change {
  readonly clinic_id: string;
  readonly service_id: string;
  readonly price_kind: PriceKind;
  readonly old_price: number;
  readonly new_price: number;
  readonly like_with_like: boolean;
  readonly mismatch_signs: readonly MismatchSign[];
}

/** The changes with `beyond_market` added where it holds (see {@link MismatchSign}). */
export async function beyondMarket<T extends Change>(queries: QueryPort, changes: readonly T[]): Promise<T[]> {
  const model = await queries.directory();
  const byKind = new Map<PriceKind, Set<string>>();
  for (const c of changes.filter((change) => !change.like_with_like)) (byKind.get(c.price_kind) ?? byKind.set(c.price_kind, new Set()).get(c.price_kind)!).add(c.service_id);
  const markets = new Map<string, readonly { clinic_id: string; price: number }[]>();
  for (const [kind, ids] of byKind) {
    const prices = await servicePricesOf(queries, [...ids], kind, { names: false });
    for (const id of ids) markets.set(`${kind}|${id}`, partnerPrices(model, prices.get(id)!.lines, kind));
  }
  return changes.map((change) => {
    if (change.like_with_like) return change;
    const others = (markets.get(`${change.price_kind}|${change.service_id}`) ?? []).filter((p) => p.clinic_id !== change.clinic_id).map((p) => p.price);
    if (others.length < 2) return change;
    const [low, high] = [Math.min(...others), Math.max(...others)];
    const jump = Math.max(change.old_price, change.new_price) / Math.min(change.old_price, change.new_price);
    const outside = change.new_price < low || change.new_price > high;
    if (!(low > 0 && jump > high / low && outside)) return change;
    return { ...change, mismatch_signs: [...change.mismatch_signs, 'beyond_market'] };
  });
}
