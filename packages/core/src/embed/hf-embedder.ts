/**
 * The embedding provider on `@huggingface/inference`: the hosted Hugging Face Inference API, or any
 * self-hosted feature-extraction endpoint (Text Embeddings Inference, an Inference Endpoint) via
 * `endpointUrl`. Batches, bounds concurrency, retries transient failures with bounded backoff, and turns
 * every failure into `PricecatError('EMBEDDING_FAILED')` so the matcher can fall back to fuzzy.
 * `@huggingface/inference` is an optional peer dependency, loaded on the first request: a deployment
 * without embeddings never installs nor loads it.
 *
 * @module
 */
import type { InferenceClient, InferenceProviderOrPolicy } from '@huggingface/inference';
import pLimit from 'p-limit';
import { PricecatError } from '../errors.js';
import type { Embedder } from './embedder.js';
import { parseRetryAfter, retryDelayMs, sleep } from './retry-policy.js';
import { readVectorResponse } from './vector-response.js';
import { detail } from '../messages/message-catalogue.js';

/** Options of {@link createHfEmbedder}. */
export interface HfEmbedderOptions {
  /** Model id on the Hub (`intfloat/multilingual-e5-small`); also the cache key of its vectors. */
  readonly model: string;
  /** A self-hosted feature-extraction URL; without it the hosted Hugging Face API is asked. */
  readonly endpointUrl?: string;
  /** Sent as `Authorization: Bearer`; optional for an open self-hosted endpoint. */
  readonly accessToken?: string;
  /**
   * Hosted API only: who serves the model. `'auto'` lets the Hub pick (and logs its choice on every call).
   * @default 'hf-inference'
   */
  readonly provider?: string;
  /** Texts per request; larger batches mean fewer calls but longer ones. @default 32 */
  readonly batchSize?: number;
  /** Requests in flight at once, across all calls of this embedder. @default 2 */
  readonly concurrency?: number;
  /** Retries of one batch after 429, 502-504, a network error or a timeout; 0 disables. @default 4 */
  readonly maxRetries?: number;
  /** First backoff step when the provider sends no `Retry-After`; doubles per retry. @default 500 */
  readonly retryBaseDelayMs?: number;
  /** Cap on any single wait, including one asked for by `Retry-After`. @default 30000 */
  readonly maxRetryDelayMs?: number;
  /** Limit on one request, body included; a slower answer counts as a failed attempt. @default 30000 */
  readonly timeoutMs?: number;
  /** The `fetch` used for every request (a proxy, a test double). @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

/** Creates an {@link Embedder} that asks a Hugging Face feature-extraction provider. */
export function createHfEmbedder(options: HfEmbedderOptions): Embedder {
  const settings = readSettings(options);
  let client: InferenceClient | undefined;
  // One limiter per embedder, not per call: the provider's rate limit counts all our requests.
  const limit = pLimit(settings.concurrency);
  const where = options.endpointUrl
    ? options.endpointUrl
    : `(Hugging Face Inference API, модель ${options.model})`;
  let dimension: number | undefined;

  /** One request for one batch; never throws, says what happened. */
  async function requestOnce(batch: readonly string[], callSignal: AbortSignal): Promise<Attempt> {
    const hf = await loadHf().catch((error: unknown) => error as Error);
    if (hf instanceof Error) return { kind: 'network', message: hf.message, retryable: false };
    let retryAfter: string | null = null;
    const baseFetch = options.fetch ?? globalThis.fetch;
    // NOTE: the client hides response headers on errors, so a wrapped fetch records Retry-After.
    const recordingFetch: typeof fetch = async (input, init) => {
      const response = await baseFetch(input, init);
      retryAfter = response.headers.get('retry-after');
      return response;
    };
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new Error('embedding request timed out')), settings.timeoutMs);
    const signal = AbortSignal.any([timeout.signal, callSignal]);
    try {
      client ??= new hf.InferenceClient(options.accessToken);
      const answer = await client.featureExtraction(
        {
          model: options.model,
          inputs: [...batch],
          ...(options.endpointUrl
            ? { endpointUrl: options.endpointUrl }
            : { provider: (options.provider ?? 'hf-inference') as InferenceProviderOrPolicy }),
        },
        { retry_on_error: false, fetch: recordingFetch, signal },
      );
      const read = readVectorResponse(answer, batch.length);
      if (!read.ok) return { kind: 'garbage', detail: read.reason };
      const answered = read.vectors[0]!.length;
      if (dimension !== undefined && answered !== dimension) {
        return { kind: 'garbage', detail: `vectors of dimension ${answered}, earlier answers had ${dimension}` };
      }
      dimension = answered;
      return { kind: 'ok', vectors: read.vectors };
    } catch (error) {
      if (callSignal.aborted) return { kind: 'cancelled' };
      if (timeout.signal.aborted) return { kind: 'timeout', retryable: true };
      return classify(hf, error, parseRetryAfter(retryAfter));
    } finally {
      clearTimeout(timer);
    }
  }

  async function embedBatch(batch: readonly string[], callSignal: AbortSignal): Promise<Float32Array[]> {
    for (let attempt = 0; ; attempt++) {
      callSignal.throwIfAborted();
      const outcome = await requestOnce(batch, callSignal);
      if (outcome.kind === 'ok') return outcome.vectors;
      if (outcome.kind === 'cancelled') throw callSignal.reason;
      if (!('retryable' in outcome) || !outcome.retryable || attempt >= settings.maxRetries) {
        throw toPricecatError(outcome, attempt + 1, where, settings);
      }
      const retryAfterMs = outcome.kind === 'http' ? outcome.retryAfterMs : undefined;
      await sleep(retryDelayMs(attempt, retryAfterMs, settings.delays), callSignal);
    }
  }

  return {
    model: options.model,
    async embed(texts) {
      if (texts.length === 0) return [];
      const call = new AbortController();
      const batches: string[][] = [];
      for (let i = 0; i < texts.length; i += settings.batchSize) batches.push(texts.slice(i, i + settings.batchSize));
      try {
        const results = await Promise.all(
          batches.map((batch) =>
            limit(() => embedBatch(batch, call.signal)).catch((error: unknown) => {
              // The first failure decides the call: stop queued batches and pending retries at once.
              if (!call.signal.aborted) call.abort(error);
              throw error;
            }),
          ),
        );
        return results.flat();
      } catch {
        throw call.signal.reason as unknown;
      }
    },
  };
}

