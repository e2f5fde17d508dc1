/**
 * What every use case of the catalogue shares: the store, the current matcher, the clock.
 */
import type { Matcher } from '../match/cascade.js';
import type { DecisionMemory } from '../match/decision-memory.js';
import type { ReadOptions } from '../extract/table.js';
import type { Storage } from '../storage/storage.js';
import type { IngestLimits } from './ingest-limits.js';

export interface CatalogueContext {
  readonly storage: Storage;
  /** The matcher over the current dictionary and learned synonyms (rebuilt after they change). */
  matcher(): Promise<Matcher>;
  /** What the decision log teaches (carry-over, aliases, rejections); rebuilt after a decision or an undo. */
  decisionMemory(): Promise<DecisionMemory>;
  /** Called after a write so cached read models and the matcher are rebuilt on next use. */
  invalidate(what: 'positions' | 'decisions' | 'dictionary'): void;
  now(): Date;
  /** Passed to the format readers (OCR for PDF pages without text). */
  readonly readOptions: ReadOptions;
  /** Bounds on the positions an upload and a file may add. */
  readonly ingestLimits: IngestLimits;
}
