/**
 * JSON shapes of the operator endpoints (packages/http/src/openapi-queue.ts and openapi-schemas.ts):
 * the verification queue and its decisions, unmatched positions, settings and scans, price changes. In
 * snake_case as on the wire; only the fields the UI reads are listed.
 *
 * @module
 */
import type { FileReportError, FileReportOk, Page, PriceKind, Service } from './types.js';

/** A candidate dictionary service for a position. */
export interface Candidate {
  readonly service_id: string;
  readonly name: string;
  readonly category: string;
  readonly score: number;
  readonly method: string;
}

/** A position with its clinic and price list spelled out. */
export interface PositionView {
  readonly position_id: string;
  readonly raw_name: string;
  readonly status: 'normalized' | 'queued' | 'skipped' | 'unrecognized';
  readonly confidence: number;
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly city: string | null;
  readonly section: string | null;
  readonly code: string | null;
  readonly unit: string | null;
  readonly price: number | null;
  readonly price_nonresident: number | null;
  readonly price_list_id: string;
  readonly file_name: string | null;
  readonly effective_date: string | null;
  /** Why the matcher matched or suggested as it did; null for positions stored before traces. */
  readonly trace?: MatchTrace | null;
  /** `component`: part of a package (`package_id`), no offer of its own; absent from older servers. */
  readonly kind?: 'service' | 'package' | 'component';
  readonly package_id?: string | null;
}

/** Why a position was matched as it was (`trace` of the API). */
export interface MatchTrace {
  readonly stage: 'synonym' | 'ranker' | 'rules' | 'embedding' | 'decision';
  readonly rule?: 'code' | 'exact' | 'rule' | 'fuzzy';
  readonly signals?: Readonly<Record<string, number>>;
  readonly guards?: readonly string[];
  readonly decision?: string;
}

/** `GET /queue` item. */
export interface QueueItem {
  readonly position: PositionView;
  /** The service to confirm; `null` when the row has no candidate. */
  readonly suggestion: Candidate | null;
  readonly alternatives: readonly Candidate[];
}

/** `GET /unmatched` item. */
export interface UnmatchedPosition extends PositionView {
  readonly candidates: readonly Candidate[];
}

/** The two statuses `GET /unmatched` lists. */
export type UnmatchedStatus = 'queued' | 'unrecognized';

/** `POST /match`, `POST /skip`. */
export interface DecisionResult {
  readonly decision_id: string | null;
  /** An earlier decision (a twin's, say) had already settled the position so; nothing was written, still a success. */
  readonly already_decided?: boolean;
  readonly action: 'match' | 'skip';
  readonly service: Service | null;
  /** Every position decided, the requested one first (identical names elsewhere follow). */
  readonly position_ids: readonly string[];
}

/** `POST /undo`. */
export interface UndoResult {
  readonly decision_id: string;
  /** Decisions taken back: 1, or the size of the batch. */
  readonly decisions?: number;
  readonly batch_id?: string | null;
  readonly action: 'match' | 'skip';
  readonly service_id: string | null;
  readonly position_ids: readonly string[];
}

/** The last scan in brief (`GET /settings` → `last_scan`). */
export interface ScanSummary {
  readonly folder: string;
  readonly trigger: 'request' | 'schedule';
  readonly started_at: string;
  readonly finished_at: string;
  readonly files: number;
  readonly errors: number;
  readonly skipped: number;
  readonly positions: number;
}

/** `GET /settings`. */
export interface Settings {
  readonly watch_folder: string | null;
  readonly scan_interval_minutes: number;
  readonly last_scan: ScanSummary | null;
}

/** `POST /settings` body: absent fields keep their value. */
export interface SettingsPatch {
  readonly watch_folder?: string | null;
  readonly scan_interval_minutes?: number;
}

/** `POST /scan`, `GET /scan/last`. */
export interface ScanReport {
  readonly folder: string;
  readonly trigger: 'request' | 'schedule';
  readonly started_at: string;
  readonly finished_at: string;
  readonly files: readonly (FileReportOk | FileReportError)[];
  readonly positions: number;
  readonly normalized: number;
  readonly errors: number;
  readonly skipped: readonly { readonly file: string; readonly known_as: string }[];
}