// ---------------------------------------------------------------- internal helpers

/** What one request came to. `retryable` marks failures another attempt may cure. */
type Attempt =
  | { readonly kind: 'ok'; readonly vectors: Float32Array[] }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'garbage'; readonly detail: string }
  | { readonly kind: 'timeout'; readonly retryable: true }
  | { readonly kind: 'http'; readonly status: number; readonly message: string; readonly retryable: boolean; readonly retryAfterMs: number | undefined }
  | { readonly kind: 'network'; readonly message: string; readonly retryable: boolean };

type Failure = Exclude<Attempt, { kind: 'ok' } | { kind: 'cancelled' }>;

/** Overloaded (429) or briefly unavailable (gateway errors, a model still loading: 503). */
const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);

type HfModule = typeof import('@huggingface/inference');
let hfModule: Promise<HfModule> | undefined;

/** The optional provider library, loaded once; a clear, non-retryable failure when it is not installed. */
function loadHf(): Promise<HfModule> {
  return (hfModule ??= import('@huggingface/inference').catch((error: unknown) => {
    hfModule = undefined;
    throw new Error(
      `для векторов нужен необязательный пакет @huggingface/inference, а он не установлен (${error instanceof Error ? error.message : String(error)}); ` +
        'установите его рядом с pricecat (npm install @huggingface/inference) или выключите векторы',
    );
  }));
}

