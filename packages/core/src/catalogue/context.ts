/**
 * What every use case of the catalogue shares: the store, its read side, the current matcher, the clock.
 */
import type { Matcher } from '../match/cascade.js';
import type { DecisionMemory } from '../match/decision-memory.js';
import type { ReadOptions } from '../extract/table.js';
import type { QueryPort, StoreChange } from '../storage/query-port.js';
import type { Storage } from '../storage/storage.js';
import type { IngestLimits } from './ingest-limits.js';

export interface CatalogueContext {
  readonly storage: Storage;
  /** The reads (storage/query-port.ts): the store's own, or the in-memory port kept current by {@link changed}. */
  readonly queries: QueryPort;
  /**
   * Called after every completed write with what it changed, so the in-memory read side follows without
   * a reload; and, for a change of services or synonyms, so the matcher is rebuilt on next use.
   */
  changed(change: StoreChange | { readonly type: 'synonyms' }): void;
  /** The matcher over the current dictionary and learned synonyms (rebuilt after they change). */
  matcher(): Promise<Matcher>;
  /** What the decision log teaches (carry-over, aliases, rejections); rebuilt on next use after a decision or an undo. */
  decisionMemory(): Promise<DecisionMemory>;
  now(): Date;
  /** Passed to the format readers (OCR for PDF pages without text). */
  readonly readOptions: ReadOptions;
  /** Bounds on the positions an upload and a file may add. */
  readonly ingestLimits: IngestLimits;
}
