/**
 * Error mapping of the HTTP layer: one table from core's stable error codes to HTTP statuses, and the
 * translation of everything else a request can throw (upload limits, malformed JSON, router errors) into
 * the one error shape the API returns: `{"error":{"code","message"}}` (DESIGN.md §5).
 *
 * @module
 */
import { isPricecatError, type PricecatErrorCode } from '@pricecat/core';

/** The body of every error response. */
export interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

/** A status with the body to send; what {@link toErrorResponse} returns. */
export interface ErrorResponse {
  readonly status: number;
  readonly body: ErrorBody;
}

/** HTTP status for each core error code (CONVENTIONS.md §6: core knows no HTTP, this table does). */
export const STATUS_BY_CODE: Readonly<Record<PricecatErrorCode, number>> = {
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  UNSUPPORTED_FORMAT: 415,
  NO_PRICE_TABLE: 422,
  EMBEDDING_FAILED: 502,
  EXTRACT_FAILED: 422,
  ARCHIVE_INVALID: 400,
  ARCHIVE_LIMIT: 413,
  LIMIT_EXCEEDED: 413,
  FOLDER_NOT_ALLOWED: 400,
  CONFLICT: 409,
  ALREADY_INGESTED: 409,
  STORAGE_FAILED: 500,
};

/** Error codes only the HTTP layer produces (core's codes are in {@link STATUS_BY_CODE}). */
export type HttpErrorCode =
  | 'UPLOAD_TOO_LARGE'
  | 'INVALID_UPLOAD'
  | 'INVALID_JSON'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_IMPLEMENTED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'HEADERS_TOO_LARGE'
  | 'INTERNAL';

/** An error raised by the HTTP layer itself, with its status and stable code. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: HttpErrorCode;
  constructor(status: number, code: HttpErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
  }
}

/** The message of a 500: the details go to the server log, never to the client. */
export const INTERNAL_MESSAGE = 'Internal error; see the server log';

/** Builds the JSON error body. */
export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/** The HTTP status for a core error code; 500 for a code this table does not know. */
export function statusForCode(code: string): number {
  return (STATUS_BY_CODE as Readonly<Record<string, number>>)[code] ?? 500;
}

/** Context {@link toErrorResponse} needs to write actionable messages. */
export interface ErrorContext {
  /** The upload limit in bytes, quoted in the 413 message. */
  readonly maxUploadBytes: number;
  /** The limit of JSON request bodies in bytes, quoted in its 413 message. */
  readonly maxJsonBytes: number;
}

/**
 * Translates anything thrown while handling a request into a status and body, or `null` when the error
 * is unknown (the caller logs it and answers 500 {@link INTERNAL_MESSAGE}).
 */
export function toErrorResponse(error: unknown, context: ErrorContext): ErrorResponse | null {
  if (error instanceof HttpError) return respond(error.status, error.code, error.message);
  if (isPricecatError(error) || isForeignPricecatError(error)) {
    const status = statusForCode(error.code);
    // NOTE: STORAGE_FAILED is a server fault; its message is still meant for people (it names the
    // data file and what to do), so it is shown, unlike unknown errors.
    return respond(status, error.code, error.message);
  }
  const formidable = asFormidableError(error);
  if (formidable) return fromFormidable(formidable, context);
  const parser = asBodyParserError(error);
  if (parser) return fromBodyParser(parser, context);
  return null;
}

/** A message for the upload limit, e.g. «200 MiB» or «1 KiB», so the user knows what to split. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1 && value % 1024 === 0) {
    value /= 1024;
    unit += 1;
  }
  return `${value} ${units[unit]}`;
}

// ---- internal helpers ----

function respond(status: number, code: string, message: string): ErrorResponse {
  return { status, body: errorBody(code, message) };
}

function uploadTooLarge(context: ErrorContext): ErrorResponse {
  return respond(
    413,
    'UPLOAD_TOO_LARGE',
    `The upload is larger than the limit of ${formatBytes(context.maxUploadBytes)}; ` +
      'split the archive into smaller ZIPs and upload them one by one.',
  );
}

/** Core may be loaded twice (two bundles); then `instanceof` fails but the name and code still tell. */
function isForeignPricecatError(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error) || (error.name !== 'PricecatError' && error.name !== 'ExtractError')) return false;
  const code: unknown = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && code in STATUS_BY_CODE;
}

