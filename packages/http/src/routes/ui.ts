/**
 * The web UI at the app's root, next to the API: `GET /` answers the page that loads `<pricecat-app>`,
 * `GET /assets/pricecat.<hash>.js` the production bundle of `@pricecat/web-components`.
 *
 * Every URL in the page is relative (`./assets/…`, `api-base="./api"`), so the UI keeps working when a
 * reverse proxy mounts the whole app under a sub-path. The page is `no-cache`; the bundle's URL carries
 * its content hash and is cached for a year.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Router } from '@koa/router';
import type { RouteDeps } from './route-deps.js';

/** A year: the bundle URL changes with its content, so a cached copy is never stale. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';

/** Options of {@link createUiRouter}; tests point `bundleFile` elsewhere. */
export interface UiOptions {
  /** Path of `pricecat.bundle.js`. @default the installed `@pricecat/web-components` */
  readonly bundleFile?: string;
}

/** The single-page app at `/` and its bundle under `/assets/`. */
export function createUiRouter({ prefix }: Pick<RouteDeps, 'prefix'>, options: UiOptions = {}): Router {
  const router = new Router();
  // Read on first use, not at startup: a server built without the UI still starts and serves the API.
  let bundle: Promise<UiBundle | undefined> | undefined;
  const getBundle = () => (bundle ??= loadUiBundle(options.bundleFile));

  router.get('/', async (ctx) => {
    const loaded = await getBundle();
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = uiPageHtml({ apiBase: `.${prefix}`, bundleFile: loaded ? `pricecat.${loaded.hash}.js` : undefined });
  });
  router.get('/assets/:file', async (ctx) => {
    const loaded = await getBundle();
    if (!loaded) return; // falls through to Koa's 404
    const file = ctx.params.file;
    if (file === `pricecat.${loaded.hash}.js`) {
      ctx.set('Cache-Control', ASSET_CACHE);
      ctx.set('Vary', 'Accept-Encoding');
      ctx.type = 'text/javascript; charset=utf-8';
      if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = loaded.gzipped;
      } else {
        ctx.body = loaded.bytes;
      }
    } else if (file === 'pricecat.bundle.js.map' && loaded.sourceMap) {
      // The bundle's `sourceMappingURL` names this file; it changes with every build, so no long caching.
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'application/json';
      ctx.body = loaded.sourceMap;
    }
  });
  return router;
}

// ---- internal helpers ----

/** The bundle in memory. */
interface UiBundle {
  /** First 12 hex digits of the SHA-256 of the bundle: part of its URL, so a new build gets a new URL. */
  readonly hash: string;
  readonly bytes: Buffer;
  readonly gzipped: Buffer;
  /** The source map, when the build wrote one. */
  readonly sourceMap: Buffer | undefined;
}

const require = createRequire(import.meta.url);

/** Where the bundle lies, resolved through the installed package (works from the monorepo and from npm). */
function bundlePath(): string {
  return join(dirname(require.resolve('@pricecat/web-components/package.json')), 'dist', 'pricecat.bundle.js');
}

/** Reads the bundle; `undefined` when the web components were not built (the page then says so). */
async function loadUiBundle(path: string = bundlePath()): Promise<UiBundle | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return undefined;
  }
  const sourceMap = await readFile(`${path}.map`).catch(() => undefined);
  return {
    hash: createHash('sha256').update(bytes).digest('hex').slice(0, 12),
    bytes,
    gzipped: gzipSync(bytes, { level: 9 }),
    sourceMap,
  };
}

/** What the page needs: the API base relative to the page, and the bundle's file name if it was built. */
interface UiPageOptions {
  /** e.g. `./api` */
  readonly apiBase: string;
  /** e.g. `pricecat.1a2b3c4d5e6f.js`; `undefined` when the web components were not built. */
  readonly bundleFile: string | undefined;
}

/** The page: `<pricecat-app>` once the bundle runs, links to the API docs for those without JavaScript. */
function uiPageHtml({ apiBase, bundleFile }: UiPageOptions): string {
  const api = escapeAttribute(`${apiBase}/`);
  const docs = escapeAttribute(`${apiBase}/docs/`);
  const fallback = `<p>Единый каталог цен клиник-партнёров. Без JavaScript доступны
        <a href="${docs}">интерактивная документация API</a> и сам API по адресу <code>${api}</code>.</p>`;
  const script = bundleFile
    ? `<script type="module" src="./assets/${escapeAttribute(bundleFile)}"></script>`
    : '';
  const body = bundleFile
    ? `<pricecat-app api-base="${escapeAttribute(apiBase)}"></pricecat-app>
    <noscript>${fallback}</noscript>`
    : `<main class="fallback"><h1>pricecat</h1>
      <p>Веб-интерфейс не собран: выполните <code>npm run build</code> в корне репозитория и перезапустите сервер.</p>
      ${fallback}</main>`;
  return `<!DOCTYPE html>
<html lang="ru">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>pricecat — каталог цен клиник</title>
    <!-- An empty icon: without one the browser asks for /favicon.ico, and its 404 is a console error. -->
    <link rel="icon" href="data:,">
    <style>
      body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f2933; background: #f7f9fb; }
      .fallback, noscript p { display: block; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
      a { color: #0b6bcb; }
      pricecat-app:not(:defined) { display: block; min-height: 100vh; }
    </style>
    ${script}
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}


function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
