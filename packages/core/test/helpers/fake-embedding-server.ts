/**
 * A fake embedding provider for tests: a real HTTP server on 127.0.0.1 speaking the feature-extraction
 * protocol of Hugging Face Inference / Text Embeddings Inference (`POST {"inputs": [...]}` → `number[][]`),
 * with scripted failures (429, 503, garbage, slowness, wrong shapes) and counters of what it was asked.
 *
 * Its vectors mean something: hashed character trigrams of the lower-cased text, so names that share
 * spelling get similar vectors, and the same text always gets the same vector.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer, used by the next request and then dropped. Fields combine (`delayMs` + `status`). */
export interface FakeEmbeddingBehaviour {
  /** Answer this HTTP status with a JSON `{"error": ...}` body, as the hosted API does. */
  readonly status?: number;
  /** The `Retry-After` header to send with `status` (seconds or an HTTP date). */
  readonly retryAfter?: string;
  /** Answer 200 with a body that is not vectors: `true`/`'html'` an HTML page, `'json'` `{"oops":1}`. */
  readonly garbage?: true | 'html' | 'json';
  /** Wait this long before answering (or before hanging up). */
  readonly delayMs?: number;
  /** Answer vectors of this dimension instead of the server's. */
  readonly dimension?: number;
  /** Answer one vector per token (`number[][][]`), unpooled, as some servers do. */
  readonly tokenVectors?: true;
  /** Drop the connection without answering (a network error for the client). */
  readonly hangUp?: true;
}

/** Options of {@link startFakeEmbeddingServer}. */
export interface FakeEmbeddingServerOptions {
  /** Dimension of the vectors. @default 256 */
  readonly dimension?: number;
  /** Latency of every answer, so overlapping requests can be observed. @default 0 */
  readonly delayMs?: number;
}

/** A running {@link startFakeEmbeddingServer}. Counters are live. */
export interface FakeEmbeddingServer {
  /** The endpoint URL to give the embedder (`http://127.0.0.1:<port>/embed`). */
  readonly url: string;
  /** Requests received, failed ones included. */
  readonly calls: number;
  /** Every input text received, in arrival order, repeated when a request is retried. */
  readonly texts: readonly string[];
  /** Most requests being answered at one moment. */
  readonly maxInFlight: number;
  /** The `Authorization` header of each request (`undefined` when absent). */
  readonly authorizations: readonly (string | undefined)[];
  /** Queues one-shot behaviours for the next requests, in order. */
  script(responses: readonly FakeEmbeddingBehaviour[]): void;
  /** The vector the server answers for `text` (raw trigram counts, not normalized). */
  vectorOf(text: string, dimension?: number): number[];
  /** Stops the server, dropping open connections and pending slow answers. */
  close(): Promise<void>;
}

/** Starts a {@link FakeEmbeddingServer} on 127.0.0.1 at a free port. */
export async function startFakeEmbeddingServer(options: FakeEmbeddingServerOptions = {}): Promise<FakeEmbeddingServer> {
  const dimension = options.dimension ?? 256;
  const queue: FakeEmbeddingBehaviour[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const texts: string[] = [];
  const authorizations: (string | undefined)[] = [];
  let calls = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const behaviour = queue.shift() ?? {};
    const body = await readBody(request);
    authorizations.push(request.headers.authorization);
    let inputs: unknown;
    try {
      inputs = (JSON.parse(body) as { inputs?: unknown }).inputs;
    } catch {
      inputs = undefined;
    }
    const list = typeof inputs === 'string' ? [inputs] : inputs;
    if (request.method !== 'POST' || !Array.isArray(list) || !list.every((x) => typeof x === 'string')) {
      return send(response, 422, { error: 'expected POST {"inputs": string[] | string}' });
    }
    texts.push(...list);
    const delay = behaviour.delayMs ?? options.delayMs ?? 0;
    if (delay > 0) await wait(delay);
    if (behaviour.hangUp) {
      request.socket.destroy();
      return;
    }
    if (behaviour.status !== undefined && behaviour.status !== 200) {
      const headers = behaviour.retryAfter !== undefined ? { 'retry-after': behaviour.retryAfter } : undefined;
      const error = behaviour.status === 429 ? 'Rate limit reached' : behaviour.status === 503 ? 'Model is currently loading' : `Error ${behaviour.status}`;
      return send(response, behaviour.status, { error }, headers);
    }
    if (behaviour.garbage === 'json') return send(response, 200, { oops: 1 });
    if (behaviour.garbage) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<html><body><h1>Welcome to nginx!</h1></body></html>');
      return;
    }
    const size = behaviour.dimension ?? dimension;
    const vectors = list.map((text: string) =>
      behaviour.tokenVectors ? tokensOf(text).map((token) => trigramVector(token, size)) : trigramVector(text, size),
    );
    send(response, 200, typeof inputs === 'string' ? vectors[0] : vectors);
  }

  const server = createServer((request, response) => {
    calls++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    answer(request, response)
      .catch(() => response.destroy())
      .finally(() => inFlight--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/embed`,
    get calls() {
      return calls;
    },
    get texts() {
      return texts;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get authorizations() {
      return authorizations;
    },
    script(responses) {
      queue.push(...responses);
    },
    vectorOf: (text, size = dimension) => trigramVector(text, size),
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------- internal helpers

/** Counts of hashed character trigrams of ` text ` (lower-cased), FNV-1a into `size` buckets. */
function trigramVector(text: string, size: number): number[] {
  const vector = new Array<number>(size).fill(0);
  const chars = Array.from(` ${text.toLowerCase()} `);
  for (let i = 0; i + 3 <= chars.length; i++) {
    let hash = 0x811c9dc5;
    for (const unit of chars.slice(i, i + 3).join('')) {
      hash ^= unit.codePointAt(0)!;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    vector[hash % size]! += 1;
  }
  return vector;
}

/** Whitespace tokens, or the whole text when it has none (so every text has at least one token). */
function tokensOf(text: string): string[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  return tokens.length > 0 ? tokens : [text];
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
