/**
 * The `Catalogue`: every use case of pricecat bound to its dependencies. The HTTP layer and the CLI
 * call only this. Errors are {@link PricecatError}s with stable codes.
 */
import type { DEVIATION_KINDS, DUPLICATE_CHOICES } from '../contract/limits.js';
import type { PriceKind } from '../contract/limits.js';
import type { ServiceStructure } from '../match/dictionary-structure.js';
import type { Clinic, Position, PositionKind, PositionStatus, MatchMethod, PriceList, Service } from '../storage/records.js';
import type { OutlierBounds } from './outliers.js';
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

/** Where a clinic's price sits against the median across clinics. */
export type DeviationKind = (typeof DEVIATION_KINDS)[number];

/** A page of results with the total count before paging. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export interface PageRequest {
  readonly limit?: number;
  readonly offset?: number;
}

/** A file handed to ingest: a ZIP of price lists or one price file. */
export interface IngestSource {
  readonly fileName: string;
  readonly bytes: Uint8Array;
  /**
   * A file whose content (SHA-256) a stored price list already has: `'ingest'` stores it again as a new version (the
   * behaviour before duplicates were detected); `'report'` stores nothing and reports it as an error entry with code
   * `ALREADY_INGESTED` and `duplicate_of`. @default 'ingest'
   */
  readonly duplicates?: (typeof DUPLICATE_CHOICES)[number];
  /** Told when the files are known and as each one starts and ends (an ingest job's progress). @default none */
  readonly onProgress?: (event: IngestProgress) => void;
}

/** Progress of an ingest, file by file. */
export type IngestProgress =
  | { readonly type: 'files'; readonly files: readonly string[] }
  | { readonly type: 'file-start'; readonly index: number; readonly file: string }
  | { readonly type: 'file-done'; readonly index: number; readonly report: FileReport };

/** The stored price list a re-uploaded file's content already went into. */
export interface DuplicateOf {
  readonly price_list_id: string;
  readonly file_name: string;
  readonly clinic_id: string;
  readonly clinic_name: string | null;
  readonly ingested_at: string;
  readonly effective_date: string | null;
}

/** The report for one file of an ingest. */
export type FileReport =
  | {
      readonly file: string;
      readonly status: 'ok' | 'warnings';
      readonly format: string;
      readonly price_list_id: string;
      readonly clinic_id: string;
      readonly clinic_name: string;
      readonly city: string | null;
      readonly effective_date: string | null;
      readonly positions: number;
      readonly normalized: number;
      readonly queued: number;
      readonly unrecognized: number;
      /** Rows whose twin in an earlier list of the clinic an analyst skipped: skipped again, never queued. */
      readonly skipped: number;
      readonly price_columns: readonly { readonly header: string; readonly role: string }[];
      readonly warnings: readonly string[];
    }
  | {
      readonly file: string;
      readonly status: 'error';
      readonly code: string;
      /** What went wrong and what to do, in Russian (rendered from `message_code` and `params`). */
      readonly message: string;
      /** The message's code in the catalogue (`error.<message_code>`), for a client rendering another language. */
      readonly message_code?: string;
      /** The values the message's text names. */
      readonly params?: Readonly<Record<string, string | number>>;
      /** With code `ALREADY_INGESTED`: the list that already holds this content. */
      readonly duplicate_of?: DuplicateOf;
    };

export interface IngestReport {
  /** `archive`: a ZIP of price lists, one entry per file; `file`: one price file. */
  readonly source: 'archive' | 'file';
  /** One entry per file: `ok`/`warnings` were committed, `error` wrote nothing. */
  readonly files: readonly FileReport[];
  readonly positions: number;
  readonly normalized: number;
  readonly errors: number;
  readonly duration_ms: number;
  /**
   * Present when the data store failed: the ingest stopped there, later files are `NOT_PROCESSED`.
   * The HTTP API answers 500 with this report.
   */
  readonly failure?: {
    readonly code: string;
    readonly message: string;
    readonly message_code?: string;
    readonly params?: Readonly<Record<string, string | number>>;
  };
}

export interface Stats {
  readonly services: number;
  readonly clinics: number;
  /** Distinct cities of the clinics (clinics without a known city are not counted). */
  readonly cities: number;
  readonly price_lists: number;
  /** Ingested documents: one per price list (the same figure as `price_lists`, under the name). */
  readonly documents: number;
  /** When the newest price list was ingested (ISO date-time), null before the first ingest. */
  readonly last_ingest_at: string | null;
  readonly positions: number;
  readonly normalized: number;
  /** normalized / positions over all extracted positions, every version (DESIGN §4 rule 5). */
  readonly normalized_share: number;
  readonly queued: number;
  readonly unrecognized: number;
  readonly skipped: number;
  readonly by_method: Readonly<Record<string, number>>;
  readonly by_status: Readonly<Record<string, number>>;
}

