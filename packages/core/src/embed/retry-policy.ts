/**
 * How long to wait before asking an embedding provider again: the provider's `Retry-After` when it sends
 * one, otherwise exponential backoff with jitter, always capped so a call never waits unboundedly.
 *
 * @module
 */

/**
 * Milliseconds a `Retry-After` header value asks us to wait: delta-seconds (`"1"`, `"0.5"`) or an HTTP date
 * (RFC 9110 §10.2.3). `undefined` when the header is absent or unreadable; 0 for a date in the past.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date always names its weekday and month; V8's lenient Date.parse would read "-5" as a year.
  if (!/[a-z]{3}/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Options of {@link retryDelayMs}. */
export interface RetryDelayOptions {
  /** The first backoff step; attempt n waits about `baseDelayMs * 2^n`. */
  readonly baseDelayMs: number;
  /** No wait exceeds this, whatever the provider asks for. */
  readonly maxDelayMs: number;
  /** A number in [0, 1); injectable so tests can pin the jitter. @default Math.random */
  readonly random?: () => number;
}

/**
 * The wait before retry number `attempt` (0 for the first retry). A provider's `Retry-After` wins over
 * backoff (it knows its own rate window) but is capped by `maxDelayMs`. Backoff uses "equal jitter"
 * (half fixed, half random) so parallel batches rejected together do not come back together.
 */
export function retryDelayMs(attempt: number, retryAfterMs: number | undefined, options: RetryDelayOptions): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, options.maxDelayMs);
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  const random = options.random ?? Math.random;
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

/** Resolves after `ms`, or rejects with `signal.reason` as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
