/**
 * `POST {prefix}/scan`: ingest the new files of the watched folder; `GET {prefix}/scan/last`: the last
 * scan's report.
 *
 * @module
 */
import { Router } from '@koa/router';
import { PricecatError } from '@pricecat/core';
import type { RouteDeps } from './route-deps.js';

/**
 * Scans on request. A scan asked for while another runs (by hand or by the schedule) is answered 409
 * `CONFLICT` at once rather than held open: the client retries, or reads `GET /scan/last` afterwards.
 */
export function createScanRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.post('/scan', async (ctx) => {
    ctx.body = await catalogue.scan({ trigger: 'request' });
  });
  router.get('/scan/last', async (ctx) => {
    const report = await catalogue.lastScan();
    if (!report) throw new PricecatError('NOT_FOUND', 'No scan has run yet; set a watch folder and POST /api/scan.');
    ctx.body = report;
  });
  return router;
}
