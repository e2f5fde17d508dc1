/**
 * `GET {prefix}/partners` and `GET {prefix}/partners/:id/services`.
 *
 * @module
 */
import { Router } from '@koa/router';
import { optionalString, pageParams, pathParam } from '../query.js';
import type { RouteDeps } from './route-deps.js';

/** Clinics (partners), filtered by city or name, and one clinic's priced services. */
export function createPartnersRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/partners', async (ctx) => {
    ctx.body = await catalogue.listPartners({
      city: optionalString(ctx.query, 'city'),
      q: optionalString(ctx.query, 'q'),
      ...pageParams(ctx.query),
    });
  });
  router.get('/partners/:id/services', async (ctx) => {
    ctx.body = await catalogue.partnerServices(pathParam(ctx.params, 'id'), pageParams(ctx.query));
  });
  return router;
}
