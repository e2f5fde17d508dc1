/**
 * `GET /`: a placeholder page in Russian until the web UI (`<pricecat-app>`) arrives. Kept alone in this
 * file so that issue replaces one router and nothing else.
 *
 * @module
 */
import { Router } from '@koa/router';
import type { RouteDeps } from './route-deps.js';

/** The start page at the app's root (outside the API prefix). */
export function createUiRouter({ prefix }: Pick<RouteDeps, 'prefix'>): Router {
  const router = new Router();
  const page = placeholderHtml(prefix);
  router.get('/', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });
  return router;
}

// ---- internal helpers ----

function placeholderHtml(prefix: string): string {
  // Relative links (`./api/docs/`) keep working behind a proxy that mounts the app under a sub-path.
  const docs = `.${prefix}/docs/`;
  const api = `.${prefix}/`;
  return `<!DOCTYPE html>
<html lang="ru">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>pricecat — каталог цен клиник</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #1f2933; }
      a { color: #0b6bcb; }
      code { background: #f0f3f6; padding: 0.1rem 0.3rem; border-radius: 0.2rem; }
    </style>
  </head>
  <body>
    <h1>pricecat</h1>
    <p>Единый каталог цен клиник-партнёров: загрузка прайс-листов, нормализация услуг по справочнику, поиск и сравнение цен.</p>
    <p>Веб-интерфейс появится в следующей версии. Пока доступны:</p>
    <ul>
      <li><a href="${docs}">интерактивная документация API</a> (Swagger UI);</li>
      <li>API по адресу <code>${api}</code>, например <a href="${api}stats">статистика</a>.</li>
    </ul>
  </body>
</html>
`;
}
