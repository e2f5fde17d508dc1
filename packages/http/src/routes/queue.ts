/**
 * The verification queue and its decisions: `GET {prefix}/queue`, `POST {prefix}/match`,
 * `POST {prefix}/skip`, `POST {prefix}/undo`.
 *
 * @module
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { PricecatError } from '@pricecat/core';
import { TOKEN_NAME_STATE } from '../access.js';
import { pageParams } from '../query.js';
import { queueFilters } from './queue-filters.js';
import type { RouteDeps } from './route-deps.js';

/** The queue (paged, most confident first) and match / skip / undo. */
export function createQueueRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/queue', async (ctx) => {
    ctx.body = await catalogue.queue({ ...queueFilters(ctx.query), ...pageParams(ctx.query) });
  });
  router.post('/match', async (ctx) => {
    const body = jsonBody(ctx, '{"position_id": "pos_…", "service_id": "…" (optional), "apply_to_identical": true}');
    const serviceId = optionalField(body, 'service_id', 'string');
    const applyToIdentical = optionalField(body, 'apply_to_identical', 'boolean');
    ctx.body = await catalogue.matchPosition({
      position_id: requiredId(body, 'position_id'),
      ...(serviceId !== undefined && { service_id: requiredId(body, 'service_id') }),
      ...(applyToIdentical !== undefined && { apply_to_identical: applyToIdentical }),
      ...decidedBy(ctx),
    });
  });
  router.post('/skip', async (ctx) => {
    const body = jsonBody(ctx, '{"position_id": "pos_…"}');
    ctx.body = await catalogue.skipPosition({ position_id: requiredId(body, 'position_id'), ...decidedBy(ctx) });
  });
  router.post('/undo', async (ctx) => {
    // No body (the latest decision) or {"decision_id": "dec_…"} (one from the decision log, with its batch).
    const body: unknown = (ctx.request as { body?: unknown }).body;
    const decisionId = ctx.is('application/json') && body !== null && typeof body === 'object' ? optionalField(body as Record<string, unknown>, 'decision_id', 'string') : undefined;
    ctx.body = await catalogue.undoDecision(decisionId === undefined ? {} : { decision_id: decisionId });
  });
  return router;
}

// ---- internal helpers ----

/** The token name the access guard found, so the decision log says who decided. */
function decidedBy(ctx: Context): { decided_by?: string } {
  const name: unknown = ctx.state[TOKEN_NAME_STATE];
  return typeof name === 'string' ? { decided_by: name } : {};
}

/** The parsed JSON object of the request; anything else is a 400 showing the expected shape. */
function jsonBody(ctx: Context, example: string): Record<string, unknown> {
  const body: unknown = (ctx.request as { body?: unknown }).body;
  if (!ctx.is('application/json') || typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid(`Send a JSON object with Content-Type: application/json, e.g. ${example}.`);
  }
  return body as Record<string, unknown>;
}

function requiredId(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalid(`Field \`${field}\` must be a non-empty string; got ${JSON.stringify(value) ?? 'nothing'}.`);
  }
  return value.trim();
}

function optionalField<T extends 'string' | 'boolean'>(
  body: Record<string, unknown>,
  field: string,
  type: T,
): (T extends 'string' ? string : boolean) | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== type) throw invalid(`Field \`${field}\` must be a ${type}; got ${JSON.stringify(value)}.`);
  return value as T extends 'string' ? string : boolean;
}

function invalid(message: string): PricecatError {
  return new PricecatError('INVALID_INPUT', message);
}
