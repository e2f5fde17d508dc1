/**
 * `GET {prefix}/search?q=&city=&limit=&offset=`: services whose `name_norm` matches (typos and the matcher's
 * abbreviations tolerated), with the clinics offering them, the true count and the corrections made.
 *
 * @module
 */
import { Router } from '@koa/router';
import { optionalInteger, optionalString, requiredString, DEFAULT_LIMIT, MAX_LIMIT } from '../query.js';
import type { RouteDeps } from './route-deps.js';

/** Search over the dictionary (DESIGN.md §4 rule 3: case-insensitive, against `name_norm`). */
export function createSearchRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/search', async (ctx) => {
    // `items` as before; `total`, `limit`, `offset` and `corrections` added beside it.
    ctx.body = await catalogue.searchPage({
      q: requiredString(ctx.query, 'q', 'the words to look for in service names, e.g. q=узи'),
      city: optionalString(ctx.query, 'city'),
      limit: optionalInteger(ctx.query, 'limit', { min: 1, max: MAX_LIMIT }) ?? DEFAULT_LIMIT,
      offset: optionalInteger(ctx.query, 'offset', { min: 0 }) ?? 0,
    });
  });
  return router;
}
