/**
 * The price-changes view's filters and their place in an address (`#/admin?threshold=10&price_kind=nonresident_far`),
 * so a reload, Back and a shared link show the same changes. Read leniently: a value an address cannot mean (an
 * unknown kind, a threshold out of range) reads as that filter's default.
 *
 * @module
 */
import type { PriceKind } from '@pricecat/core/contract';
import { toPriceKindFilter } from '../comparison/price-kind.js';

/** Payload of `pricecat-price-changes-filter-change`: every filter as the user left it. */
export interface PriceChangesFilter {
  /** Smallest relative change listed, in percent (20 = 20 %). */
  readonly threshold: number;
  readonly city: string;
  /** `clinic_id`, or empty for every clinic. */
  readonly clinicId: string;
  /** Empty: the server's default kind. */
  readonly priceKind: PriceKind | '';
}

/** The threshold when none is asked for, in percent: `<pricecat-price-changes>`'s own default. */
export const DEFAULT_THRESHOLD = 20;
/** The server accepts a relative change up to 10 (1000 %). */
export const MAX_THRESHOLD = 1000;

/** Whether `percent` is a threshold the server accepts. */
export function isThreshold(percent: number): boolean {
  return percent > 0 && percent <= MAX_THRESHOLD;
}

/** The filters an address's query names; the default for each one it lacks or cannot mean. */
export function filterFromQuery(query: URLSearchParams): PriceChangesFilter {
  const threshold = Number(query.get('threshold') ?? DEFAULT_THRESHOLD);
  return {
    threshold: isThreshold(threshold) ? threshold : DEFAULT_THRESHOLD,
    city: query.get('city') ?? '',
    clinicId: query.get('clinic_id') ?? '',
    priceKind: toPriceKindFilter(query.get('price_kind')),
  };
}

/** The query that names `filter`; a filter left at its default is left out, so the plain address stays plain. */
export function filterToQuery(filter: PriceChangesFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.threshold !== DEFAULT_THRESHOLD) query.set('threshold', String(filter.threshold));
  if (filter.city) query.set('city', filter.city);
  if (filter.clinicId) query.set('clinic_id', filter.clinicId);
  if (filter.priceKind) query.set('price_kind', filter.priceKind);
  return query;
}
