/**
 * Error mapping of the HTTP layer: one table from core's stable error codes to HTTP statuses, and the
 * translation of everything else a request can throw (upload limits, malformed JSON, router errors) into
 * the one error shape the API returns: `{"error":{"code","message","message_code","params"}}` (DESIGN.md §5): the
 * stable `code`, the Russian `message` a person reads, and the message's own code in the catalogue (`error.<message_code>`
 * in core's assets/messages.ru.json) with the values it names, so a client can render it in another language.
 *
 * @module
 */
import { detail, isPricecatError, renderErrorDetail, type ErrorDetail, type PricecatErrorCode } from '@pricecat/core';

/** The body of every error response. */
export interface ErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    /** The message's code in the catalogue; absent for the few texts not in it yet. */
    readonly message_code?: string;
    readonly params?: Readonly<Record<string, string | number>>;
  };
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
  readonly detail: ErrorDetail | undefined;
  constructor(status: number, code: HttpErrorCode, message: string | ErrorDetail, options?: { cause?: unknown }) {
    super(typeof message === 'string' ? message : renderErrorDetail(message), options);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.detail = typeof message === 'string' ? undefined : message;
  }
}

/** The message of a 500: the details go to the server log, never to the client. */
export const INTERNAL_DETAIL = detail('INTERNAL');
export const INTERNAL_MESSAGE = renderErrorDetail(INTERNAL_DETAIL);

/**
 * Builds the JSON error body: from a message of the catalogue (its text, code and parameters), or from a plain
 * text (a message not in the catalogue yet).
 */
export function errorBody(code: string, message: string | ErrorDetail, described?: ErrorDetail): ErrorBody {
  if (typeof message !== 'string') return errorBody(code, renderErrorDetail(message), message);
  return { error: { code, message, ...(described && { message_code: described.code, params: described.params }) } };
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
  if (error instanceof HttpError) return respond(error.status, error.code, error.message, error.detail);
  if (isPricecatError(error) || isForeignPricecatError(error)) {
    const status = statusForCode(error.code);
    // NOTE: STORAGE_FAILED is a server fault; its message is still meant for people (it names the
    // data file and what to do), so it is shown, unlike unknown errors.
    return respond(status, error.code, error.message, detailOf(error));
  }
  const formidable = asFormidableError(error);
  if (formidable) return fromFormidable(formidable, context);
  const parser = asBodyParserError(error);
  if (parser) return fromBodyParser(parser, context);
  return null;
}

/** A message for the upload limit, e.g. «200 MiB» or «1 KiB», so the user knows what to split. */
export function formatBytes(bytes: number): string {
  const units = ['байт', 'КБ', 'МБ', 'ГБ'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1 && value % 1024 === 0) {
    value /= 1024;
    unit += 1;
  }
  return `${value} ${units[unit]}`;
}

// ---- internal helpers ----

function respond(status: number, code: string, message: string | ErrorDetail, described?: ErrorDetail): ErrorResponse {
  return { status, body: errorBody(code, message, described) };
}

/** The detail of a core error, also of one from a second copy of core (see {@link isForeignPricecatError}). */
function detailOf(error: Error): ErrorDetail | undefined {
  const candidate = (error as Error & { detail?: unknown }).detail;
  if (typeof candidate !== 'object' || candidate === null) return undefined;
  const { code, params } = candidate as { code?: unknown; params?: unknown };
  return typeof code === 'string' && typeof params === 'object' && params !== null ? (candidate as ErrorDetail) : undefined;
}

function uploadTooLarge(context: ErrorContext): ErrorResponse {
  return respond(413, 'UPLOAD_TOO_LARGE', detail('UPLOAD_TOO_LARGE', { max: formatBytes(context.maxUploadBytes) }));
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
      return respond(400, 'INVALID_UPLOAD', detail('UPLOAD_ONE_FILE'));
    case FORMIDABLE.noEmptyFiles:
      return respond(400, 'INVALID_UPLOAD', detail('UPLOAD_FILE_EMPTY'));
    case FORMIDABLE.maxFieldsExceeded:
    case FORMIDABLE.maxFieldsSizeExceeded:
      return respond(413, 'UPLOAD_TOO_LARGE', detail('UPLOAD_FIELDS_TOO_LARGE'));
    default:
      if (error.httpCode >= 500) return respond(500, 'INTERNAL', INTERNAL_DETAIL);
      return respond(400, 'INVALID_UPLOAD', detail('UPLOAD_NOT_MULTIPART', { why: error.message }));
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
    return respond(400, 'INVALID_JSON', detail('BODY_NOT_JSON'));
  }
  if (error.type === 'entity.too.large') {
    return respond(413, 'UPLOAD_TOO_LARGE', detail('JSON_TOO_LARGE', { max: formatBytes(context.maxJsonBytes) }));
  }
  if (error.status >= 500) return respond(500, 'INTERNAL', INTERNAL_DETAIL);
  return respond(error.status, 'INVALID_INPUT', detail('BODY_UNREADABLE'));
}
