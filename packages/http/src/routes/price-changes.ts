/**
 * `GET {prefix}/price-changes`: per clinic, between consecutive price lists, the services whose price
 * changed by at least a relative threshold.
 *
 * @module
 */
import { Router } from '@koa/router';
import { DEFAULT_PRICE_CHANGE_THRESHOLD, MAX_PRICE_CHANGE_THRESHOLD, PricecatError, type PriceKind } from '@pricecat/core';
import { optionalEnum, optionalString, pageParams, type Query } from '../query.js';
import type { RouteDeps } from './route-deps.js';

const PRICE_KINDS: readonly PriceKind[] = ['resident', 'nonresident'];

/** Price changes between a clinic's consecutive lists, biggest first, paged. */
export function createPriceChangesRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/price-changes', async (ctx) => {
    ctx.body = await catalogue.priceChanges({
      threshold: thresholdParam(ctx.query),
      city: optionalString(ctx.query, 'city'),
      clinic_id: optionalString(ctx.query, 'clinic_id'),
      price_kind: optionalEnum(ctx.query, 'price_kind', PRICE_KINDS),
      ...pageParams(ctx.query),
    });
  });
  return router;
}

/** `threshold`: a plain decimal in (0, 10]; absent means the default (0.2). */
export function thresholdParam(query: Query): number {
  const text = optionalString(query, 'threshold');
  if (text === undefined) return DEFAULT_PRICE_CHANGE_THRESHOLD;
  // Plain decimals only: Number('') is 0, Number('1e1') and Number('0x1') are numbers too.
  const value = /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  if (!(value > 0 && value <= MAX_PRICE_CHANGE_THRESHOLD)) {
    throw new PricecatError(
      'INVALID_INPUT',
      `Query parameter \`threshold\` must be a relative change above 0 and at most ${MAX_PRICE_CHANGE_THRESHOLD}, ` +
        `e.g. 0.2 for 20 %; got "${text}".`,
    );
  }
  return value;
}
