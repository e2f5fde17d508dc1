/**
 * Reading and checking query parameters. Every problem becomes `PricecatError('INVALID_INPUT')` (400)
 * whose message names the parameter, what it accepts and what was sent.
 *
 * @module
 */
import { DEFAULT_LIMIT, detail, MAX_LIMIT, PricecatError, type ErrorDetail } from '@pricecat/core';

/** A parsed query string, as Koa gives it (`ctx.query`). */
export type Query = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A trimmed value, or `undefined` when the parameter is absent or blank. Rejects repeated parameters. */
export function optionalString(query: Query, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') {
    throw invalid(detail('QUERY_PARAM_REPEATED', { name, count: raw.length }));
  }
  const value = raw.trim();
  return value === '' ? undefined : value;
}

/** A non-blank value; a missing or blank parameter is a 400 naming it. */
export function requiredString(query: Query, name: string, purpose: string): string {
  const value = optionalString(query, name);
  if (value === undefined) throw invalid(detail('QUERY_PARAM_REQUIRED', { name, purpose }));
  return value;
}

/** An integer within `[min, max]`, or `undefined` when absent. */
export function optionalInteger(
  query: Query,
  name: string,
  range: { readonly min: number; readonly max?: number },
): number | undefined {
  const text = optionalString(query, name);
  if (text === undefined) return undefined;
  const bounds = range.max === undefined ? `не меньше ${range.min}` : `от ${range.min} до ${range.max}`;
  // Number('1e2') and Number('0x10') are integers too; accept plain decimal digits only.
  const value = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < range.min || (range.max !== undefined && value > range.max)) {
    throw invalid(detail('QUERY_PARAM_NOT_INTEGER', { name, bounds, got: text }));
  }
  return value;
}

/** One of `allowed`, or `undefined` when absent. */
export function optionalEnum<T extends string>(query: Query, name: string, allowed: readonly T[]): T | undefined {
  const value = optionalString(query, name);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalid(detail('QUERY_PARAM_NOT_ALLOWED', { name, allowed: allowed.join(', '), got: value }));
  }
  return value as T;
}

/** `limit` (default {@link DEFAULT_LIMIT}, at most {@link MAX_LIMIT}) and `offset` (default 0). */
export function pageParams(query: Query): { limit: number; offset: number } {
  return {
    limit: optionalInteger(query, 'limit', { min: 1, max: MAX_LIMIT }) ?? DEFAULT_LIMIT,
    offset: optionalInteger(query, 'offset', { min: 0 }) ?? 0,
  };
}

/** A path parameter (`:id`); the router guarantees it, the check only satisfies the type. */
export function pathParam(params: Readonly<Record<string, string | undefined>>, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw invalid(detail('PATH_SEGMENT_MISSING', { name }));
  return value;
}

// ---- internal helpers ----

function invalid(message: ErrorDetail): PricecatError {
  return new PricecatError('INVALID_INPUT', message);
}

export { DEFAULT_LIMIT, MAX_LIMIT };
