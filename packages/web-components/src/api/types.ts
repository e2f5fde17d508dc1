/**
 * JSON shapes of the pricecat HTTP API that the elements read (packages/http/src/openapi-schemas.ts), in
 * snake_case as on the wire. Only the fields the UI uses are required here.
 *
 * @module
 */

/** A dictionary entry. */
export interface Service {
  readonly service_id: string;
  readonly name: string;
  readonly name_norm: string;
  readonly category: string;
  readonly tariff_code: string | null;
  readonly origin: 'dictionary' | 'created';
}

/** Price summary over clinics. */
export interface PriceSummary {
  readonly clinics: number;
  readonly min: number | null;
  readonly median: number | null;
  readonly max: number | null;
}

/** `GET /search` item. */
export interface SearchHit {
  readonly service: Service;
  readonly prices: PriceSummary;
  readonly clinics: readonly { readonly clinic_id: string; readonly name: string; readonly city: string | null }[];
}

/** `GET /search` answer: a page of hits, the true count, and the typos corrected. */
export interface SearchPage {
  readonly items: readonly SearchHit[];
  /** Absent from servers older than the paged search. */
  readonly total?: number;
  readonly limit?: number;
  readonly offset?: number;
  readonly corrections?: readonly { readonly from: string; readonly to: string }[];
}

/** Which price a comparison uses. */
export type PriceKind = 'resident' | 'nonresident';

/** One clinic's row of a comparison. */
export interface PartnerPrice {
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly city: string | null;
  readonly price: number;
  readonly deviation: number;
  readonly deviation_share: number;
  /** Outside the comparison's `outlier_bounds` (absent from older servers). */
  readonly outlier?: boolean;
  readonly effective_date: string | null;
  /** The day the list holds from: `effective_date`, else the ingest day (absent from older servers). */
  readonly list_date?: string;
  /** The list is a year or more older than the newest one compared beside it. */
  readonly stale?: boolean;
  readonly price_list_id: string;
  readonly positions: readonly { readonly position_id: string; readonly raw_name: string; readonly price: number }[];
}

/** `GET /services/{id}/history`. */
export interface ServicePriceHistory {
  readonly service_id: string;
  readonly price_kind: PriceKind;
  readonly clinics: readonly {
    readonly clinic_id: string;
    readonly clinic_name: string;
    readonly city: string | null;
    readonly points: readonly {
      readonly price_list_id: string;
      readonly file_name: string;
      readonly effective_date: string | null;
      readonly ingested_at: string;
      readonly price: number;
      readonly lines: number;
    }[];
  }[];
}

/** `GET /services/{id}/partners`. */
export interface ServiceComparison {
  readonly service: Service;
  readonly price_kind: PriceKind;
  readonly median: number | null;
  readonly min: number | null;
  readonly max: number | null;
  readonly spread: number | null;
  readonly spread_ratio: number | null;
  /** Prices outside [low, high] are outliers (absent from older servers). */
  readonly outlier_bounds?: { readonly low: number | null; readonly high: number | null };
  readonly partners: readonly PartnerPrice[];
}

/** A clinic with its counts (`GET /partners` item). */
export interface ClinicSummary {
  readonly clinic_id: string;
  readonly name: string;
  readonly city: string | null;
  readonly price_lists: number;
  readonly positions: number;
  readonly normalized: number;
  readonly latest_effective_date: string | null;
}

/** One ingested document (`GET /price-lists` item). */
export interface PriceList {
  readonly price_list_id: string;
  readonly clinic_id: string;
  readonly file_name: string;
  readonly format: string;
  readonly effective_date: string | null;
  readonly ingested_at: string;
  readonly status: 'ok' | 'warnings' | 'error';
  readonly warnings: readonly string[];
  readonly position_count: number;
}

