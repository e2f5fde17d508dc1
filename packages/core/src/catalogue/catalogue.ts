/**
 * The `Catalogue`: every use case of pricecat bound to its dependencies. The HTTP layer and the CLI
 * call only this. Errors are {@link PricecatError}s with stable codes.
 */
import type { PriceKind } from '../contract/limits.js';
import type { Position, PriceList, Service } from '../storage/records.js';
import type { PriceChangePage, PriceChangeQuery } from './price-changes.js';
import type { DecisionResult, MatchRequest, SkipRequest, UndoRequest, UndoResult } from './decide.js';
import type { AcceptSuggestionsRequest, AcceptSuggestionsResult } from './accept-suggestions.js';
import type { DecisionLogEntry, DecisionLogQuery } from './decision-log.js';
import type { PositionContext } from './position-context.js';
import type { QueueItem, QueueQuery } from './queue.js';
import type { UnmatchedItem, UnmatchedQuery } from './unmatched.js';
import type { Settings, SettingsPatch } from './settings.js';
import type { ScanReport, ScanTrigger } from './scan-report.js';
import type { CreatedService, CreateServiceInput, ProposalQuery, ServiceProposal } from './proposal-types.js';
import type { WorkbookExport } from '../export/export-workbook.js';
import type { IngestJob } from './ingest-jobs.js';
import type { ServicePriceHistory } from './service-history.js';
import type { Dashboard } from './dashboard.js';
import type {
  Page,
  PageRequest,
  IngestSource,
  IngestReport,
  Stats,
  SearchHit,
  SearchPage,
  ServiceComparison,
  ClinicSummary,
  PartnerService,
  PositionQuery,
  ServiceQuery,
  ServiceDetails,
  ReconcileQuery,
  ReconcileCandidate,
} from '../model/catalogue-types.js';

export type * from '../model/catalogue-types.js';

