/**
 * `GET {prefix}/services/:id/history` (a service's price per clinic and list, oldest first) and
 * `GET {prefix}/dashboard` (figures per clinic, category and ingest).
 *
 * @module
 */
import { Router } from '@koa/router';
import type { PriceKind } from '@pricecat/core';
import { optionalEnum, optionalString, pathParam } from '../query.js';
import type { RouteDeps } from './route-deps.js';

const PRICE_KINDS: readonly PriceKind[] = ['resident', 'nonresident'];

/** What the comparison's chart and the dashboard read. */
export function createAuditViewsRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/services/:id/history', async (ctx) => {
    ctx.body = await catalogue.priceHistory(pathParam(ctx.params, 'id'), {
      price_kind: optionalEnum(ctx.query, 'price_kind', PRICE_KINDS) ?? 'resident',
      city: optionalString(ctx.query, 'city'),
    });
  });
  router.get('/dashboard', async (ctx) => {
    ctx.body = await catalogue.dashboard();
  });
  return router;
}