/** Price summary over clinics for one service. */
export interface PriceSummary {
  readonly clinics: number;
  readonly min: number | null;
  readonly median: number | null;
  readonly max: number | null;
}

export interface SearchHit {
  readonly service: Service;
  readonly prices: PriceSummary;
  readonly clinics: readonly { readonly clinic_id: string; readonly name: string; readonly city: string | null }[];
}

/** A page of search hits, with the typo corrections the search made (search-terms.ts). */
export interface SearchPage extends Page<SearchHit> {
  /** Words of the query nobody's name starts with, replaced by the nearest known word. */
  readonly corrections: readonly { readonly from: string; readonly to: string }[];
}

export type { PriceKind };

export interface PartnerPrice {
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly city: string | null;
  /** The representative price: the clinic's positions for the service in its latest list, median. */
  readonly price: number;
  readonly deviation: number;
  /** (price - median) / median, e.g. 0.12 = 12 % above the median. */
  readonly deviation_share: number;
  /** Above the median: the insurer overpays; below: it saves; equal: at the median. */
  readonly deviation_kind: DeviationKind;
  /** Outside the comparison's `outlier_bounds` (rule in outliers.ts and docs/api.md). */
  readonly outlier: boolean;
  readonly effective_date: string | null;
  /** The day the list's prices hold from: `effective_date`, else the day it was ingested. */
  readonly list_date: string;
  /** The list is a year or more older than the newest list compared beside it (stale-lists.ts). */
  readonly stale: boolean;
  readonly price_list_id: string;
  readonly positions: readonly { readonly position_id: string; readonly raw_name: string; readonly price: number }[];
}

export interface ServiceComparison {
  readonly service: Service;
  readonly price_kind: PriceKind;
  readonly median: number | null;
  readonly min: number | null;
  readonly max: number | null;
  /** max - min */
  readonly spread: number | null;
  /** max / min */
  readonly spread_ratio: number | null;
  /** Number of clinics compared (rows of `partners`). */
  readonly clinics: number;
  /** Prices outside [low, high] are flagged `outlier`; the rule depends on the number of clinics. */
  readonly outlier_bounds: OutlierBounds;
  readonly partners: readonly PartnerPrice[];
  /**
   * The service's class: the dictionary's duplicate entries of it (one service under several specialties, or names
   * differing by a gloss; match/dictionary-structure.ts), itself first among them, and whether their positions were
   * pooled into this comparison (`pooled`, asked with `pool_class`). A class of one entry is never pooled.
   */
  readonly class: ComparedClass;
}

/** See {@link ServiceComparison.class}. */
export interface ComparedClass {
  readonly class_id: string;
  /** Its entries, the compared service first, then in dictionary order. */
  readonly services: readonly { readonly service_id: string; readonly name: string; readonly category: string }[];
  /** True when the prices of every entry of the class were compared as one service's. */
  readonly pooled: boolean;
}

export interface ClinicSummary extends Clinic {
  readonly price_lists: number;
  readonly positions: number;
  readonly normalized: number;
  readonly latest_effective_date: string | null;
}

export interface PartnerService {
  readonly service: Service;
  readonly price: number | null;
  readonly price_nonresident: number | null;
  readonly positions: number;
  readonly effective_date: string | null;
}

export interface PositionQuery extends PageRequest {
  readonly clinic_id?: string;
  readonly service_id?: string;
  readonly price_list_id?: string;
  readonly status?: PositionStatus;
  readonly method?: MatchMethod;
  /** Substring of `name_norm` (case-insensitive). */
  readonly q?: string;
  /** Only positions of this kind (`component`: the parts of packages). */
  readonly kind?: PositionKind;
  /** Only the components of this package (its `position_id`), in list order. */
  readonly package_id?: string;
}

export interface ServiceQuery extends PageRequest {
  readonly q?: string;
  readonly category?: string;
  readonly origin?: Service['origin'];
}

export interface ServiceDetails extends Service {
  readonly prices: PriceSummary;
  readonly positions: number;
  /**
   * Its class of duplicate entries (match/dictionary-structure.ts): entries of one class are one service, e.g. one name
   * under several specialties; comparison may show them as one.
   */
  readonly class_id: string;
  /** The other classes of its sibling group (same base name, another method, material or code), with what tells them apart. */
  readonly siblings: ServiceStructure['siblings'];
}

/** One name to reconcile against the dictionary (W3C Reconciliation API query, already parsed). */
export interface ReconcileQuery {
  readonly query: string;
  /** The price list's code for the service, extra evidence. */
  readonly code?: string | null;
  /** The price list's section heading, extra evidence. */
  readonly section?: string | null;
  /** At most this many candidates. @default 5 */
  readonly limit?: number;
}

/** A reconciliation candidate; `score` is the same confidence ingest computes for that name. */
export interface ReconcileCandidate {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly score: number;
  /** True exactly when ingest would normalize the name to this service automatically. */
  readonly match: boolean;
}

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
