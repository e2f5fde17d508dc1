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

/** The one error class core throws. `message` names the subject and what the user can do about it. */
export class PricecatError extends Error {
  readonly code: PricecatErrorCode;
  constructor(code: PricecatErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PricecatError';
    this.code = code;
  }
}

/** Thrown by format readers when bytes cannot be read as the format they claim to be. */
export class ExtractError extends PricecatError {
  constructor(message: string, options?: { cause?: unknown; code?: PricecatErrorCode }) {
    super(options?.code ?? 'EXTRACT_FAILED', message, options);
    this.name = 'ExtractError';
  }
}

/** True when `error` is a {@link PricecatError}. */
export function isPricecatError(error: unknown): error is PricecatError {
  return error instanceof PricecatError;
}
