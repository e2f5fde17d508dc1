/**
 * The queue's filters as query parameters (`clinic_id`, `category`, `method`, `min_confidence`, `max_confidence`),
 * shared by `GET /queue` and `POST /queue/accept-suggestions` (whose body carries the same names).
 *
 * @module
 */
import { PricecatError, QUEUE_METHODS, type QueueFilterQuery } from '@pricecat/core';
import { optionalEnum, optionalString, type Query } from '../query.js';

/** The filters given in the query string; absent ones are left out. 400 for a malformed one. */
export function queueFilters(query: Query): QueueFilterQuery {
  const clinicId = optionalString(query, 'clinic_id');
  const category = optionalString(query, 'category');
  const method = optionalEnum(query, 'method', QUEUE_METHODS);
  const min = optionalShare(query, 'min_confidence');
  const max = optionalShare(query, 'max_confidence');
  return {
    ...(clinicId !== undefined && { clinic_id: clinicId }),
    ...(category !== undefined && { category }),
    ...(method !== undefined && { method }),
    ...(min !== undefined && { min_confidence: min }),
    ...(max !== undefined && { max_confidence: max }),
  };
}

/** A number from 0 to 1 (a confidence), or `undefined` when absent. */
export function optionalShare(query: Query, name: string): number | undefined {
  const text = optionalString(query, name);
  if (text === undefined) return undefined;
  const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 0 && value <= 1)) {
    throw new PricecatError('INVALID_INPUT', `Query parameter \`${name}\` must be a number from 0 to 1 (a confidence, e.g. 0.8); got "${text}".`);
  }
  return value;
}
