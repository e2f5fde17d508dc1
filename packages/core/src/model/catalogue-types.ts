/**
 * The catalogue's shared shapes: pages, ingest reports, search hits, comparisons, clinics and services as the use
 * cases answer them. Types only, below every use case, so each use case names them without importing the catalogue
 * (the `Catalogue` interface, in catalogue/catalogue.ts, imports the use cases' own types, never the other way).
 *
 * @module
 */
import type { DEVIATION_KINDS, DUPLICATE_CHOICES, OUTLIER_RULES, PriceKind, SEARCH_HIT_CLINICS } from '../contract/limits.js';
import type { Clinic, Position, PositionKind, PositionStatus, MatchMethod, PriceList, Service } from './records.js';

/** Which branch of the outlier rule applied (catalogue/outliers.ts). */
export type OutlierRule = (typeof OUTLIER_RULES)[number];

/** The accepted price range; prices outside are outliers. `low`/`high` are null when rule is `none`. */
export interface OutlierBounds {
  readonly rule: OutlierRule;
  readonly low: number | null;
  readonly high: number | null;
}

/** What tells a class of duplicate entries apart from its siblings (match/dictionary-structure.ts). */
export interface SiblingFeatures {
  /** Method keys of methods.tsv (`ифа`, `ихл`, `пцр` …). */
  readonly methods: readonly string[];
  /** Material keys of materials.tsv (`кровь`, `моча` …). */
  readonly materials: readonly string[];
  /** The tariff codes of its entries (`B06.576.005`). */
  readonly tariff_codes: readonly string[];
  /** Prefix (section, `B06`) and suffix (last group, `005`) of each tariff code: `B06…005`. */
  readonly code_shapes: readonly string[];
}

/** Another class of a service's sibling group, with what tells it apart. */
export interface ServiceSibling {
  readonly class_id: string;
  readonly service_id: string;
  readonly name: string;
  readonly features: SiblingFeatures;
}

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
      readonly price_columns: readonly { readonly header: string; readonly role: string; readonly also_roles?: readonly string[] }[];
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
  /** The first {@link SEARCH_HIT_CLINICS} clinics offering the service (in the city), in order of their first offer. */
  readonly clinics: readonly { readonly clinic_id: string; readonly name: string; readonly city: string | null }[];
  /** How many clinics offer the service (in the city): `clinics` names the first of them. */
  readonly clinics_total: number;
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
  readonly price_nonresident_far: number | null;
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
  readonly siblings: readonly ServiceSibling[];
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