function classify(hf: HfModule, error: unknown, retryAfterMs: number | undefined): Failure {
  if (error instanceof hf.InferenceClientProviderApiError || error instanceof hf.InferenceClientHubApiError) {
    const status = error.httpResponse.status;
    return { kind: 'http', status, message: error.message, retryable: TRANSIENT_STATUSES.has(status), retryAfterMs };
  }
  if (error instanceof hf.InferenceClientProviderOutputError || error instanceof SyntaxError) {
    return { kind: 'garbage', detail: error.message };
  }
  if (error instanceof hf.InferenceClientInputError) return { kind: 'network', message: error.message, retryable: false };
  // fetch rejects with a TypeError ("fetch failed") when the connection is refused or reset.
  const message = error instanceof Error ? `${error.message}${causeMessage(error)}` : String(error);
  return { kind: 'network', message, retryable: true };
}

function causeMessage(error: Error): string {
  return error.cause instanceof Error ? ` (${error.cause.message})` : '';
}

interface Settings {
  readonly batchSize: number;
  readonly concurrency: number;
  readonly maxRetries: number;
  readonly timeoutMs: number;
  readonly delays: { readonly baseDelayMs: number; readonly maxDelayMs: number };
}

function toPricecatError(failure: Failure, attempts: number, where: string, settings: Settings): PricecatError {
  const tries = attempts === 1 ? '' : ` (попыток: ${attempts})`;
  switch (failure.kind) {
    case 'garbage':
      return new PricecatError(
        'EMBEDDING_FAILED',
        detail('EMBEDDING_GARBAGE', { where, why: failure.detail }),
      );
    case 'timeout':
      return new PricecatError(
        'EMBEDDING_FAILED',
        detail('EMBEDDING_TIMEOUT', { where, ms: settings.timeoutMs, tries }),
      );
    case 'http':
      return new PricecatError(
        'EMBEDDING_FAILED',
        detail('EMBEDDING_HTTP', { where, status: failure.status, tries, why: failure.message, advice: adviceFor(failure.status) }),
      );
    case 'network':
      return new PricecatError(
        'EMBEDDING_FAILED',
        detail('EMBEDDING_UNREACHABLE', { where, tries, why: failure.message }),
      );
  }
}

function adviceFor(status: number): string {
  if (status === 429) return 'Сервис ограничивает частоту запросов: попробуйте позже или уменьшите число параллельных запросов.';
  if (status === 401 || status === 403) return 'Проверьте токен доступа.';
  if (status === 404) return 'Проверьте адрес сервиса и название модели.';
  if (status === 413) return 'Уменьшите размер пакета.';
  return 'Попробуйте позже.';
}

function readSettings(options: HfEmbedderOptions): Settings {
  if (options.model.trim() === '') {
    throw new PricecatError('INVALID_INPUT', detail('EMBEDDING_MODEL_EMPTY'));
  }
  const positive = (name: string, value: number | undefined, fallback: number, min: number): number => {
    const chosen = value ?? fallback;
    if (!Number.isInteger(chosen) || chosen < min) {
      throw new PricecatError('INVALID_INPUT', detail('EMBEDDER_OPTION_INVALID', { name, min, got: chosen }));
    }
    return chosen;
  };
  return {
    batchSize: positive('batchSize', options.batchSize, 32, 1),
    concurrency: positive('concurrency', options.concurrency, 2, 1),
    maxRetries: positive('maxRetries', options.maxRetries, 4, 0),
    timeoutMs: positive('timeoutMs', options.timeoutMs, 30_000, 1),
    delays: {
      baseDelayMs: positive('retryBaseDelayMs', options.retryBaseDelayMs, 500, 0),
      maxDelayMs: positive('maxRetryDelayMs', options.maxRetryDelayMs, 30_000, 0),
    },
  };
}
