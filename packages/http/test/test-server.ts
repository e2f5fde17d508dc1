/**
 * Test support: the real app on 127.0.0.1, port 0, over the real `createCatalogue` with memory storage,
 * and a prefix-stripping reverse proxy. Not a test file itself (no `.test.ts`).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCatalogue, createMemoryStorage, type Catalogue, type Service } from '@pricecat/core';
import { startServer, type ServerOptions } from '../src/index.js';

/** A running app and its catalogue; `close` stops both. */
export interface TestServer {
  /** Base URL with a trailing slash. */
  readonly url: string;
  readonly catalogue: Catalogue;
  /** `url` joined with an API path such as `api/stats`. */
  at(path: string): string;
  close(): Promise<void>;
}

/** Starts the app on an ephemeral port with a fresh memory store seeded with `services`. */
export async function startTestServer(
  options: { readonly services?: readonly Service[] } & Partial<Omit<ServerOptions, 'port' | 'host'>> = {},
): Promise<TestServer> {
  const { services, catalogue: given, ...appOptions } = options;
  const catalogue = given ?? (await createCatalogue({ storage: createMemoryStorage(), services }));
  const running = await startServer({ ...appOptions, catalogue, port: 0, host: '127.0.0.1' });
  return {
    url: running.url,
    catalogue,
    at: (path) => new URL(path.replace(/^\//, ''), running.url).href,
    close: async () => {
      await running.close();
      await catalogue.close();
    },
  };
}

/** A reverse proxy that serves `target` under `mount` (e.g. `/pricecat`), stripping it before forwarding. */
export async function startPrefixProxy(target: string, mount: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path !== mount && !path.startsWith(`${mount}/`)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not behind this proxy');
      return;
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: path.slice(mount.length) || '/',
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${mount}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
