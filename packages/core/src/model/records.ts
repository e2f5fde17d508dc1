/**
 * Records pricecat stores. Field names are the HTTP API's names (DESIGN.md §3), so the HTTP layer
 * serialises them without renaming.
 */
import type { DECISION_ACTIONS, MatchMethod, PARSE_STATUSES, PositionKind, PositionStatus, SERVICE_ORIGINS } from '../contract/limits.js';
import type { PriceCell } from './price-row.js';
import type { MatchTrace } from './trace.js';

/** A dictionary entry. */
export interface Service {
  /** Unique per entry, stable across restarts and re-imports of the same dictionary file. */
  readonly service_id: string;
  readonly name: string;
  readonly name_norm: string;
  /** The dictionary's specialty column. */
  readonly category: string;
  /** Kazakhstan tariff code (`A02.004.000`), Latin letters, or null when the file has none. */
  readonly tariff_code: string | null;
  readonly origin: ServiceOrigin;
}

/** A clinic (partner). */
export interface Clinic {
  readonly clinic_id: string;
  readonly name: string;
  readonly city: string | null;
  /** 12-digit business identification number, when a document states it. */
  readonly bin: string | null;
  /** Every way documents have named this clinic (file names included), for de-duplication. */
  readonly aliases: readonly string[];
  readonly created_at: string;
}

export type ParseStatus = (typeof PARSE_STATUSES)[number];

/** One ingested document of one clinic. */
export interface PriceList {
  readonly price_list_id: string;
  readonly clinic_id: string;
  readonly file_name: string;
  readonly format: string;
  /** ISO date `YYYY-MM-DD` (or `YYYY-01-01` when only a year is known), null when unknown. */
  readonly effective_date: string | null;
  readonly ingested_at: string;
  readonly sha256: string;
  readonly status: ParseStatus;
  readonly warnings: readonly string[];
  readonly position_count: number;
}

export type { MatchMethod, PositionStatus };
/** Where a dictionary entry comes from. */
export type ServiceOrigin = (typeof SERVICE_ORIGINS)[number];

/** A candidate dictionary service for a position, best first. */
export interface MatchCandidate {
  readonly service_id: string;
  readonly name: string;
  readonly score: number;
  readonly method: MatchMethod;
}

/**
 * What a position offers: `service`, an offer of its own; `package`, an offer whose price covers the positions
 * listed under it (a check-up, a programme); `component`, one of those, priced in the list but not sold on its
 * own, so no offer in comparisons, search or the catalogue (extract/package-rows.ts).
 */
export type { PositionKind };

/** One extracted priced row. */
export interface Position {
  readonly position_id: string;
  readonly price_list_id: string;
  readonly clinic_id: string;
  readonly raw_name: string;
  readonly name_norm: string;
  readonly code: string | null;
  readonly section: string | null;
  readonly unit: string | null;
  /** Resident price, the one used for comparison; null when the row has only other roles. */
  readonly price: number | null;
  /** Price for foreigners: near abroad (СНГ), else far abroad where the list has one price for all of them. */
  readonly price_nonresident: number | null;
  /**
   * Price for far abroad: a cell whose role, or second role, is `nonresident_far` (a column «… ближнего и дальнего
   * зарубежья» gives both foreigners' prices); null when the row has none (model/price-kinds.ts).
   */
  readonly price_nonresident_far: number | null;
  /** The row's price cells, each with its column's role and second roles (`also_roles`). */
  readonly prices_raw: readonly PriceCell[];
  readonly service_id: string | null;
  readonly confidence: number;
  readonly method: MatchMethod | null;
  readonly status: PositionStatus;
  readonly candidates: readonly MatchCandidate[];
  /** Why the position was matched as it was (match/trace.ts); absent on positions stored before traces. */
  readonly trace?: MatchTrace;
  readonly warnings: readonly string[];
  /** Where the row is in its file. */
  readonly source: { readonly table: string; readonly row: number };
  /** `service` for positions stored before packages were told apart. */
  readonly kind: PositionKind;
  /** A component's package (its `position_id`: a package, or a component that is a package itself); else null. */
  readonly package_id: string | null;
}

/** A decision an analyst made: this raw name means that service. */
export interface LearnedSynonym {
  readonly name_norm: string;
  readonly service_id: string;
  readonly raw_name: string;
  /** The clinic where the decision was made (the synonym applies everywhere). */
  readonly clinic_id: string | null;
  readonly created_at: string;
}

export interface SkippedItem {
  readonly position_id: string;
  readonly name_norm: string;
  readonly created_at: string;
}

/** A file already ingested (used by the watched folder to skip known files). */
export interface IngestedFile {
  readonly path: string;
  readonly sha256: string;
  readonly price_list_id: string | null;
  readonly ingested_at: string;
}

/**
 * One decision of the verification queue (a match or a skip), logged so the last one can be undone, also
 * after a restart. It holds what an undo needs: the positions as they were and what the decision wrote.
 */
export interface Decision {
  readonly decision_id: string;
  readonly action: (typeof DECISION_ACTIONS)[number];
  readonly created_at: string;
  /** Who decided: the API token's name (`PRICECAT_TOKENS_FILE`); absent or null without authentication. */
  readonly decided_by?: string | null;
  /** The service chosen by a match; null for a skip. */
  readonly service_id: string | null;
  /** Every position the decision changed, as it was before; an undo puts these back. */
  readonly previous: readonly Position[];
  /** The learned synonym a match wrote (null when the name normalises to nothing). */
  readonly synonym: LearnedSynonym | null;
  /** The synonym for the same `name_norm` that the match replaced; an undo restores it. */
  readonly replaced_synonym: LearnedSynonym | null;
  /** The skipped items a skip wrote; an undo removes them. */
  readonly skipped_items: readonly SkippedItem[];
  /**
   * The batch the decision belongs to («accept every suggestion above X %»): one undo takes back the whole
   * batch. Absent or null for a decision of its own.
   */
  readonly batch_id?: string | null;
}

/** Everything one ingested file adds, written at once. */
export interface PriceListWrite {
  /** The clinic, new or updated (a new alias, a city learned later); upserted by `clinic_id`. */
  readonly clinic: Clinic;
  readonly priceList: PriceList;
  readonly positions: readonly Position[];
  /** Recorded so that a watched-folder scan can skip the file later. */
  readonly ingestedFile?: IngestedFile;
}