/** One service of one clinic whose price changed between two consecutive lists. */
export interface PriceChange {
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly city: string | null;
  readonly service_id: string;
  readonly service_name: string;
  readonly category: string;
  readonly price_kind: PriceKind;
  readonly old_price: number;
  readonly new_price: number;
  readonly change: number;
  /** `(new − old) / old`; 0.25 is 25 % up. */
  readonly change_share: number;
  readonly direction: 'up' | 'down';
  readonly old_effective_date: string | null;
  readonly new_effective_date: string | null;
  readonly old_file_name: string;
  readonly new_file_name: string;
  /** The lines behind each price (absent from older servers). */
  readonly old_positions?: readonly { readonly position_id: string; readonly raw_name: string; readonly price: number }[];
  readonly new_positions?: readonly { readonly position_id: string; readonly raw_name: string; readonly price: number }[];
  /** Both sides share a line name: the same line's price moved (absent from older servers). */
  readonly like_with_like?: boolean;
  /** Why the change may be a wrong match rather than a price move (absent from older servers). */
  readonly mismatch_signs?: readonly ('names_differ' | 'beyond_market')[];
}

/** `GET /price-changes`. */
export interface PriceChangePage extends Page<PriceChange> {
  readonly threshold: number;
}

/** The queue's filters (`GET /queue`, `POST /queue/accept-suggestions`). */
export interface QueueFilters {
  readonly clinic_id?: string;
  readonly category?: string;
  readonly method?: string;
  /** 0..1 */
  readonly min_confidence?: number;
  /** 0..1 */
  readonly max_confidence?: number;
}

/** `POST /queue/accept-suggestions`. */
export interface AcceptSuggestionsResult {
  readonly accepted: number;
  readonly batch_id: string | null;
  readonly dry_run: boolean;
}

/** `GET /decisions` item. */
export interface DecisionLogEntry {
  readonly decision_id: string;
  readonly action: 'match' | 'skip';
  readonly created_at: string;
  /** Who decided (the API token's name until there are user accounts); null without authentication. */
  readonly user: string | null;
  readonly batch_id: string | null;
  readonly service: { readonly service_id: string; readonly name: string; readonly category: string } | null;
  readonly position: {
    readonly position_id: string;
    readonly raw_name: string;
    readonly clinic_id: string;
    readonly clinic_name: string;
    readonly status_before: string;
  };
  readonly identical: number;
  readonly suggestion: Candidate | null;
  readonly followed_suggestion: boolean;
  readonly undoable: boolean;
}

/** A row of `GET /positions/{id}/context`. */
export interface NeighbourRow {
  readonly position_id: string;
  readonly raw_name: string;
  readonly section: string | null;
  readonly price: number | null;
  readonly status: string;
  readonly method: string | null;
  readonly service_name: string | null;
  readonly source: { readonly table: string; readonly row: number };
  readonly current: boolean;
}

/** `GET /positions/{id}/context`. */
export interface PositionContext {
  readonly source: { readonly table: string; readonly row: number };
  readonly format: string | null;
  readonly rows: readonly NeighbourRow[];
}

/** `POST /services` answer. */
export interface CreatedService {
  readonly service_id: string;
  readonly name: string;
  readonly category: string;
  readonly normalized_positions: number;
}

/** A member of a proposal (`GET /service-proposals`). */
export interface ProposalMember {
  readonly position_id: string;
  readonly raw_name: string;
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly section: string | null;
  readonly price: number | null;
  readonly status: 'queued' | 'unrecognized';
}

/** `GET /service-proposals` item. */
export interface ServiceProposal {
  readonly proposal_id: string;
  readonly name: string;
  readonly category: string | null;
  readonly nearest_service: { readonly service_id: string; readonly name: string; readonly category: string; readonly score: number } | null;
  readonly clinics: number;
  readonly positions: number;
  readonly names: number;
  readonly members: readonly ProposalMember[];
}
