/**
 * Limits on the work one upload may cause, beyond what the ZIP reader bounds (entries, unpacked bytes,
 * compression ratio; see `archive/archive-limits.ts`) and what the format readers bound (rows per sheet,
 * `MAX_SHEET_ROWS`). Each breach refuses the file with `LIMIT_EXCEEDED` (HTTP 413) before anything of it
 * is matched or stored.
 */
import { PricecatError } from '../errors.js';
import { detail } from '../messages/message-catalogue.js';

export interface IngestLimits {
  /**
   * Most positions (priced rows) one upload may add, all its files together. @default 200,000 — the
   * documented row cap of one sheet; matching runs at ~600–1,000 positions/s, so this bounds an
   * upload to a few minutes of work, and the embedded store to what it holds comfortably (STACK.md).
   */
  readonly maxPositionsPerUpload: number;
  /** Most positions one file may add. @default 200,000 */
  readonly maxPositionsPerFile: number;
  /**
   * Most table rows all files of one upload may hold, priced or not (one file holds at most 200,000,
   * `MAX_SHEET_ROWS`). @default 1,000,000 — reading is cheap next to matching, but a ZIP of 2,000
   * files of 200,000 rows each would still be hours of work.
   */
  readonly maxRowsPerUpload: number;
}

export const DEFAULT_INGEST_LIMITS: Readonly<IngestLimits> = Object.freeze({
  maxPositionsPerUpload: 200_000,
  maxPositionsPerFile: 200_000,
  maxRowsPerUpload: 1_000_000,
});

/** Positions and table rows left to an upload, spent file by file. */
export interface PositionBudget {
  remaining: number;
  rowsRemaining: number;
}

/** A fresh budget for one upload. */
export function uploadBudget(limits: IngestLimits): PositionBudget {
  return { remaining: limits.maxPositionsPerUpload, rowsRemaining: limits.maxRowsPerUpload };
}

/** Throws `LIMIT_EXCEEDED` when `rows` table rows of `fileName` exceed what is left of the upload's row budget. */
export function spendRows(budget: PositionBudget, limits: IngestLimits, fileName: string, rows: number): void {
  if (rows > budget.rowsRemaining) {
    throw new PricecatError(
      'LIMIT_EXCEEDED',
      detail('UPLOAD_ROWS_LIMIT', { file: fileName, rows, remaining: budget.rowsRemaining, max: limits.maxRowsPerUpload }),
    );
  }
  budget.rowsRemaining -= rows;
}

/**
 * Throws `LIMIT_EXCEEDED` when `rows` priced rows of `fileName` do not fit the file limit or what is
 * left of the upload's budget; else takes them from the budget.
 */
export function spendPositions(budget: PositionBudget, limits: IngestLimits, fileName: string, rows: number): void {
  if (rows > limits.maxPositionsPerFile) {
    throw new PricecatError(
      'LIMIT_EXCEEDED',
      detail('FILE_POSITIONS_LIMIT', { file: fileName, rows, max: limits.maxPositionsPerFile }),
    );
  }
  if (rows > budget.remaining) {
    throw new PricecatError(
      'LIMIT_EXCEEDED',
      detail('UPLOAD_POSITIONS_LIMIT', { file: fileName, rows, remaining: budget.remaining, max: limits.maxPositionsPerUpload }),
    );
  }
  budget.remaining -= rows;
}
