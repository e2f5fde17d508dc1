/**
 * The `Catalogue`: every use case of pricecat bound to its dependencies. The HTTP layer and the CLI
 * call only this. Errors are {@link PricecatError}s with stable codes.
 */
import type { Clinic, Position, PositionStatus, MatchMethod, PriceList, Service } from '../storage/records.js';

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
      readonly price_columns: readonly { readonly header: string; readonly role: string }[];
      readonly warnings: readonly string[];
    }
  | {
      readonly file: string;
      readonly status: 'error';
      readonly code: string;
      readonly message: string;
    };

export interface IngestReport {
  readonly files: readonly FileReport[];
  readonly positions: number;
  readonly normalized: number;
  readonly errors: number;
  readonly duration_ms: number;
}

export interface Stats {
  readonly services: number;
  readonly clinics: number;
  readonly price_lists: number;
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

export type PriceKind = 'resident' | 'nonresident';

export interface PartnerPrice {
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly city: string | null;
  /** The representative price: the clinic's positions for the service in its latest list, median. */
  readonly price: number;
  readonly deviation: number;
  /** (price - median) / median, e.g. 0.12 = 12 % above the median. */
  readonly deviation_share: number;
  readonly effective_date: string | null;
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
  readonly partners: readonly PartnerPrice[];
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
}

export interface ServiceQuery extends PageRequest {
  readonly q?: string;
  readonly category?: string;
  readonly origin?: Service['origin'];
}

export interface ServiceDetails extends Service {
  readonly prices: PriceSummary;
  readonly positions: number;
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
  stats(): Promise<Stats>;
  /** Services whose `name_norm` matches the query (case-insensitive), with the clinics that offer them. */
  search(query: { readonly q: string; readonly city?: string; readonly limit?: number }): Promise<readonly SearchHit[]>;
  listServices(query?: ServiceQuery): Promise<Page<Service>>;
  /** Throws NOT_FOUND for an unknown id. */
  getService(serviceId: string): Promise<ServiceDetails>;
  /** Throws NOT_FOUND for an unknown id. */
  compareService(serviceId: string, options?: { readonly price_kind?: PriceKind; readonly city?: string }): Promise<ServiceComparison>;
  listPartners(query?: PageRequest & { readonly city?: string; readonly q?: string }): Promise<Page<ClinicSummary>>;
  /** Throws NOT_FOUND for an unknown id. */
  partnerServices(clinicId: string, query?: PageRequest): Promise<Page<PartnerService>>;
  listPositions(query?: PositionQuery): Promise<Page<Position>>;
  listPriceLists(): Promise<readonly PriceList[]>;
  /** The matcher as ingest runs it (before the per-list concentrated-group rule): candidates per query, in order. */
  reconcile(queries: readonly ReconcileQuery[]): Promise<ReconcileCandidate[][]>;
  close(): Promise<void>;
}
