/**
 * `GET {prefix}/openapi.json` and the interactive docs at `GET {prefix}/docs/`: Swagger UI served from
 * the installed `swagger-ui-dist` package (no CDN, works offline). `swagger-ui-dist` is an optional peer
 * dependency: without it `docs/` is a short page linking the OpenAPI document.
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

/** Where `swagger-ui-dist` is installed and its version, or `undefined` when it is not. */
function findSwaggerUi(): { dir: string; version: string } | undefined {
  try {
    const manifest = require.resolve('swagger-ui-dist/package.json');
    return { dir: dirname(manifest), version: (require(manifest) as { version: string }).version };
  } catch {
    return undefined;
  }
}

/** The docs page when Swagger UI is not installed: the document itself is still served. */
const NO_SWAGGER_PAGE = `<!DOCTYPE html>
<html lang="ru"><head><meta charset="utf-8"><title>pricecat — документация API</title></head>
<body><p>Интерактивная документация не установлена (нет пакета <code>swagger-ui-dist</code>:
<code>npm install swagger-ui-dist</code>). Описание API в формате OpenAPI 3.1:
<a href="../openapi.json">openapi.json</a>.</p></body></html>
`;

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
  const swagger = findSwaggerUi();
  const page = swagger ? docsPageHtml({ swaggerVersion: swagger.version, initVersion: contentVersion(docsInitScript) }) : NO_SWAGGER_PAGE;

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
    if (file === undefined || type === undefined || !swagger) return; // falls through to the JSON 404
    let bytes = assetCache.get(file);
    if (!bytes) {
      bytes = await readFile(join(swagger.dir, file));
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
