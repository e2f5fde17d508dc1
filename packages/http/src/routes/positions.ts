/**
 * `GET {prefix}/positions`: every extracted position, filterable and paged (the full dump).
 *
 * @module
 */
import { Router } from '@koa/router';
import type { MatchMethod, PositionKind, PositionStatus } from '@pricecat/core';
import { optionalEnum, optionalString, pageParams } from '../query.js';
import type { RouteDeps } from './route-deps.js';

/** Values of `status` (records.ts `PositionStatus`), listed so a typo gets a 400, not an empty page. */
export const POSITION_STATUSES: readonly PositionStatus[] = ['normalized', 'queued', 'skipped', 'unrecognized'];
/** Values of `kind` (records.ts `PositionKind`). */
export const POSITION_KINDS: readonly PositionKind[] = ['service', 'package', 'component'];
/** Values of `method` (records.ts `MatchMethod`). */
export const MATCH_METHODS: readonly MatchMethod[] = ['code', 'exact', 'synonym', 'fuzzy', 'embedding', 'manual'];

/**
 * Positions filtered by clinic, service, price list, status, method, kind, package (its components) and a
 * `name_norm` substring.
 */
export function createPositionsRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/positions', async (ctx) => {
    ctx.body = await catalogue.listPositions({
      clinic_id: optionalString(ctx.query, 'clinic_id'),
      service_id: optionalString(ctx.query, 'service_id'),
      price_list_id: optionalString(ctx.query, 'price_list_id'),
      status: optionalEnum(ctx.query, 'status', POSITION_STATUSES),
      method: optionalEnum(ctx.query, 'method', MATCH_METHODS),
      q: optionalString(ctx.query, 'q'),
      kind: optionalEnum(ctx.query, 'kind', POSITION_KINDS),
      package_id: optionalString(ctx.query, 'package_id'),
      ...pageParams(ctx.query),
    });
  });
  return router;
}
