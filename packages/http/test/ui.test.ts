import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUiRouter } from '../src/routes/ui.js';
import { startPrefixProxy, startTestServer, type TestServer } from './test-server.js';

/** The bundle `npm run build` wrote; turbo builds @pricecat/web-components before this package's tests. */
const bundleFile = join(
  dirname(createRequire(import.meta.url).resolve('@pricecat/web-components/package.json')),
  'dist',
  'pricecat.bundle.js',
);

function scriptSrc(html: string): string {
  return /s\.src="([^"]+)"/.exec(html)?.[1] ?? '';
}

describe('the web UI served next to the API', () => {
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

  it('answers / with a Russian page that starts <pricecat-app> against ./api and is never cached', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<pricecat-app api-base="./api"></pricecat-app>');
    expect(scriptSrc(html)).toMatch(/^\.\/assets\/pricecat\.[0-9a-f]{12}\.js$/);
  });

  it('links a tab icon that the server answers, behind the proxy too, so the console shows no 404', async () => {
    const html = await (await fetch(proxy.url)).text();
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(href).toBe('./favicon.svg');
    const icon = await fetch(new URL(href, proxy.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
    expect((await fetch(new URL('favicon.ico', server.url))).status).toBe(200);
  });

  it('serves the bundle under a URL carrying its content hash, cached for a year', async () => {
    const html = await (await fetch(server.url)).text();
    const expectedHash = createHash('sha256').update(readFileSync(bundleFile)).digest('hex').slice(0, 12);
    expect(scriptSrc(html)).toBe(`./assets/pricecat.${expectedHash}.js`);
    const response = await fetch(new URL(scriptSrc(html), server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(bundleFile))).toBe(true);
  });

  it('sends the bundle uncompressed to a client that does not accept gzip', async () => {
    const html = await (await fetch(server.url)).text();
    const response = await fetch(new URL(scriptSrc(html), server.url), { headers: { 'accept-encoding': 'identity' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(Number(response.headers.get('content-length'))).toBe(readFileSync(bundleFile).length);
  });

  it('answers an outdated bundle URL with 404, so a stale page never runs a mismatched bundle', async () => {
    const response = await fetch(new URL('assets/pricecat.000000000000.js', server.url));
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it('works behind a reverse proxy that mounts the app under /pricecat/', async () => {
    const page = await fetch(proxy.url);
    const html = await page.text();
    const bundle = await fetch(new URL(scriptSrc(html), page.url));
    expect(new URL(bundle.url).pathname).toMatch(/^\/pricecat\/assets\/pricecat\.[0-9a-f]{12}\.js$/);
    expect(bundle.status).toBe(200);
    const apiBase = /api-base="([^"]+)"/.exec(html)?.[1] ?? '';
    const stats = await fetch(new URL(`${apiBase}/stats`, page.url));
    expect(new URL(stats.url).pathname).toBe('/pricecat/api/stats');
    expect(stats.status).toBe(200);
  });
});

describe('the web UI with another API prefix', () => {
  it('points <pricecat-app> at that prefix', async () => {
    const server = await startTestServer({ prefix: '/v1/api/' });
    try {
      const html = await (await fetch(server.url)).text();
      expect(html).toContain('<pricecat-app api-base="./v1/api"></pricecat-app>');
    } finally {
      await server.close();
    }
  });
});

describe('the web UI when the web components were not built', () => {
  it('tells the operator how to build them and still links the API docs', async () => {
    const app = new Koa();
    app.use(createUiRouter({ prefix: '/api' }, { bundleFile: join(dirname(bundleFile), 'missing.bundle.js') }).routes());
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    try {
      const { port } = listener.address() as AddressInfo;
      const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(html).toContain('Веб-интерфейс не собран: выполните <code>npm run build</code>');
      expect(html).toContain('href="./api/docs/"');
      expect(html).not.toContain("s.type='module'");
    } finally {
      listener.close();
    }
  });
});
