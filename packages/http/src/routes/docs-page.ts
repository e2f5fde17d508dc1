/**
 * The Swagger UI page and its start script. Only relative URLs: the page lives at `{prefix}/docs/`,
 * its assets at `./assets/...` and the OpenAPI document at `../openapi.json`.
 *
 * @module
 */

/** The OpenAPI document's URL relative to the docs page (`{prefix}/docs/` → `{prefix}/openapi.json`). */
export const OPENAPI_URL_FROM_DOCS = '../openapi.json';

/** The HTML of `{prefix}/docs/`; versions are appended to asset URLs to bust caches on change. */
export function docsPageHtml(versions: { readonly swaggerVersion: string; readonly initVersion: string }): string {
  const v = encodeURIComponent(versions.swaggerVersion);
  const init = encodeURIComponent(versions.initVersion);
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>pricecat API</title>
    <link rel="stylesheet" href="./assets/swagger-ui.css?v=${v}">
    <link rel="icon" type="image/png" href="./assets/favicon-32x32.png?v=${v}" sizes="32x32">
    <link rel="icon" type="image/png" href="./assets/favicon-16x16.png?v=${v}" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui" data-openapi-url="${OPENAPI_URL_FROM_DOCS}"></div>
    <script src="./assets/swagger-ui-bundle.js?v=${v}" charset="utf-8"></script>
    <script src="./assets/init.js?v=${init}" charset="utf-8"></script>
  </body>
</html>
`;
}

/**
 * Starts Swagger UI. The document URL is resolved against the page, so behind a proxy that serves the
 * app under `/pricecat/` it becomes `/pricecat/api/openapi.json`; the document's relative `servers` URL
 * is then resolved by Swagger UI against the document's own URL, so "Try it out" calls go through the
 * proxy too.
 */
export const docsInitScript = `'use strict';
window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  var url = new URL(root.getAttribute('data-openapi-url'), document.baseURI).href;
  window.ui = SwaggerUIBundle({
    url: url,
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;
