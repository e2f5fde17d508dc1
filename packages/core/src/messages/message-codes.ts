/**
 * Every message code core emits, so the catalogue's validation test can require a text for each.
 *
 * @module
 */
import type { ExtractIssueCode } from '../extract/review-flags.js';
import type { MatchMethod, PositionStatus } from '../storage/records.js';

const STATUSES: readonly PositionStatus[] = ['normalized', 'queued', 'skipped', 'unrecognized'];
const METHODS: readonly MatchMethod[] = ['code', 'exact', 'synonym', 'fuzzy', 'embedding', 'manual'];
/** Every file-level issue code (the type's members, listed so a new one fails the test until it has text). */
export const EXTRACT_ISSUE_CODES: readonly ExtractIssueCode[] = [
  'ROWS_NOT_EXTRACTED',
  'ROWS_WITHOUT_PRICE',
  'PRICES_REJECTED',
  'PRICES_REPAIRED',
  'ROWS_WITHOUT_NAME',
  'NO_HEADER_ROW',
  'ROWS_LACK_PRICE',
  'OCR_PRICE_UNREADABLE',
  'ROWS_WITHOUT_PRICE_SKIPPED',
  'FREE_FORM_LINES',
  'FREE_FORM_PAGE',
  'PRICES_REREAD',
  'PRICES_NOT_EXACT',
  'PAGE_REREAD',
  'NAMES_REPAIRED',
];
/** Codes of warnings the readers and row extraction write (not file-level issues). */
export const READER_WARNING_CODES = [
  'CSV_WINDOWS_1251',
  'SHEET_TRUNCATED',
  'PDF_PAGES_LIMIT',
  'PDF_REPEATED_TEXT',
  'PDF_PAGE_NO_ROWS',
  'OCR_NOT_INSTALLED',
  'OCR_NO_TEXT',
  'OCR_FAILED',
  'PRICE_LOWER_BOUND',
  'PRICE_OCR_REPAIRED',
  'PRICE_RATIO_REPAIRED',
  'ROW_PRICE_MISSING',
  'LIST_IN_COLUMNS',
  'PRICES_NOT_REREAD',
  'NAMES_NOT_REREAD',
  'REREAD_LIMITED',
  'EMBEDDINGS_UNAVAILABLE',
] as const;

/** A reader warning: `[CODE] Russian text`, the code kept beside the text as in file-level issues. */
export type ReaderWarningCode = (typeof READER_WARNING_CODES)[number];

/** Warnings of the stores (written to the server's log). */
const STORAGE_WARNING_CODES = ['DECISION_LOG_TAIL_CUT'] as const;

/** The error codes of `PricecatError` a person may see as a title. */
const ERROR_CODES = ['INVALID_INPUT', 'NOT_FOUND', 'CONFLICT', 'UNSUPPORTED_FORMAT', 'ARCHIVE_LIMIT'] as const;

/** All codes, as the catalogue names them. */
export const MESSAGE_CODES: readonly string[] = [
  ...STATUSES.map((s) => `status.${s}`),
  ...METHODS.map((m) => `method.${m}`),
  ...EXTRACT_ISSUE_CODES.map((c) => `warning.${c}`),
  ...READER_WARNING_CODES.map((c) => `warning.${c}`),
  ...STORAGE_WARNING_CODES.map((c) => `warning.${c}`),
  ...ERROR_CODES.map((c) => `error.${c}`),
];