interface FormidableLike {
  readonly message: string;
  /** formidable's internal code (1000...), see formidable/src/FormidableError.js */
  readonly code: number;
  readonly httpCode: number;
}

/** formidable's internal codes we answer specially. */
const FORMIDABLE = {
  maxFieldsSizeExceeded: 1006,
  maxFieldsExceeded: 1007,
  biggerThanTotalMaxFileSize: 1009,
  noEmptyFiles: 1010,
  maxFilesExceeded: 1015,
  biggerThanMaxFileSize: 1016,
} as const;

function asFormidableError(error: unknown): FormidableLike | null {
  if (!(error instanceof Error)) return null;
  const candidate = error as Error & { code?: unknown; httpCode?: unknown };
  if (typeof candidate.code !== 'number' || typeof candidate.httpCode !== 'number') return null;
  return { message: candidate.message, code: candidate.code, httpCode: candidate.httpCode };
}

function fromFormidable(error: FormidableLike, context: ErrorContext): ErrorResponse {
  switch (error.code) {
    case FORMIDABLE.biggerThanMaxFileSize:
    case FORMIDABLE.biggerThanTotalMaxFileSize:
      return uploadTooLarge(context);
    case FORMIDABLE.maxFilesExceeded:
      return respond(400, 'INVALID_UPLOAD', 'Send exactly one file per request, in the multipart field `file`.');
    case FORMIDABLE.noEmptyFiles:
      return respond(400, 'INVALID_UPLOAD', 'The uploaded file is empty; choose the price list or ZIP again.');
    case FORMIDABLE.maxFieldsExceeded:
    case FORMIDABLE.maxFieldsSizeExceeded:
      return respond(413, 'UPLOAD_TOO_LARGE', 'The form has too many or too large text fields; send only the field `file`.');
    default:
      if (error.httpCode >= 500) return respond(500, 'INTERNAL', INTERNAL_MESSAGE);
      return respond(
        400,
        'INVALID_UPLOAD',
        `The upload could not be read as multipart/form-data (${error.message}); send the file in the field \`file\`.`,
      );
  }
}

interface BodyParserLike {
  readonly status: number;
  /** raw-body's error type (`entity.too.large`, `request.aborted`, ...), or `json.syntax` for bad JSON. */
  readonly type: string;
}

/**
 * co-body (JSON bodies) rethrows `JSON.parse`'s SyntaxError with `status = 400`; raw-body, under it,
 * throws http-errors with a `type` such as `entity.too.large`.
 */
function asBodyParserError(error: unknown): BodyParserLike | null {
  if (!(error instanceof Error)) return null;
  const candidate = error as Error & { status?: unknown; type?: unknown };
  if (typeof candidate.status !== 'number') return null;
  if (error instanceof SyntaxError && candidate.status === 400) return { status: 400, type: 'json.syntax' };
  if (typeof candidate.type !== 'string') return null;
  if (!candidate.type.startsWith('entity.') && !candidate.type.startsWith('request.')) return null;
  return { status: candidate.status, type: candidate.type };
}

function fromBodyParser(error: BodyParserLike, context: ErrorContext): ErrorResponse {
  if (error.type === 'json.syntax' || error.type === 'entity.parse.failed') {
    return respond(400, 'INVALID_JSON', 'The request body is not valid JSON; check quotes, commas and brackets.');
  }
  if (error.type === 'entity.too.large') {
    return respond(413, 'UPLOAD_TOO_LARGE', `The JSON body is larger than the limit of ${formatBytes(context.maxJsonBytes)}.`);
  }
  if (error.status >= 500) return respond(500, 'INTERNAL', INTERNAL_MESSAGE);
  return respond(error.status, 'INVALID_INPUT', 'The request body could not be read; check its Content-Type and encoding.');
}
