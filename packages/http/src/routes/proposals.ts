/**
 * Growing the dictionary: `GET {prefix}/service-proposals` (groups of unmatched names proposed as new
 * services) and the body of `POST {prefix}/services` (mounted in services.ts, next to the listing).
 *
 * @module
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { PricecatError, type CreateServiceInput } from '@pricecat/core';
import { optionalInteger, pageParams } from '../query.js';
import type { RouteDeps } from './route-deps.js';

/** The proposals, ranked by clinics then positions, filtered by `min_clinics`, paged. */
export function createProposalsRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/service-proposals', async (ctx) => {
    ctx.body = await catalogue.listServiceProposals({
      min_clinics: optionalInteger(ctx.query, 'min_clinics', { min: 1 }) ?? 1,
      ...pageParams(ctx.query),
    });
  });
  return router;
}

const EXAMPLE = '{"name": "Микрореакция", "category": "Серология", "proposal_id": "prop_…"} or {"name", "category", "position_ids": ["pos_…"]}';

/**
 * The `POST /services` body as a {@link CreateServiceInput}: `name` and `category` strings (emptiness is
 * checked by the catalogue), optional `proposal_id` string and `position_ids` array of strings. A body of
 * another shape is a 400 showing the expected one.
 */
export function readCreateServiceBody(ctx: Context): CreateServiceInput {
  const body: unknown = (ctx.request as { body?: unknown }).body;
  if (!ctx.is('application/json') || typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid(`Send a JSON object with Content-Type: application/json, e.g. ${EXAMPLE}.`);
  }
  const fields = body as Record<string, unknown>;
  const proposalId = optionalText(fields, 'proposal_id');
  const positionIds = fields['position_ids'];
  if (positionIds !== undefined && positionIds !== null) {
    if (!Array.isArray(positionIds) || positionIds.some((id) => typeof id !== 'string' || id.trim() === '')) {
      throw invalid(`Field \`position_ids\` must be an array of position ids (strings); got ${JSON.stringify(positionIds)}.`);
    }
  }
  return {
    name: requiredText(fields, 'name'),
    category: requiredText(fields, 'category'),
    ...(proposalId !== undefined && { proposal_id: proposalId }),
    ...(Array.isArray(positionIds) && { position_ids: positionIds.map((id: string) => id.trim()) }),
  };
}

// ---- internal helpers ----

/** A string field; the catalogue rejects a blank one with a message naming what it should hold. */
function requiredText(fields: Record<string, unknown>, field: string): string {
  const value = fields[field];
  if (typeof value !== 'string') {
    throw invalid(`Field \`${field}\` must be a non-empty string; got ${JSON.stringify(value) ?? 'nothing'}. Example: ${EXAMPLE}.`);
  }
  return value;
}

function optionalText(fields: Record<string, unknown>, field: string): string | undefined {
  const value = fields[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalid(`Field \`${field}\` must be a non-empty string when given; got ${JSON.stringify(value)}.`);
  }
  return value.trim();
}

function invalid(message: string): PricecatError {
  return new PricecatError('INVALID_INPUT', message);
}
