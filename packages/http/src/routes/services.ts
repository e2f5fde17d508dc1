/**
 * `GET {prefix}/services`, `GET {prefix}/services/:id`, `GET {prefix}/services/:id/partners`, and
 * `POST {prefix}/services` (a created service, see proposals.ts).
 *
 * @module
 */
import { Router } from '@koa/router';
import type { PriceKind, Service } from '@pricecat/core';
import { optionalEnum, optionalString, pageParams, pathParam } from '../query.js';
import { readCreateServiceBody } from './proposals.js';
import type { RouteDeps } from './route-deps.js';

const ORIGINS: readonly Service['origin'][] = ['dictionary', 'created'];
const PRICE_KINDS: readonly PriceKind[] = ['resident', 'nonresident'];
const BOOLEANS = ['true', 'false', '1', '0'] as const;

/** The dictionary: listing with filters, one service, and its price comparison across clinics. */
export function createServicesRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/services', async (ctx) => {
    ctx.body = await catalogue.listServices({
      q: optionalString(ctx.query, 'q'),
      category: optionalString(ctx.query, 'category'),
      origin: optionalEnum(ctx.query, 'origin', ORIGINS),
      ...pageParams(ctx.query),
    });
  });
  router.post('/services', async (ctx) => {
    const created = await catalogue.createService(readCreateServiceBody(ctx));
    ctx.status = 201;
    ctx.set('Location', `${prefix}/services/${encodeURIComponent(created.service_id)}`);
    ctx.body = created;
  });
  router.get('/services/:id', async (ctx) => {
    ctx.body = await catalogue.getService(pathParam(ctx.params, 'id'));
  });
  router.get('/services/:id/partners', async (ctx) => {
    ctx.body = await catalogue.compareService(pathParam(ctx.params, 'id'), {
      price_kind: optionalEnum(ctx.query, 'price_kind', PRICE_KINDS) ?? 'resident',
      city: optionalString(ctx.query, 'city'),
      pool_class: ['true', '1'].includes(optionalEnum(ctx.query, 'pool_class', BOOLEANS) ?? 'false'),
    });
  });
  return router;
}
