/**
 * `GET {prefix}/openapi.json` and the interactive docs at `GET {prefix}/docs/`: Swagger UI served from
 * the installed `swagger-ui-dist` package (no CDN, works offline).
 *
 * Every URL in the page is relative, and the redirect from `docs` to `docs/` is relative too, so the
 * docs keep working when a reverse proxy mounts the whole app under another path (`/pricecat/api/docs/`).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router } from '@koa/router';
import { openapiDocument } from '../openapi.js';
import { docsInitScript, docsPageHtml } from './docs-page.js';
import type { RouteDeps } from './route-deps.js';

const require = createRequire(import.meta.url);
const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const swaggerVersion = (require('swagger-ui-dist/package.json') as { version: string }).version;

/** Files of `swagger-ui-dist` the page may load, with their content types; nothing else is served. */
const SWAGGER_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui.css.map': 'application/json',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-bundle.js.map': 'application/json',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/**
 * Asset URLs carry `?v=<swagger-ui version>` (or a hash of our init script), so a year of caching is
 * safe: an upgrade changes the URL.
 */
const ASSET_CACHE = 'public, max-age=31536000, immutable';

/** The OpenAPI document and Swagger UI. */
export function createDocsRouter({ prefix }: Pick<RouteDeps, 'prefix'>): Router {
  // strict: `docs` and `docs/` are different URLs here; relative links only resolve right from `docs/`.
  const router = new Router({ prefix, strict: true });
  const assetCache = new Map<string, Buffer>();
  const page = docsPageHtml({ swaggerVersion, initVersion: contentVersion(docsInitScript) });

  router.get('/openapi.json', (ctx) => {
    ctx.body = openapiDocument;
  });
  router.get('/docs', (ctx) => {
    // Relative Location (RFC 9110 allows it): `/api/docs` behind a proxy is `/pricecat/api/docs`, and
    // `docs/` resolves against whichever the browser sees.
    ctx.redirect('docs/');
  });
  router.get('/docs/', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });
  router.get('/docs/assets/init.js', (ctx) => {
    ctx.set('Cache-Control', ASSET_CACHE);
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = docsInitScript;
  });
  router.get('/docs/assets/:file', async (ctx) => {
    const file = ctx.params.file;
    const type = file === undefined ? undefined : SWAGGER_ASSETS[file];
    if (file === undefined || type === undefined) return; // falls through to the JSON 404
    let bytes = assetCache.get(file);
    if (!bytes) {
      bytes = await readFile(join(swaggerDir, file));
      assetCache.set(file, bytes);
    }
    ctx.set('Cache-Control', ASSET_CACHE);
    ctx.type = type;
    ctx.body = bytes;
  });
  return router;
}

// ---- internal helpers ----

function contentVersion(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}
