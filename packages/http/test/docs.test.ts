import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrefixProxy, startTestServer, type TestServer } from './test-server.js';

/** Every `href`/`src` attribute value of an HTML page. */
function referencedUrls(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]+)"/g)].map((match) => match[1] ?? '');
}

describe('interactive docs behind a reverse proxy that mounts the app under /pricecat/', () => {
  let server: TestServer;
  let proxy: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    server = await startTestServer();
    proxy = await startPrefixProxy(server.url, '/pricecat');
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('redirects /api/docs to /api/docs/ with a relative Location that stays under the proxy', async () => {
    const response = await fetch(new URL('api/docs', proxy.url), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location).not.toMatch(/^(https?:|\/)/);
    expect(new URL(location, new URL('api/docs', proxy.url)).pathname).toBe('/pricecat/api/docs/');
  });

  it('loads the docs page and every asset it references through the proxy', async () => {
    const response = await fetch(new URL('api/docs', proxy.url));
    expect(response.status).toBe(200);
    expect(new URL(response.url).pathname).toBe('/pricecat/api/docs/');
    const html = await response.text();
    const references = referencedUrls(html);
    expect(references.length).toBeGreaterThanOrEqual(3);
    for (const reference of references) {
      expect(reference, 'only relative URLs').toMatch(/^\.\//);
      const url = new URL(reference, response.url);
      expect(url.pathname.startsWith('/pricecat/api/docs/assets/')).toBe(true);
      const asset = await fetch(url);
      expect(asset.status, url.pathname).toBe(200);
      expect(asset.headers.get('cache-control')).toMatch(/max-age=\d+/);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    expect(references.some((r) => r.includes('swagger-ui-bundle.js'))).toBe(true);
    expect(references.some((r) => r.includes('swagger-ui.css'))).toBe(true);
  });

  it('points the page at the OpenAPI document under the proxy prefix, whose servers URL stays there too', async () => {
    const page = await fetch(new URL('api/docs/', proxy.url));
    const html = await page.text();
    const specReference = /data-openapi-url="([^"]+)"/.exec(html)?.[1] ?? '';
    const specUrl = new URL(specReference, page.url);
    expect(specUrl.pathname).toBe('/pricecat/api/openapi.json');
    const spec = (await (await fetch(specUrl)).json()) as { openapi: string; servers: { url: string }[] };
    expect(spec.openapi).toBe('3.1.0');
    const apiBase = new URL(spec.servers[0]?.url ?? '', specUrl);
    expect(apiBase.pathname).toBe('/pricecat/api/');
    const health = await fetch(new URL('health', apiBase));
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('serves the Russian start page whose links work through the proxy', async () => {
    const response = await fetch(proxy.url);
    const html = await response.text();
    expect(html).toContain('lang="ru"');
    expect(html).toContain('документация API');
    for (const reference of referencedUrls(html)) {
      expect(reference).toMatch(/^\.\//);
      const target = await fetch(new URL(reference, response.url));
      expect(target.status, reference).toBe(200);
    }
  });

  it('does not serve files of swagger-ui-dist that the page does not use', async () => {
    const response = await fetch(new URL('api/docs/assets/package.json', proxy.url));
    expect(response.status).toBe(404);
    const traversal = await fetch(new URL('api/docs/assets/..%2F..%2Fpackage.json', proxy.url));
    expect(traversal.status).toBe(404);
  });
});

describe('GET /api/openapi.json', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('describes every route of the API with its method', async () => {
    const spec = (await (await fetch(server.at('api/openapi.json'))).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(spec.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.sort()).toEqual(
      [
        'POST /ingest',
        'GET /stats',
        'GET /search',
        'GET /services',
        'GET /services/{id}',
        'GET /services/{id}/partners',
        'GET /partners',
        'GET /partners/{id}/services',
        'GET /positions',
        'GET /price-lists',
        'GET /price-changes',
        'GET /health',
        'GET /reconcile',
        'POST /reconcile',
        'GET /settings',
        'POST /settings',
        'POST /scan',
        'GET /scan/last',
        'GET /export.xlsx',
        'GET /queue',
        'POST /match',
        'POST /skip',
        'POST /undo',
        'POST /queue/accept-suggestions',
        'GET /decisions',
        'GET /positions/{id}/context',
        'GET /unmatched',
        'GET /service-proposals',
        'POST /services',
        'POST /ingest-jobs',
        'GET /ingest-jobs/{id}',
        'GET /services/{id}/history',
        'GET /dashboard',
      ].sort(),
    );
  });

  it('has no dangling $ref', async () => {
    const spec = (await (await fetch(server.at('api/openapi.json'))).json()) as Record<string, unknown>;
    const refs = [...JSON.stringify(spec).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      const target = ref.split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], spec);
      expect(target, ref).toBeDefined();
    }
  });

  it('answers every documented GET route that needs no id with 200 on an empty catalogue', async () => {
    for (const path of ['stats', 'search?q=узи', 'services', 'partners', 'positions', 'price-lists', 'price-changes', 'health', 'queue', 'unmatched', 'settings', 'export.xlsx', 'service-proposals']) {
      const response = await fetch(server.at(`api/${path}`));
      expect(response.status, path).toBe(200);
    }
  });
});

describe('API prefix', () => {
  it('mounts the API, its document and docs under a custom prefix', async () => {
    const server = await startTestServer({ prefix: '/v1/pricecat/' });
    try {
      expect((await fetch(server.at('v1/pricecat/health'))).status).toBe(200);
      expect((await fetch(server.at('v1/pricecat/docs/'))).status).toBe(200);
      expect((await fetch(server.at('v1/pricecat/openapi.json'))).status).toBe(200);
      expect((await fetch(server.at('api/health'))).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
