/**
 * The analyst's tools around the queue: `POST {prefix}/queue/accept-suggestions` (count, then accept every
 * suggestion above a confidence as one batch), `GET {prefix}/decisions` (the decision log, newest first) and
 * `GET {prefix}/positions/{id}/context` (a position's neighbouring rows and place in its file).
 *
 * @module
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { PricecatError } from '@pricecat/core';
import { TOKEN_NAME_STATE } from '../access.js';
import { optionalEnum, pageParams, pathParam, type Query } from '../query.js';
import { queueFilters } from './queue-filters.js';
import type { RouteDeps } from './route-deps.js';

/** Bulk acceptance, the decision log, a position's context. */
export function createDecisionsRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.post('/queue/accept-suggestions', async (ctx) => {
    const body = jsonObject(ctx);
    // The body carries the queue's filters under their query names; one parser checks both.
    const asQuery: Query = Object.fromEntries(
      ['clinic_id', 'category', 'method', 'min_confidence', 'max_confidence'].flatMap((field) =>
        body[field] === undefined || body[field] === null ? [] : [[field, String(body[field])]],
      ),
    );
    const filters = queueFilters(asQuery);
    if (filters.min_confidence === undefined) {
      throw new PricecatError('INVALID_INPUT', 'Field `min_confidence` (0..1) is required: suggestions at or above it are accepted, e.g. {"min_confidence": 0.9, "dry_run": true}.');
    }
    const dryRun = body.dry_run;
    if (dryRun !== undefined && typeof dryRun !== 'boolean') throw new PricecatError('INVALID_INPUT', `Field \`dry_run\` must be true or false; got ${JSON.stringify(dryRun)}.`);
    const name: unknown = ctx.state[TOKEN_NAME_STATE];
    ctx.body = await catalogue.acceptSuggestions({
      ...filters,
      min_confidence: filters.min_confidence,
      dry_run: dryRun === true,
      ...(typeof name === 'string' && { decided_by: name }),
    });
  });
  router.get('/decisions', async (ctx) => {
    const action = optionalEnum(ctx.query, 'action', ['match', 'skip'] as const);
    ctx.body = await catalogue.decisionLog({ ...(action !== undefined && { action }), ...pageParams(ctx.query) });
  });
  router.get('/positions/:id/context', async (ctx) => {
    ctx.body = await catalogue.positionContext(pathParam(ctx.params, 'id'));
  });
  return router;
}

// ---- internal helpers ----

function jsonObject(ctx: Context): Record<string, unknown> {
  const body: unknown = (ctx.request as { body?: unknown }).body;
  if (!ctx.is('application/json') || typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PricecatError('INVALID_INPUT', 'Send a JSON object with Content-Type: application/json, e.g. {"min_confidence": 0.9, "dry_run": true}.');
  }
  return body as Record<string, unknown>;
}
