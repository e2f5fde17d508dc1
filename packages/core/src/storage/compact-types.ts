/**
 * The types shared by the list-file codecs (compact-records.ts reads layout 2 and dispatches; list-file-v3.ts reads
 * and writes layout 3): a stored price column, a stored candidate, and the interner that shares equal values while
 * a store is read. Types only, so neither codec imports the other for them.
 */
import type { PriceCell, PriceRole } from '../extract/price-row.js';
import type { MatchCandidate, MatchMethod } from './records.js';
import type { MatchTrace } from '../match/trace.js';

/** A price column as stored: `[header, role]`, or `[header, role, second roles]`. */
export type StoredColumn = readonly [header: string, role: PriceRole, alsoRoles?: readonly PriceRole[]];

/** A candidate as stored: service id, score, method, and the name only when it differs from the service's own. */
export type CompactCandidate = [serviceId: string, score: number, method: MatchMethod, name?: string];

/**
 * Shares equal values between records while a store is read: texts (names repeated in every version of a
 * clinic's list, sections, units), the texts of prices, and candidate lists (namesakes get the same
 * candidates from the matcher). Records are never mutated (query-port.ts), so sharing is safe.
 */
export interface Interner {
  text(text: string): string;
  /** `String(value)`, one string per distinct value. */
  number(value: number): string;
  /** The candidate list of a position named `nameNorm`: the one of its last namesake when equal, else `make()`. */
  candidates(nameNorm: string, compact: readonly CompactCandidate[], make: () => MatchCandidate[]): readonly MatchCandidate[];
  /** The match trace of a position named `nameNorm`: its last namesake's when equal, else `trace`. */
  trace(nameNorm: string, trace: MatchTrace): MatchTrace;
  /** The price cells of a position named `nameNorm`: its last namesake's when `same` says they are equal, else `make()`. */
  cells(nameNorm: string, same: (known: readonly PriceCell[]) => boolean, make: () => PriceCell[]): readonly PriceCell[];
  /** The source row `{ table, row }`, one record per distinct pair. */
  source(table: string, row: number): { readonly table: string; readonly row: number };
  /** What `make()` decodes from `text` (a JSON text of a list file's table), once per `kind` and text. */
  decoded<T>(kind: string, text: string, make: () => T): T;
  /** What `make()` decodes from `text`: the last namesake's (same `nameNorm` and `kind`) when its text was equal. */
  byName<T>(kind: string, nameNorm: string, text: string, make: () => T): T;
  /** A position's names: its last namesake's (same `nameNorm`) when equal, else these, interned by `nameNorm`. */
  name(nameNorm: string, rawName: string): { readonly norm: string; readonly raw: string };
}

