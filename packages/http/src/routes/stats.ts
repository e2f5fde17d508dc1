/**
 * `GET {prefix}/stats` and `GET {prefix}/health`.
 *
 * @module
 */
import { Router } from '@koa/router';
import type { RouteDeps } from './route-deps.js';

/** Figures computed from the database on each call, and a liveness probe. */
export function createStatsRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/stats', async (ctx) => {
    ctx.body = await catalogue.stats();
  });
  // Liveness only: it answers without touching storage, so a slow store does not restart the service.
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  return router;
}
