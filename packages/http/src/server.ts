/**
 * Starting and stopping the HTTP server; used by the CLI, the tests and `examples/`.
 *
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { detail, startScanSchedule } from '@pricecat/core';
import { LOOPBACK_HOSTS } from './access.js';
import { createApp, type AppOptions } from './app.js';
import { errorBody } from './errors.js';

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
  const host = options.host ?? '127.0.0.1';
  const boundHost = host === '0.0.0.0' || host === '::' ? [] : [host];
  const app = createApp({ ...options, access: { ...options.access, allowedHosts: options.access?.allowedHosts ?? [...LOOPBACK_HOSTS, ...boundHost] } });
  const server = createServer(app.callback());
  server.on('clientError', answerClientError);
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

/**
 * Node answers a request whose head is over 16 KiB (a long query) with a bare 431 and no body; send the
 * API's JSON error instead (issue #18). Other malformed requests get a plain 400, as Node would.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const body = JSON.stringify(
      errorBody('HEADERS_TOO_LARGE', detail('HEADERS_TOO_LARGE', { max: '16 КБ' })),
    );
    socket.end(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    return;
  }
  socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
