/**
 * The error every API call throws: a stable code from the server (or `NETWORK` / `BAD_ANSWER`) plus a
 * Russian message a person can act on. The server's own (English) message is kept as `detail`.
 *
 * @module
 */
import { messages } from '../i18n/messages.js';

/** Codes the client itself produces, next to the server's (`NOT_FOUND`, `INVALID_INPUT`, …). */
export type ClientErrorCode = 'NETWORK' | 'BAD_ANSWER';

/** A failed API call. `message` is Russian and safe to show; `detail` is the server's text, if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The server's `error.code`, or a {@link ClientErrorCode}. */
    readonly code: string,
    message: string,
    /** HTTP status; 0 when no answer came. */
    readonly status: number,
    /** The server's message, shown under «Подробности». */
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** Builds the {@link ApiError} for an HTTP answer that is not 2xx, from its body text. */
export function errorFromAnswer(status: number, bodyText: string): ApiError {
  let code = `HTTP_${status}`;
  let detail: string | undefined;
  try {
    const body = JSON.parse(bodyText) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string') code = body.error.code;
    if (typeof body.error?.message === 'string') detail = body.error.message;
  } catch {
    // Not JSON (a proxy's HTML error page): the status alone says what happened; raw bodies are never shown.
  }
  return new ApiError(code, russianMessage(code, status), status, detail);
}

/** The error for a request that got no answer at all. */
export function networkError(cause: unknown): ApiError {
  const detail = cause instanceof Error ? cause.message : undefined;
  return new ApiError('NETWORK', messages.errors.network, 0, detail);
}

/** Any thrown value as an {@link ApiError}, so the elements render one kind of error. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiError('BAD_ANSWER', messages.errors.badAnswer, 0, detail);
}

/** The Russian explanation of a server error code, or `undefined` for a code the UI does not know. */
export function codeMessage(code: string): string | undefined {
  const known = (messages.errors as unknown as Record<string, unknown>)[code];
  return typeof known === 'string' ? known : undefined;
}

// ---- internal helpers ----

function russianMessage(code: string, status: number): string {
  const known = codeMessage(code);
  if (known !== undefined) return known;
  if (status === 404) return messages.errors.NOT_FOUND;
  if (status === 413) return messages.errors.UPLOAD_TOO_LARGE;
  if (status >= 500) return messages.errors.INTERNAL;
  return messages.errors.status(status);
}
