/**
 * The verification queue's filters and their place in an address (`#/queue?method=fuzzy&min_confidence=0.6`), so a
 * reload in the middle of the queue, Back and a shared link show the same part of it. The names and values are the
 * API's (`GET /api/queue`). Read leniently: a value an address cannot mean (an unknown method, a confidence outside
 * 0..1) is left out.
 *
 * @module
 */
import type { QueueFilters } from '@pricecat/core/contract';
import { QUEUE_METHODS } from '@pricecat/core/contract/limits';

/** A confidence bound of an address, or `undefined` when it names none the server accepts. */
function confidenceOf(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : undefined;
}

/** The filters an address's query names. */
export function queueFiltersFromQuery(query: URLSearchParams): QueueFilters {
  const text = (name: string) => query.get(name)?.trim() ?? '';
  const method = QUEUE_METHODS.find((known) => known === text('method'));
  const min = confidenceOf(query.get('min_confidence'));
  const max = confidenceOf(query.get('max_confidence'));
  return {
    ...(text('clinic_id') && { clinic_id: text('clinic_id') }),
    ...(text('category') && { category: text('category') }),
    ...(method !== undefined && { method }),
    ...(min !== undefined && { min_confidence: min }),
    ...(max !== undefined && { max_confidence: max }),
  };
}

/** The query that names `filters`, in a fixed order; no filter, no query. */
export function queueFiltersToQuery(filters: QueueFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.clinic_id) query.set('clinic_id', filters.clinic_id);
  if (filters.category) query.set('category', filters.category);
  if (filters.method) query.set('method', filters.method);
  if (filters.min_confidence !== undefined) query.set('min_confidence', String(filters.min_confidence));
  if (filters.max_confidence !== undefined) query.set('max_confidence', String(filters.max_confidence));
  return query;
}

/** Whether two sets of filters ask for the same items. */
export function sameQueueFilters(a: QueueFilters | undefined, b: QueueFilters | undefined): boolean {
  return queueFiltersToQuery(a ?? {}).toString() === queueFiltersToQuery(b ?? {}).toString();
}