export interface Catalogue {
  /** Ingests a ZIP of price lists or one price file; one bad file becomes an error entry of the report. */
  ingest(source: IngestSource): Promise<IngestReport>;
  /**
   * Starts an ingest and returns its job at once (ingest-jobs.ts): poll {@link ingestJob} for each file's progress
   * and the report. A job's `duplicates` default is `'report'`: a file already ingested is not stored twice unless
   * asked. Jobs live in the process; a restart forgets them.
   */
  startIngestJob(source: Omit<IngestSource, 'onProgress'>): Promise<IngestJob>;
  /** The job, or NOT_FOUND for an unknown or forgotten id. */
  ingestJob(jobId: string): Promise<IngestJob>;
  stats(): Promise<Stats>;
  /** Services whose `name_norm` matches the query (case-insensitive), with the clinics that offer them. */
  search(query: { readonly q: string; readonly city?: string; readonly limit?: number }): Promise<readonly SearchHit[]>;
  /**
   * {@link search} with paging and the true count: typos corrected and the matcher's abbreviations and synonyms
   * (terms.tsv) read as the phrases they stand for.
   */
  searchPage(query: { readonly q: string; readonly city?: string; readonly limit?: number; readonly offset?: number }): Promise<SearchPage>;
  listServices(query?: ServiceQuery): Promise<Page<Service>>;
  /** Throws NOT_FOUND for an unknown id. */
  getService(serviceId: string): Promise<ServiceDetails>;
  /** Throws NOT_FOUND for an unknown id. */
  compareService(
    serviceId: string,
    options?: { readonly price_kind?: PriceKind; readonly city?: string; readonly pool_class?: boolean },
  ): Promise<ServiceComparison>;
  /** Every clinic's price for the service in each of its lists, oldest first (service-history.ts). NOT_FOUND: unknown id. */
  priceHistory(serviceId: string, options?: { readonly price_kind?: PriceKind; readonly city?: string }): Promise<ServicePriceHistory>;
  /** Figures per clinic, per category and per ingest (the normalized share over time), for the dashboard. */
  dashboard(): Promise<Dashboard>;
  /**
   * Per clinic, between consecutive price lists, the services whose representative price changed by at
   * least `threshold` (relative), biggest change first. Throws INVALID_INPUT for a threshold outside (0, 10].
   */
  priceChanges(query?: PriceChangeQuery): Promise<PriceChangePage>;
  listPartners(query?: PageRequest & { readonly city?: string; readonly q?: string }): Promise<Page<ClinicSummary>>;
  /** Throws NOT_FOUND for an unknown id. */
  partnerServices(clinicId: string, query?: PageRequest): Promise<Page<PartnerService>>;
  listPositions(query?: PositionQuery): Promise<Page<Position>>;
  listPriceLists(): Promise<readonly PriceList[]>;
  /** The matcher as ingest runs it (before the per-list concentrated-group rule): candidates per query, in order. */
  reconcile(queries: readonly ReconcileQuery[]): Promise<ReconcileCandidate[][]>;
  /**
   * The verification queue: queued positions, most confident first, each with a suggestion and alternatives;
   * filterable by clinic, the suggestion's category, method and a confidence band. INVALID_INPUT: bad filter.
   */
  queue(query?: QueueQuery): Promise<Page<QueueItem>>;
  /**
   * Confirms every queued suggestion at or above a confidence (within the queue's filters) as one batch, or with
   * `dry_run` only counts them; one undo takes the batch back. INVALID_INPUT: missing or bad threshold or filter.
   */
  acceptSuggestions(request: AcceptSuggestionsRequest): Promise<AcceptSuggestionsResult>;
  /** A position's section, neighbouring rows and place in its file. NOT_FOUND for an unknown id. */
  positionContext(positionId: string): Promise<PositionContext>;
  /** The decision log, newest first, paged: what, when, by whom, from which suggestion, and whether it can be undone. */
  decisionLog(query?: DecisionLogQuery): Promise<Page<DecisionLogEntry>>;
  /**
   * Normalizes a queued or unrecognized position, or corrects an automatic match (and by default gives the same
   * answer to its identical names), with method `manual`, and learns the name; the machine's answer it replaces is
   * remembered as rejected. Idempotent: a position already decided exactly so (by a twin decision, say) is a success
   * with `already_decided: true`; one an analyst decided otherwise is corrected. NOT_FOUND: unknown position or service.
   */
  matchPosition(request: MatchRequest): Promise<DecisionResult>;
  /**
   * Skips a queued or unrecognized position for good, or withdraws a wrong automatic match (the row has no entry);
   * the machine's answer is remembered as rejected. Idempotent like {@link matchPosition}. NOT_FOUND: unknown position.
   */
  skipPosition(request: SkipRequest): Promise<DecisionResult>;
  /**
   * Undoes the last match or skip, or the one named, with its whole batch if it belongs to one (the log survives
   * restarts). CONFLICT when there is nothing to undo; NOT_FOUND for an unknown decision.
   */
  undoDecision(request?: UndoRequest): Promise<UndoResult>;
  /** Positions not normalized (queued and unrecognized), filterable by clinic, status and name, paged. */
  listUnmatched(query?: UnmatchedQuery): Promise<Page<UnmatchedItem>>;
  /** The watched folder, the schedule interval and the last scan in brief. */
  getSettings(): Promise<Settings>;
  /**
   * Validates and stores settings; absent fields keep their value. INVALID_INPUT names the field and why
   * (the folder does not exist, is not a directory or cannot be read; the interval is not 0..1440).
   */
  updateSettings(patch: SettingsPatch): Promise<Settings>;
  /**
   * Ingests the watch folder's files whose content (SHA-256) is not in the `ingested_file` log and stores
   * the report as the last scan. CONFLICT while another scan runs (scans never overlap; the caller is not
   * made to wait); INVALID_INPUT when no folder is set or it is gone.
   */
  scan(options?: { readonly trigger?: ScanTrigger }): Promise<ScanReport>;
  /** The last scan's report (it survives restarts), or null before the first. */
  lastScan(): Promise<ScanReport | null>;
  /** The XLSX workbook of the whole catalogue (comparative sheet + every position), streamed. */
  exportWorkbook(): Promise<WorkbookExport>;
  /**
   * Proposed new services: not-normalized positions grouped by the matcher's key (names denoting the same
   * service across and within clinics), ranked by clinics, then positions. INVALID_INPUT for a bad filter.
   */
  listServiceProposals(query?: ProposalQuery): Promise<Page<ServiceProposal>>;
  /**
   * Adds a service with `origin: 'created'`; the proposal's members and the given positions become
   * normalized to it (method `manual`) and their names learned synonyms. INVALID_INPUT: empty name or
   * category; CONFLICT: the category already has that name; NOT_FOUND: unknown proposal or position.
   */
  createService(input: CreateServiceInput): Promise<CreatedService>;
  close(): Promise<void>;
}
