import { renderMessage, type ErrorDetail } from './messages/message-catalogue.js';

/**
 * Stable error codes of `@pricecat/core`. The HTTP layer maps each to a status in one table.
 */
export type PricecatErrorCode =
  | 'INVALID_INPUT'
  | 'NOT_FOUND'
  | 'UNSUPPORTED_FORMAT'
  | 'EXTRACT_FAILED'
  | 'NO_PRICE_TABLE'
  | 'ARCHIVE_INVALID'
  | 'ARCHIVE_LIMIT'
  | 'LIMIT_EXCEEDED'
  | 'FOLDER_NOT_ALLOWED'
  | 'CONFLICT'
  | 'ALREADY_INGESTED'
  | 'STORAGE_FAILED'
  | 'EMBEDDING_FAILED';

/**
 * The one error class core throws. `message` names the subject and what the user can do about it, in Russian,
 * rendered from `detail` (a message code of the catalogue with its parameters), which the API carries beside the
 * text so another language can render it. A plain string is still accepted (a text not yet in the catalogue);
 * then `detail` is absent.
 */
export class PricecatError extends Error {
  readonly code: PricecatErrorCode;
  readonly detail: ErrorDetail | undefined;
  constructor(code: PricecatErrorCode, message: string | ErrorDetail, options?: { cause?: unknown }) {
    super(typeof message === 'string' ? message : renderErrorDetail(message), options);
    this.name = 'PricecatError';
    this.code = code;
    this.detail = typeof message === 'string' ? undefined : message;
  }
}

/** Thrown by format readers when bytes cannot be read as the format they claim to be. */
export class ExtractError extends PricecatError {
  constructor(message: string | ErrorDetail, options?: { cause?: unknown; code?: PricecatErrorCode }) {
    super(options?.code ?? 'EXTRACT_FAILED', message, options);
    this.name = 'ExtractError';
  }
}

/** True when `error` is a {@link PricecatError}. */
export function isPricecatError(error: unknown): error is PricecatError {
  return error instanceof PricecatError;
}

/** The Russian text of an error's detail (catalogue key `error.<code>`). */
export function renderErrorDetail(detail: ErrorDetail): string {
  return renderMessage(`error.${detail.code}`, detail.params);
}
