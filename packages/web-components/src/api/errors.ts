/**
 * The error every API call throws: a stable code from the server (or `NETWORK` / `BAD_ANSWER`) plus a
 * Russian message a person can act on: the server's own message when it comes from its catalogue (it names the
 * file, the limit and what to do, in Russian, with its `message_code` and `params` beside it), else the UI's
 * Russian text for the code, with the server's text kept as `detail`.
 *
 * @module
 */
import { messages } from '../i18n/messages.js';

/** Codes the client itself produces, next to the server's (`NOT_FOUND`, `INVALID_INPUT`, …). */
export type ClientErrorCode = 'NETWORK' | 'BAD_ANSWER';

/** A failed API call. `message` is Russian and safe to show; `detail` is a server text not in its catalogue, if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The server's `error.code`, or a {@link ClientErrorCode}. */
    readonly code: string,
    message: string,
    /** HTTP status; 0 when no answer came. */
    readonly status: number,
    /** The server's message when it is not from its catalogue (so maybe not Russian), shown under «Подробности». */
    readonly detail?: string,
    /** The code of the server's message in its catalogue (`SCAN_INTERVAL_INVALID`), when it has one. */
    readonly messageCode?: string,
    /** The values the server's message names. */
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}

/** Builds the {@link ApiError} for an HTTP answer that is not 2xx, from its body text. */
export function errorFromAnswer(status: number, bodyText: string): ApiError {
  let code = `HTTP_${status}`;
  let detail: string | undefined;
  let messageCode: string | undefined;
  let params: Readonly<Record<string, string | number>> | undefined;
  try {
    const body = JSON.parse(bodyText) as { error?: { code?: unknown; message?: unknown; message_code?: unknown; params?: unknown } };
    if (typeof body.error?.code === 'string') code = body.error.code;
    if (typeof body.error?.message === 'string') detail = body.error.message;
    if (typeof body.error?.message_code === 'string') messageCode = body.error.message_code;
    if (typeof body.error?.params === 'object' && body.error.params !== null) params = body.error.params as Record<string, string | number>;
  } catch {
    // Not JSON (a proxy's HTML error page): the status alone says what happened; raw bodies are never shown.
  }
  // A catalogued message is the server's Russian text for this very case: shown as the message, nothing to fold.
  if (messageCode !== undefined && detail !== undefined) return new ApiError(code, detail, status, undefined, messageCode, params);
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
