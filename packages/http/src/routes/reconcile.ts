/**
 * `GET|POST {prefix}/reconcile`: the matcher as a W3C Reconciliation Service (API v0.2), so OpenRefine
 * can reconcile any spreadsheet against the dictionary, and a person can test the matcher on one name
 * without a file. The scores are the confidences ingest records (see `Catalogue.reconcile`).
 *
 * @module
 */
import { Router } from '@koa/router';
import { koaBody } from 'koa-body';
import type { Context, Middleware } from 'koa';
import { detail, PricecatError, type ReconcileCandidate, type ReconcileQuery } from '@pricecat/core';
import { routes } from '@pricecat/core/contract';
import { invalid, readQuery } from '../route-input.js';
import type { RouteDeps } from './route-deps.js';

/** The only type the service reconciles against: a dictionary entry. */
export const SERVICE_TYPE = { id: 'service', name: 'Медицинская услуга' } as const;

/** Options of {@link createReconcileRouter}. */
export interface ReconcileRouterOptions {
  /** Largest form-encoded body in bytes (JSON bodies are limited by the app's JSON parser). */
  readonly maxBodyBytes: number;
}

/** One answered query: candidates in the v0.2 shape. */
interface ReconcileResult {
  readonly result: readonly {
    readonly id: string;
    readonly name: string;
    readonly score: number;
    readonly match: boolean;
    readonly type: readonly (typeof SERVICE_TYPE)[];
  }[];
}

/**
 * CORS for the reconciliation path, mounted before the body parser so that even a malformed body's
 * error carries `Access-Control-Allow-Origin` (a browser hides the error from the page otherwise), and
 * answering the preflight itself. Other paths pass through untouched.
 */
export function createReconcileCors(prefix: string): Middleware {
  const path = `${prefix}/reconcile`;
  return async (ctx, next) => {
    if (ctx.path !== path && ctx.path !== `${path}/`) return next();
    ctx.set('Access-Control-Allow-Origin', '*');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', 'Content-Type');
      ctx.set('Access-Control-Max-Age', '86400');
      ctx.status = 204;
      return;
    }
    return next();
  };
}

/** The manifest (GET without `queries`) and batched queries by GET or POST. */
export function createReconcileRouter({ catalogue, prefix }: RouteDeps, options: ReconcileRouterOptions): Router {
  const router = new Router({ prefix });
  const answerQueries = async (raw: unknown): Promise<Record<string, ReconcileResult>> => {
    const parsed = parseQueries(raw);
    const wanted = parsed.filter((q) => q.typeMatches);
    const results = await catalogue.reconcile(wanted.map((q) => q.query));
    const byKey = new Map(wanted.map((q, i) => [q.key, results[i]!]));
    return Object.fromEntries(parsed.map((q) => [q.key, { result: (byKey.get(q.key) ?? []).map(toResult) }]));
  };

  router.get('/reconcile', async (ctx) => {
    const { queries, callback } = readQuery(routes.reconcile, ctx.query) as { queries?: string; callback?: string };
    const body = queries === undefined ? manifest(ctx, prefix) : await answerQueries(queries);
    respond(ctx, body, callback);
  });
  router.post(
    '/reconcile',
    // OpenRefine posts `queries=<json>` form-encoded; the app-wide parser reads JSON bodies only.
    koaBody({ json: false, urlencoded: true, multipart: false, text: false, formLimit: options.maxBodyBytes }),
    async (ctx) => {
      const body: unknown = ctx.request.body;
      const queries = isRecord(body) ? body['queries'] : undefined;
      if (queries === undefined) {
        throw invalid(detail('RECONCILE_QUERIES_MISSING', {}));
      }
      respond(ctx, await answerQueries(queries), undefined);
    },
  );
  return router;
}

// ---- internal helpers ----

interface ParsedQuery {
  readonly key: string;
  readonly query: ReconcileQuery;
  /** False when the query asks for a type other than {@link SERVICE_TYPE}: it gets no candidates. */
  readonly typeMatches: boolean;
}

