/**
 * `GET {prefix}/unmatched`: positions not normalized (queued and unrecognized), paged.
 *
 * @module
 */
import { Router } from '@koa/router';
import { UNMATCHED_STATUSES } from '@pricecat/core';
import { optionalEnum, optionalString, pageParams } from '../query.js';
import type { RouteDeps } from './route-deps.js';

/** Queued and unrecognized positions, filterable by clinic, status and a name substring. */
export function createUnmatchedRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/unmatched', async (ctx) => {
    ctx.body = await catalogue.listUnmatched({
      clinic_id: optionalString(ctx.query, 'clinic_id'),
      status: optionalEnum(ctx.query, 'status', UNMATCHED_STATUSES),
      q: optionalString(ctx.query, 'q'),
      ...pageParams(ctx.query),
    });
  });
  return router;
}
