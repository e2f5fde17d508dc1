/**
 * The access guard, right after the error middleware: the Host check (against DNS rebinding), the Origin
 * check (against cross-site requests, which a browser sends without a preflight for a form upload) and
 * the bearer token, when one is configured. Refusals leave as the API's JSON errors: 403 `FORBIDDEN`,
 * 401 `UNAUTHORIZED` with `WWW-Authenticate: Bearer`.
 *
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { detail } from '@pricecat/core';
import type { Context, Middleware } from 'koa';
import { HttpError } from './errors.js';
import { isConfiguredOrigin, isSameOrigin, normalizeOrigins } from './origins.js';

/** One API token and the name decisions made with it are attributed to. */
export interface ApiToken {
  readonly name: string;
  readonly token: string;
}

/** Options of {@link createAccessGuard}; see README, «Security settings», for the environment variables. */
export interface AccessOptions {
  /** Tokens accepted in `Authorization: Bearer …`. @default none: no token is asked for */
  readonly tokens?: readonly ApiToken[];
  /** What needs a token when tokens are set: `writes` (every POST, PUT, PATCH, DELETE) or `all` API requests. @default 'writes' */
  readonly protect?: 'writes' | 'all';
  /**
   * Host names (no port) the server answers to; `*` allows any. @default the loopback names
   * (`localhost`, `127.0.0.1`, `::1`) and the address the server is bound to
   */
  readonly allowedHosts?: readonly string[];
  /** Origins (`https://portal.example`) whose pages may call the API, besides the server's own; `*` allows any. @default none */
  readonly allowedOrigins?: readonly string[];
}

/** Host names a server bound to loopback answers to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '::1'];

/** Where {@link createAccessGuard} stores the token name of an authenticated request (`ctx.state`). */
export const TOKEN_NAME_STATE = 'tokenName';

/** Builds the guard for the API mounted at `prefix` (normalised: `''` or `/api`). */
export function createAccessGuard(options: AccessOptions, prefix: string): Middleware {
  const hosts = new Set((options.allowedHosts ?? LOOPBACK_HOSTS).map(normalizeHostName));
  const origins = normalizeOrigins(options.allowedOrigins ?? []);
  const tokens = (options.tokens ?? []).map((entry) => ({ name: entry.name, digest: digest(entry.token) }));
  const protect = options.protect ?? 'writes';
  const reconcilePath = `${prefix}/reconcile`;
  const docsPath = `${prefix}/docs`;
  return async (ctx, next) => {
    const host = hostNameOf(ctx.get('host'));
    if (!hosts.has('*') && (host === null || !hosts.has(host))) {
      throw new HttpError(
        403,
        'FORBIDDEN',
        detail('HOST_NOT_ALLOWED', { host: ctx.get('host') }),
      );
    }
    const path = ctx.path;
    const origin = ctx.get('origin');
    // The reconciliation service is read-only and open to other origins on purpose (its CORS answers `*`).
    // The UI's page and modules are public and carry no data: a module script sends `Origin` even from its own
    // page, which a proxy that rewrites `Host` would otherwise turn into a refusal.
    const staticRead = (ctx.method === 'GET' || ctx.method === 'HEAD') && (path === '/' || path.startsWith('/assets/'));
    if (origin !== '' && !staticRead && !isUnder(path, reconcilePath) && !isAllowedOrigin(origin, ctx.get('host'), origins)) {
      throw new HttpError(
        403,
        'FORBIDDEN',
        detail('ORIGIN_NOT_ALLOWED', { origin }),
      );
    }
    if (tokens.length > 0 && needsToken(ctx, protect, prefix, reconcilePath, docsPath)) {
      const given = bearerToken(ctx.get('authorization'));
      if (given === null) {
        ctx.set('WWW-Authenticate', 'Bearer realm="pricecat"');
        throw new HttpError(401, 'UNAUTHORIZED', detail('TOKEN_REQUIRED'));
      }
      const match = findToken(tokens, given);
      if (!match) {
        ctx.set('WWW-Authenticate', 'Bearer realm="pricecat", error="invalid_token"');
        throw new HttpError(401, 'UNAUTHORIZED', detail('TOKEN_INVALID'));
      }
      ctx.state[TOKEN_NAME_STATE] = match;
    }
    await next();
  };
}

/** `Host` header → lower-case host name without port or IPv6 brackets; null when absent or malformed. */
export function hostNameOf(header: string): string | null {
  const value = header.trim().toLowerCase();
  if (value === '') return null;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end > 0 ? value.slice(1, end) : null;
  }
  const colon = value.indexOf(':');
  return colon >= 0 ? value.slice(0, colon) : value;
}

// ---- internal helpers ----

/** A configured host name: lower case, IPv6 brackets and a `:port` dropped (`Pricecat.kz:8443` → `pricecat.kz`). */
function normalizeHostName(name: string): string {
  const trimmed = name.trim().toLowerCase();
  if (trimmed.startsWith('[')) return hostNameOf(trimmed) ?? trimmed;
  // One colon is a port; more are an unbracketed IPv6 address.
  return trimmed.split(':').length === 2 ? trimmed.slice(0, trimmed.indexOf(':')) : trimmed;
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/** The page's origin is the server's own (same `host:port`), or configured. */
function isAllowedOrigin(origin: string, hostHeader: string, allowed: ReadonlySet<string>): boolean {
  return isConfiguredOrigin(origin, allowed) || isSameOrigin(origin, hostHeader);
}

function needsToken(ctx: Context, protect: 'writes' | 'all', prefix: string, reconcilePath: string, docsPath: string): boolean {
  const path = ctx.path;
  // Reconciliation queries are reads, sent as POST by the protocol.
  if (isUnder(path, reconcilePath) && protect === 'writes') return false;
  if (ctx.method === 'OPTIONS') return false;
  const safe = ctx.method === 'GET' || ctx.method === 'HEAD';
  if (!safe) return true;
  if (protect === 'writes') return false;
  // `all`: every API read too, except the docs and the OpenAPI document (and the UI, outside the prefix,
  // loads without a token, so it can ask for one).
  return (prefix === '' || isUnder(path, prefix)) && !isUnder(path, docsPath) && path !== `${prefix}/openapi.json`;
}

function bearerToken(header: string): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Compares digests in constant time, so the answer's timing tells nothing about the token. */
function findToken(tokens: readonly { name: string; digest: Buffer }[], given: string): string | null {
  const candidate = digest(given);
  let found: string | null = null;
  for (const token of tokens) if (timingSafeEqual(token.digest, candidate) && found === null) found = token.name;
  return found;
}