function manifest(ctx: Context, prefix: string): Record<string, unknown> {
  return {
    versions: ['0.2'],
    name: 'pricecat: справочник медицинских услуг',
    identifierSpace: 'urn:pricecat:service',
    schemaSpace: 'urn:pricecat:schema',
    defaultTypes: [SERVICE_TYPE],
    // Absolute, because OpenRefine opens it from its own page; built from the Host the client used.
    view: { url: `${ctx.protocol}://${ctx.host}${prefix}/services/{{id}}` },
  };
}

/** A JSONP callback must be a plain (dotted) identifier: anything else could inject script. */
const CALLBACK = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

function respond(ctx: Context, body: unknown, callback: string | undefined): void {
  if (callback === undefined) {
    ctx.body = body;
    return;
  }
  if (callback.length > 128 || !CALLBACK.test(callback)) {
    throw invalid(detail('JSONP_CALLBACK_INVALID', { got: callback.slice(0, 40) }));
  }
  ctx.type = 'application/javascript; charset=utf-8';
  ctx.set('X-Content-Type-Options', 'nosniff');
  // The leading comment stops a response from being read as something else (Rosetta Flash).
  ctx.body = `/**/ ${callback}(${JSON.stringify(body)});`;
}

function parseQueries(raw: unknown): ParsedQuery[] {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw invalid(detail('RECONCILE_QUERIES_NOT_JSON', {}));
    }
  }
  if (!isRecord(value)) {
    throw invalid(detail('RECONCILE_QUERIES_NOT_OBJECT', {}));
  }
  return Object.entries(value).map(([key, entry]) => parseQuery(key, entry));
}

function parseQuery(key: string, entry: unknown): ParsedQuery {
  if (!isRecord(entry)) throw invalid(detail('RECONCILE_QUERY_NOT_OBJECT', { key }));
  const name = entry['query'];
  if (typeof name !== 'string' || name.trim() === '') {
    throw invalid(detail('RECONCILE_QUERY_NO_TEXT', { key }));
  }
  const evidence = propertiesOf(key, entry['properties']);
  return {
    key,
    typeMatches: typeMatches(key, entry['type']),
    query: { query: name, code: evidence.code ?? null, section: evidence.section ?? null, limit: limitOf(key, entry['limit']) },
  };
}

function typeMatches(key: string, type: unknown): boolean {
  if (type === undefined || type === null || type === '') return true;
  // v0.2 allows one type id or a list of them.
  const ids = typeof type === 'string' ? [type] : Array.isArray(type) ? type : null;
  if (!ids || !ids.every((id) => typeof id === 'string')) throw invalid(detail('RECONCILE_QUERY_TYPE_INVALID', { key }));
  return ids.includes(SERVICE_TYPE.id);
}

function limitOf(key: string, limit: unknown): number | undefined {
  if (limit === undefined || limit === null || limit === '') return undefined;
  const value = typeof limit === 'string' && /^\d+$/.test(limit) ? Number(limit) : limit;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw invalid(detail('RECONCILE_QUERY_LIMIT_INVALID', { key, got: String(JSON.stringify(limit)) }));
  }
  return value;
}

/** `code` and `section` are extra evidence; other property ids are ignored, as v0.2 lets a service do. */
function propertiesOf(key: string, properties: unknown): { code?: string; section?: string } {
  if (properties === undefined || properties === null) return {};
  if (!Array.isArray(properties)) throw invalid(detail('RECONCILE_QUERY_PROPERTIES_INVALID', { key }));
  const found: { code?: string; section?: string } = {};
  for (const property of properties) {
    if (!isRecord(property)) continue;
    const pid = property['pid'] ?? property['p'];
    if (pid !== 'code' && pid !== 'section') continue;
    const text = textOf(property['v']);
    if (text !== undefined) found[pid] = text;
  }
  return found;
}

/** A property value as text: a string or number, the first of a list, or a `{id}`/`{name}` entity. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return value.map(textOf).find((text) => text !== undefined);
  if (isRecord(value)) return textOf(value['id']) ?? textOf(value['name']);
  return undefined;
}

function toResult(candidate: ReconcileCandidate): ReconcileResult['result'][number] {
  return { id: candidate.id, name: candidate.name, score: candidate.score, match: candidate.match, type: [SERVICE_TYPE] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
