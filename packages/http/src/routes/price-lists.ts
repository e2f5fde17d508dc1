/**
 * `GET {prefix}/price-lists`: every ingested document, oldest ingest first.
 *
 * @module
 */
import { Router } from '@koa/router';
import type { RouteDeps } from './route-deps.js';

/** The ingested price lists (not paged: one entry per document, a few hundred at most). */
export function createPriceListsRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/price-lists', async (ctx) => {
    ctx.body = { items: await catalogue.listPriceLists() };
  });
  return router;
}
