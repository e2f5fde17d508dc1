/**
 * What every use case of the catalogue shares: the store, the current matcher, the clock.
 */
import type { Matcher } from '../match/cascade.js';
import type { ReadOptions } from '../extract/table.js';
import type { Storage } from '../storage/storage.js';
import type { IngestLimits } from './ingest-limits.js';

export interface CatalogueContext {
  readonly storage: Storage;
  /** The matcher over the current dictionary and learned synonyms (rebuilt after they change). */
  matcher(): Promise<Matcher>;
  /** Called after a write so cached read models and the matcher are rebuilt on next use. */
  invalidate(what: 'positions' | 'dictionary'): void;
  now(): Date;
  /** Passed to the format readers (OCR for PDF pages without text). */
  readonly readOptions: ReadOptions;
  /** Bounds on the positions an upload and a file may add. */
  readonly ingestLimits: IngestLimits;
}
