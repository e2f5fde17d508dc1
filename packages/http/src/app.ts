/**
 * The Koa application: error mapping first, CORS (the reconciliation service's, open to all, and the
 * allowed origins' for the rest of the API and the UI bundle), the access guard, then one router per
 * resource under the API prefix, the OpenAPI document, the interactive docs and the placeholder start page.
 *
 * @module
 */
import { tmpdir } from 'node:os';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Catalogue } from '@pricecat/core';
import { createAccessGuard, type AccessOptions } from './access.js';
import { createCors } from './cors.js';
import { createErrorHandler, logToStderr, type UnexpectedErrorLogger } from './error-handler.js';
import { createDocsRouter } from './routes/docs.js';
import { createIngestRouter } from './routes/ingest.js';
import { createReconcileCors, createReconcileRouter } from './routes/reconcile.js';
import { createUiRouter } from './routes/ui.js';
import { createApiRouter } from './routes/api-router.js';
import { handlers } from './routes/handlers.js';

/** Default largest upload: 200 MiB, formidable's own default; files stream to disk, not memory. */
export const DEFAULT_MAX_FILE_SIZE = 200 * 1024 * 1024;
/** Largest JSON request body (1 MiB); JSON requests carry decisions and settings, never files. */
export const MAX_JSON_BYTES = 1024 * 1024;

/** Options of {@link createApp}. */
export interface AppOptions {
  /** The only thing handlers call. The app does not close it; whoever created it does. */
  readonly catalogue: Catalogue;
  /** Where the API lives. @default '/api' (`''` or `'/'` mounts it at the root) */
  readonly prefix?: string;
  readonly uploadLimits?: {
    /** Largest accepted upload in bytes; larger ones get 413 `UPLOAD_TOO_LARGE`. @default 200 MiB */
    readonly maxFileSize?: number;
    /** Directory for temporary upload files, removed after each request. @default os.tmpdir() */
    readonly uploadDir?: string;
  };
  /** Where unexpected errors (answered with 500) are reported. @default one `console.error` each */
  readonly logUnexpected?: UnexpectedErrorLogger;
  /**
   * Tokens, allowed hosts and origins (see {@link AccessOptions}). @default no token; loopback host
   * names only (`startServer` adds the address it binds); same-origin pages only
   */
  readonly access?: AccessOptions;
}

/** Builds the pricecat Koa app; call `.listen()` on it, or use `startServer`. */
export function createApp(options: AppOptions): Koa {
  const prefix = normalizePrefix(options.prefix ?? '/api');
  const maxFileSize = options.uploadLimits?.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const uploadDir = options.uploadLimits?.uploadDir ?? tmpdir();
  const deps = { catalogue: options.catalogue, prefix };

  const app = new Koa();
  app.use(
    createErrorHandler({
      prefix,
      maxUploadBytes: maxFileSize,
      maxJsonBytes: MAX_JSON_BYTES,
      logUnexpected: options.logUnexpected ?? logToStderr,
    }),
  );
  // Before the body parser: a reconcile error from a malformed body must still carry CORS headers.
  app.use(createReconcileCors(prefix));
  // Before the guard too: a refusal (401, 403) must reach an allowed portal's page as a readable answer.
  app.use(createCors(options.access?.allowedOrigins ?? [], prefix));
  // Before any body is parsed or any upload written to disk: a refused request costs nothing.
  app.use(createAccessGuard(options.access ?? {}, prefix));
  // JSON bodies for the API's POST routes; multipart is parsed by the ingest route alone.
  app.use(koaBody({ multipart: false, urlencoded: false, text: false, json: true, jsonLimit: MAX_JSON_BYTES }));

  const routers = [
    createIngestRouter(deps, { maxFileSize, uploadDir }),
    createApiRouter(deps, handlers),
    createReconcileRouter(deps, { maxBodyBytes: MAX_JSON_BYTES }),
    createDocsRouter(deps),
    createUiRouter(deps),
  ];
  for (const router of routers) {
    app.use(router.routes());
    // Not `throw: true`: the bodiless 405/501 keeps the router's `Allow` header, and the error
    // middleware adds the JSON body.
    app.use(router.allowedMethods());
  }
  return app;
}

/**
 * `'/api/'` → `'/api'`, `'api'` → `'/api'`, `'/'` or `''` → `''`. Throws `TypeError` for a prefix with
 * characters a URL path cannot hold unescaped (a programming error, not user input).
 */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9._~!$&'()*+,;=:@%/-]+$/.test(trimmed) || trimmed.includes('//')) {
    throw new TypeError(`Invalid API prefix "${prefix}": use path segments such as "/api" or "/pricecat/api".`);
  }
  return `/${trimmed}`;
}
