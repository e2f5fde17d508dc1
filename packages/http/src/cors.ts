/**
 * CORS for the pages of other origins that `PRICECAT_ALLOWED_ORIGINS` lets in (a clinic portal that
 * embeds the elements): their requests to the API and to the UI bundle get `Access-Control-Allow-Origin`
 * with their own origin, and preflights (`OPTIONS` with `Access-Control-Request-Method`) are answered
 * here with 204. A page of any other origin gets no CORS headers, and the access guard refuses it.
 * Tokens travel in `Authorization`, never in cookies, so credentials are not allowed.
 *
 * @module
 */
import type { Middleware } from 'koa';
import { isConfiguredOrigin, normalizeOrigins } from './origins.js';

/** Request headers a page may send: the token, JSON bodies, and the idempotency of uploads. */
const ALLOWED_HEADERS = 'Authorization, Content-Type';
/** Response headers a page may read besides the safelisted ones: the export's file name, paging, retries. */
const EXPOSED_HEADERS = 'Content-Disposition, Location, Retry-After, WWW-Authenticate';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** Browsers cache a preflight for at most 2 h (Chromium); a day is the spec's own cap in Firefox. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * Builds the CORS middleware for the API under `prefix` and the UI bundle under `/assets/`; the
 * reconciliation service keeps its own, open to every origin.
 */
export function createCors(allowedOrigins: readonly string[], prefix: string): Middleware {
  const allowed = normalizeOrigins(allowedOrigins);
  const reconcilePath = `${prefix}/reconcile`;
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    const path = ctx.path;
    const covered = prefix === '' || path === prefix || path.startsWith(`${prefix}/`) || path.startsWith('/assets/');
    if (origin === '' || !covered || path === reconcilePath || path.startsWith(`${reconcilePath}/`) || !isConfiguredOrigin(origin, allowed)) {
      return next();
    }
    ctx.vary('Origin');
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method') !== '') {
      ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      ctx.set('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      ctx.status = 204;
      return;
    }
    return next();
  };
}