/** One extracted priced row (`GET /positions` item), the fields the UI reads. */
export interface Position {
  readonly position_id: string;
  readonly price_list_id: string;
  readonly clinic_id: string;
  readonly raw_name: string;
  readonly price: number | null;
  readonly price_nonresident: number | null;
  readonly service_id: string | null;
  readonly status: 'normalized' | 'queued' | 'skipped' | 'unrecognized';
}

/** `GET /stats`. */
export interface Stats {
  readonly services: number;
  readonly clinics: number;
  readonly price_lists: number;
  readonly positions: number;
  readonly normalized: number;
  readonly normalized_share: number;
  readonly queued: number;
  readonly unrecognized: number;
  readonly skipped: number;
  readonly by_method: Readonly<Record<string, number>>;
  readonly by_status: Readonly<Record<string, number>>;
}

/** A file of an ingest that was read. */
export interface FileReportOk {
  readonly file: string;
  readonly status: 'ok' | 'warnings';
  readonly format: string;
  readonly clinic_name: string;
  readonly city: string | null;
  readonly effective_date: string | null;
  readonly positions: number;
  readonly normalized: number;
  readonly queued: number;
  readonly unrecognized: number;
  /** Rows whose twin in an earlier list of the clinic an analyst skipped. */
  readonly skipped: number;
  readonly warnings: readonly string[];
}

/** A file of an ingest that failed. */
export interface FileReportError {
  readonly file: string;
  readonly status: 'error';
  readonly code: string;
  /** What went wrong and what to do, in Russian. */
  readonly message: string;
  /** The message's code in the server's catalogue, and the values it names. */
  readonly message_code?: string;
  readonly params?: Readonly<Record<string, string | number>>;
  /** With code `ALREADY_INGESTED`: the stored list that already holds this content. */
  readonly duplicate_of?: {
    readonly price_list_id: string;
    readonly file_name: string;
    readonly clinic_name: string | null;
    readonly ingested_at: string;
    readonly effective_date: string | null;
  };
}

/** `POST /ingest-jobs`, `GET /ingest-jobs/{id}`. */
export interface IngestJob {
  readonly job_id: string;
  readonly file_name: string;
  readonly status: 'running' | 'done' | 'failed';
  readonly created_at: string;
  readonly finished_at: string | null;
  readonly files: readonly {
    readonly file: string;
    readonly state: 'waiting' | 'running' | 'done';
    readonly report: FileReportOk | FileReportError | null;
  }[];
  readonly done_files: number;
  readonly report: IngestReport | null;
  readonly error: { readonly code: string; readonly message: string } | null;
}

/** `POST /ingest`. */
export interface IngestReport {
  /** `archive`: a ZIP of price lists; `file`: one price file. */
  readonly source?: 'archive' | 'file';
  readonly files: readonly (FileReportOk | FileReportError)[];
  readonly positions: number;
  readonly normalized: number;
  readonly errors: number;
  readonly duration_ms: number;
  /** Present when the server's store failed mid-way; files after it were not read. */
  readonly failure?: { readonly code: string; readonly message: string };
}

/** A paged answer. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

/** `GET /dashboard`. */
export interface DashboardFigures {
  readonly clinics: readonly {
    readonly clinic_id: string;
    readonly name: string;
    readonly city: string | null;
    readonly price_lists: number;
    readonly positions: number;
    readonly normalized: number;
    readonly queued: number;
    readonly unrecognized: number;
    readonly skipped: number;
    readonly normalized_share: number;
    readonly latest_list_date: string | null;
  }[];
  readonly categories: readonly { readonly category: string; readonly services: number; readonly offered: number; readonly clinics: number }[];
  readonly ingests: readonly {
    readonly price_list_id: string;
    readonly file_name: string;
    readonly clinic_id: string;
    readonly clinic_name: string;
    readonly ingested_at: string;
    readonly positions: number;
    readonly normalized: number;
    readonly normalized_share: number;
    readonly cumulative_share: number;
  }[];
}
