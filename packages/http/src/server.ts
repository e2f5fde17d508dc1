/**
 * Starting and stopping the HTTP server; used by the CLI, the tests and `examples/`.
 *
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startScanSchedule } from '@pricecat/core';
import { createApp, type AppOptions } from './app.js';

/** Options of {@link startServer}: those of `createApp` plus where to listen. */
export interface ServerOptions extends AppOptions {
  /** TCP port; 0 picks a free one (see the returned `url`). @default 8080 */
  readonly port?: number;
  /** Interface to bind. @default '127.0.0.1' (local only; use '0.0.0.0' to expose it) */
  readonly host?: string;
  /**
   * The built-in schedule of watched-folder scans (setting `scan_interval_minutes`), started with the
   * server and stopped by `close()`. `false` switches it off; the numbers shorten its clock in tests.
   * @default on, a minute of 60 000 ms, settings checked every minute
   */
  readonly scanSchedule?: false | { readonly minuteMs?: number; readonly checkEveryMs?: number };
}

/** A running server. */
export interface RunningServer {
  /** Base URL with a trailing slash, e.g. `http://127.0.0.1:8080/`; the API is under `url + 'api'`. */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  /**
   * Stops the scan schedule (a scheduled scan in progress finishes first), stops accepting connections,
   * drops idle keep-alive ones and resolves once closed. It does not close the catalogue.
   */
  close(): Promise<void>;
}

/** Creates the app and listens; resolves once the port is bound, rejects if it cannot be (e.g. in use). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const app = createApp(options);
  const server = createServer(app.callback());
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const schedule =
    options.scanSchedule === false
      ? null
      : startScanSchedule({
          catalogue: options.catalogue,
          ...options.scanSchedule,
          onError: (error) => process.stderr.write(`pricecat: scheduled scan failed: ${error instanceof Error ? error.message : String(error)}\n`),
        });
  return {
    url: `http://${formatHost(host)}:${port}/`,
    port,
    server,
    close: async () => {
      // A scheduled scan in progress finishes first, so the catalogue is not closed under it.
      await schedule?.stop();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections (fetch keeps them) would hold `close` open until they time out.
        server.closeIdleConnections();
      });
    },
  };
}

// ---- internal helpers ----

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
