/**
 * The `Storage` interface: where pricecat keeps services, clinics, price lists and positions.
 *
 * Methods are batch-shaped: one ingested file is one `savePriceList` call, which is one write. Reads
 * return copies the caller may not mutate. Calls may overlap; adapters serialise writes themselves.
 * Run `defineStorageSuite` (storage.suite.ts) against every adapter.
 */
import type { Clinic, Decision, IngestedFile, LearnedSynonym, Position, PositionStatus, PriceList, PriceListWrite, Service, SkippedItem } from './records.js';

export type { PriceListWrite } from './records.js';
import type { QueryPort } from './query-port.js';

/** Filter for {@link Storage.listPositions}; every given field must match. */
export interface PositionFilter {
  readonly clinic_id?: string;
  readonly service_id?: string;
  readonly price_list_id?: string;
  readonly status?: PositionStatus;
}

/** A decision of the verification queue and the positions it changed (their new state), written at once. */
export interface DecisionWrite {
  readonly decision: Decision;
  readonly positions: readonly Position[];
}

/** What {@link Storage.decisionPage} is asked: the decisions of one action (or all), newest first. */
export interface DecisionPageQuery {
  readonly action?: Decision['action'];
  readonly limit: number;
  readonly offset: number;
}

/** One page of the decision log, newest first, and how many decisions of that action the log holds. */
export interface DecisionPage {
  readonly decisions: Decision[];
  readonly total: number;
}

export interface Storage {
  /**
   * Optional: the adapter answers the catalogue's reads itself (query-port.ts), e.g. in SQL. Without it the
   * catalogue keeps an in-memory query port, loaded once and updated by each write.
   */
  readonly queries?: QueryPort;

  /** All services, dictionary and created, in insertion order; `[]` when none. */
  listServices(): Promise<Service[]>;
  /** Inserts or replaces services by `service_id`, in one write. */
  saveServices(services: readonly Service[]): Promise<void>;

  /** All clinics; `[]` when none. */
  listClinics(): Promise<Clinic[]>;

  /** Writes a clinic (upsert), its price list and positions, and the ingested file, in one write. */
  savePriceList(write: PriceListWrite): Promise<void>;
  /** All price lists, oldest ingest first; `[]` when none. */
  listPriceLists(): Promise<PriceList[]>;

  /** Positions matching `filter`, in ingest order; `[]` when none. */
  listPositions(filter?: PositionFilter): Promise<Position[]>;
  /** One position, or `null` when the id is unknown. */
  getPosition(positionId: string): Promise<Position | null>;
  /**
   * Optional: the positions of these ids that exist, in any order (what an undo re-reads after putting a
   * decision's positions back: one read instead of one per position). Without it the catalogue asks
   * {@link getPosition} for each.
   */
  getPositions?(positionIds: readonly string[]): Promise<Position[]>;
  /** Replaces positions by `position_id` in one write; unknown ids are ignored. */
  updatePositions(positions: readonly Position[]): Promise<void>;

  listLearnedSynonyms(): Promise<LearnedSynonym[]>;
  /**
   * Optional: the learned synonym of one normalized name, or `null` (what a match needs, without copying
   * every synonym). Without it the catalogue searches {@link listLearnedSynonyms}.
   */
  getLearnedSynonym?(nameNorm: string): Promise<LearnedSynonym | null>;
  /** Adds synonyms; a synonym for a `name_norm` already known replaces the old one. */
  saveLearnedSynonyms(synonyms: readonly LearnedSynonym[]): Promise<void>;

  listSkippedItems(): Promise<SkippedItem[]>;
  saveSkippedItems(items: readonly SkippedItem[]): Promise<void>;

  listIngestedFiles(): Promise<IngestedFile[]>;
  /**
   * Records files without a price list of their own (a watched-folder ZIP whose entries were ingested, a
   * file that could not be read), upserted by `path` like those saved with a price list, in one write.
   */
  saveIngestedFiles(files: readonly IngestedFile[]): Promise<void>;

  /** The decision log of the verification queue, oldest first; `[]` when none. */
  listDecisions(): Promise<Decision[]>;
  /**
   * Optional: the newest logged decision, or `null` when the log is empty (what an undo needs, without
   * copying the whole log). Without it the catalogue takes the last of {@link listDecisions}.
   */
  lastDecision?(): Promise<Decision | null>;
  /**
   * Optional: the newest logged decision with this action whose `previous` positions include this one, or
   * `null` (what a repeated decision answers, without copying the whole log). Without it the catalogue
   * searches {@link listDecisions}.
   */
  lastDecisionAbout?(positionId: string, action: Decision['action']): Promise<Decision | null>;
  /**
   * Optional: one page of the decision log, newest first (what the decision log screen shows), without copying
   * the whole log. Without it the catalogue pages {@link listDecisions}.
   */
  decisionPage?(query: DecisionPageQuery): Promise<DecisionPage>;
  /**
   * Optional: one logged decision by id, or `null` (what an undo chosen from the log needs, without copying the
   * whole log). Without it the catalogue searches {@link listDecisions}.
   */
  getDecision?(decisionId: string): Promise<Decision | null>;
  /** Optional: the logged decisions of one batch, oldest first (an undo takes back the whole batch). */
  listBatchDecisions?(batchId: string): Promise<Decision[]>;
  /**
   * Writes a decision in one write: the changed `positions` (replaced by id), the decision's synonym
   * (upserted by `name_norm`) and skipped items (appended), and the decision itself at the end of the log.
   */
  saveDecision(write: DecisionWrite): Promise<void>;
  /**
   * Undoes a logged decision in one write and drops it from the log: each of its `previous` positions is
   * put back if the stored one is still as the decision left it; its synonym is removed if still the
   * current one for that name (and the synonym it replaced comes back); its skipped items are removed.
   * An unknown id changes nothing.
   */
  revertDecision(decisionId: string): Promise<void>;

  /** A setting's value, or `null` when never set. */
  getSetting(key: string): Promise<string | null>;
  setSetting(key: string, value: string): Promise<void>;

  /** Flushes and releases resources; the store is not used after. */
  close(): Promise<void>;
}

