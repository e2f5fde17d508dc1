/**
 * The query port: every read the catalogue's use cases make (search, comparison, price history and
 * changes, queue, unmatched, positions paging, statistics, proposals, export rows), as one interface.
 *
 * A `Storage` adapter MAY implement it in its own engine (`Storage.queries`, e.g. SQL with indexes);
 * for adapters that do not, the catalogue keeps the in-memory implementation (memory-query-port.ts),
 * loaded once at start and then updated by every write with what that write changed (a
 * {@link StoreChange}), never rebuilt from the whole store. This mirrors unstorage, where a driver may
 * supply `getItems` and the core falls back when it does not.
 *
 * Contract for every implementation:
 * - Reads see every write the catalogue has completed before the call (read-your-writes).
 * - Records returned are shared, not copied: callers must not mutate them.
 * - Positions come in ingest order (the order `savePriceList` stored them) unless a method says otherwise.
 * - Nothing found is an empty result or `null`, never an error.
 * - Calls may overlap; none of them writes.
 */
import type { Clinic, MatchCandidate, MatchMethod, Position, PositionKind, PositionStatus, PriceList, PriceListWrite, Service } from './records.js';
import type { PriceKind } from '../contract/limits.js';

/** Which positions a query wants; every given field must match. */
export interface PositionQueryFilter {
  readonly clinic_id?: string;
  readonly service_id?: string;
  readonly price_list_id?: string;
  /** One status, or any of several. */
  readonly status?: PositionStatus | readonly PositionStatus[];
  readonly method?: MatchMethod;
  /** Exactly this normalized name (SQL: an index on `name_norm`). */
  readonly name_norm?: string;
  /** `name_norm` contains this (already normalized) text (SQL: trigram index). */
  readonly name_contains?: string;
  /** One kind, or any of several (`OFFER_KINDS`: what comparisons read; components are not offers). */
  readonly kind?: PositionKind | readonly PositionKind[];
  /** The components of this package (SQL: an index on `package_id`). */
  readonly package_id?: string;
}

/** The kinds of positions that are offers of their own: a package's components are not. */
export const OFFER_KINDS: readonly PositionKind[] = ['service', 'package'];

/** Which queued positions a queue page wants; every given field must match. */
export interface QueueFilter {
  readonly clinic_id?: string;
  /** The method (matcher stage) of the first candidate, the suggestion (a queued position itself has none). */
  readonly method?: MatchMethod;
  /** The first candidate (the suggestion) is one of these services (the catalogue turns a category into them). */
  readonly suggestion_service_ids?: readonly string[];
  /** confidence >= this (0..1). */
  readonly min_confidence?: number;
  /** confidence < this (0..1). */
  readonly max_confidence?: number;
}

/** A slice of a result. `limit` omitted: everything from `offset` on. */
export interface Slice {
  readonly limit?: number;
  readonly offset?: number;
}

/** Some positions and how many matched in all (before slicing). */
export interface PositionSlice {
  readonly items: readonly Position[];
  readonly total: number;
}

/** Counts of positions by status and by match method. */
export interface PositionCounts {
  readonly total: number;
  readonly by_status: Readonly<Record<PositionStatus, number>>;
  /** Only methods that occur; positions without a method are not counted here. */
  readonly by_method: Readonly<Record<string, number>>;
}

/**
 * The small collections (thousands of records at most), for lookups by id. Implementations may return
 * live maps that later writes update; callers use them within one request.
 */
export interface Directory {
  /** Services in insertion order. */
  readonly services: readonly Service[];
  readonly servicesById: ReadonlyMap<string, Service>;
  /** Clinics in insertion order. */
  readonly clinicsById: ReadonlyMap<string, Clinic>;
  /** Price lists, oldest ingest first. */
  readonly priceListsById: ReadonlyMap<string, PriceList>;
}

export interface QueryPort {
  /** Services, clinics and price lists by id. */
  directory(): Promise<Directory>;
  /**
   * A number that changes whenever anything readable changes; derived results (the proposals) may be
   * cached while it stays the same. Implementations without one return a new value on every call.
   */
  revision(): Promise<number>;
  /** One position, or `null` when the id is unknown. */
  getPosition(positionId: string): Promise<Position | null>;
  /** Positions matching `filter`, in ingest order, sliced; `total` counts all matches. */
  findPositions(filter?: PositionQueryFilter, slice?: Slice): Promise<PositionSlice>;
  /**
   * The verification queue: positions with status `queued` matching the filter, highest
   * confidence first, ties in ingest order, sliced (SQL: keyset or offset paging on an index of
   * `(confidence DESC, seq)` filtered by status).
   */
  queuePage(filter: QueueFilter, slice: Slice): Promise<PositionSlice>;
  /** Counts over all positions, or one clinic's. */
  countPositions(filter?: { readonly clinic_id?: string }): Promise<PositionCounts>;
  /**
   * Every position in ingest order, in batches, for the export: the caller holds one batch at a time, so
   * an implementation streaming from a cursor keeps memory bounded.
   */
  eachPosition(batchSize?: number): AsyncIterable<readonly Position[]>;
  /**
   * Optional: {@link eachPosition} with only the fields the export writes ({@link ExportedPosition}). An SQL engine
   * then reads a few columns instead of whole rows (candidates, traces): less to send, parse and collect.
   */
  eachExportedPosition?(batchSize?: number): AsyncIterable<readonly ExportedPosition[]>;
  /**
   * Optional: what price comparisons (search summaries, the comparison across clinics) need of the services'
   * normalized offers (positions of {@link OFFER_KINDS}: a package's components are left out), without
   * reading all of them into the process. For each service asked (a service without such offers gives an
   * empty entry):
   * - `lines`: per clinic with positions priced in `kind`, the positions of its newest list pricing the
   *   service in that kind (effective date, unknown = ingest date, then ingest time), clinics in order of their
   *   first such position, positions in ingest order;
   * - `clinic_ids`: every clinic with a normalized offer of the service, in order of its first one.
   * The catalogue gives the same answers with or without it (compare-service.ts `partnerPrices` over the
   * lines); without it, it reads the normalized offers with {@link findPositions}. An SQL adapter should
   * implement it: a broad search word would otherwise read hundreds of thousands of positions.
   */
  servicePrices?(
    serviceIds: readonly string[],
    kind: PriceKindOfLine,
    options?: ServicePricesOptions,
  ): Promise<ReadonlyMap<string, ServicePriceLines>>;
  /**
   * Optional: for each service asked, the clinics with a normalized offer of it
   * priced in `kind`, each once, in any order (a service without any: no entry or an empty one). Search ranks
   * every matching service by this count and summarises only the page it returns; without it, it summarises
   * every matching service. Same answers either way.
   */
  pricedClinics?(serviceIds: readonly string[], kind: PriceKindOfLine): Promise<ReadonlyMap<string, readonly string[]>>;
  /**
   * Optional, with {@link pricedClinics}: for each service asked, how many clinics {@link pricedClinics} gives it (no
   * entry or 0 when none). Search without a city ranks on this count alone: an SQL engine keeps it per service, so a
   * broad word («узи», hundreds of services) reads one row per service instead of one per service and clinic.
   */
  pricedClinicCounts?(serviceIds: readonly string[], kind: PriceKindOfLine): Promise<ReadonlyMap<string, number>>;
  /**
   * Optional: what a search hit shows of each service asked, summed up by the engine (one row per service) instead of
   * sent as {@link servicePrices}' one line per service and clinic (a page of broad hits at a million positions: 20
   * services × 200 clinics). For each service asked that a clinic offers (others: no entry or an empty one):
   * - `clinics_total`: how many clinics have a normalized offer of it (`servicePrices`' `clinic_ids`);
   * - `clinic_ids`: the first `options.first` of those clinics, in order of their first offer;
   * - `prices`: for each of those clinics with lines priced in `kind`, its representative price unrounded: the
   *   median of the lines of its newest list pricing the service in `kind` (compare-service.ts `partnerPrices`
   *   before `roundMoney`), in any order.
   * With `options.clinic_ids`, only those clinics count (search in a city). Search gives the same answers with or
   * without it.
   */
  offerSummaries?(
    serviceIds: readonly string[],
    kind: PriceKindOfLine,
    options: OfferSummaryOptions,
  ): Promise<ReadonlyMap<string, OfferSummary>>;
  /**
   * Optional: the normalized offers of one price list, in ingest order, with only the fields a comparison
   * between lists reads (price changes) — what `findPositions({ price_list_id, status: 'normalized', kind:
   * OFFER_KINDS })` gives, narrowed. An SQL engine then reads a few columns instead of whole rows (candidates,
   * raw prices).
   */
  listPriceLines?(priceListId: string): Promise<readonly ListPriceLine[]>;
  /**
   * The queued and unrecognized positions (what the proposals of new services group) by name: one row per
   * distinct (`raw_name`, `name_norm`, `section`), in the order of each row's first position (ingest order),
   * with figures over its positions. An SQL engine groups them itself (GROUP BY), so the pricecat process
   * holds one row per distinct name, not one per position.
   */
  unmatchedNames(): Promise<readonly UnmatchedName[]>;
  /**
   * For each given name (`raw_name`, `name_norm` and `section` exactly), the
   * unmatched positions carrying it per price list: one row per (price list, name) with up to `maxPrices`
   * distinct non-null prices (any of them), in any order. The proposals ask it only for the few names that may
   * depend on their section (name-groups.ts `needsSection`).
   */
  unmatchedPricesByList(names: readonly UnmatchedNameRef[], maxPrices: number): Promise<readonly UnmatchedListPrices[]>;
  /** The unmatched positions carrying any of the given names, in ingest order, sliced. */
  unmatchedPositions(names: readonly UnmatchedNameRef[], slice?: Slice): Promise<readonly UnmatchedLine[]>;
}

/** What the export writes of a position: see {@link QueryPort.eachExportedPosition}. */
export type ExportedPosition = Pick<
  Position,
  | 'position_id'
  | 'price_list_id'
  | 'clinic_id'
  | 'raw_name'
  | 'code'
  | 'section'
  | 'price'
  | 'price_nonresident'
  | 'price_nonresident_far'
  | 'prices_raw'
  | 'service_id'
  | 'confidence'
  | 'method'
  | 'status'
  | 'kind'
  | 'package_id'
>;

/** The fields of {@link ExportedPosition}, for engines that select columns. */
export const EXPORTED_POSITION_FIELDS = [
  'position_id',
  'price_list_id',
  'clinic_id',
  'raw_name',
  'code',
  'section',
  'price',
  'price_nonresident',
  'price_nonresident_far',
  'prices_raw',
  'service_id',
  'confidence',
  'method',
  'status',
  'kind',
  'package_id',
] as const satisfies readonly (keyof ExportedPosition)[];

/** A name among the unmatched positions: see {@link QueryPort.unmatchedNames}. */
export interface UnmatchedNameRef {
  readonly raw_name: string;
  readonly name_norm: string;
  readonly section: string | null;
}

/** One distinct name of the unmatched positions and figures over the positions carrying it. */
export interface UnmatchedName extends UnmatchedNameRef {
  /** How many positions carry it. */
  readonly positions: number;
  /** Their clinics, each once, in any order. */
  readonly clinic_ids: readonly string[];
  /** Up to {@link UNMATCHED_NAME_PRICES} of their distinct non-null prices, any of them. */
  readonly prices: readonly number[];
  /**
   * Every service among their match candidates, each once, in any order: the best score any of them gives it and
   * how many candidate entries name it.
   */
  readonly candidates: readonly UnmatchedCandidate[];
}

/** How many distinct prices an {@link UnmatchedName} keeps: enough to tell "at least this many". */
export const UNMATCHED_NAME_PRICES = 3;

/** A service among an unmatched name's candidates, over all its positions. */
export interface UnmatchedCandidate {
  readonly service_id: string;
  readonly score: number;
  readonly count: number;
}

/** See {@link QueryPort.unmatchedPricesByList}. */
export interface UnmatchedListPrices extends UnmatchedNameRef {
  readonly price_list_id: string;
  readonly prices: readonly number[];
}

/** See {@link QueryPort.unmatchedPositions}. */
export type UnmatchedLine = Pick<Position, 'position_id' | 'raw_name' | 'name_norm' | 'clinic_id' | 'price_list_id' | 'section' | 'price'> & {
  readonly status: 'queued' | 'unrecognized';
};

/** Which price of a position: `price` (resident), `price_nonresident` or `price_nonresident_far` (model/price-kinds.ts). */
export type PriceKindOfLine = PriceKind;

/** What a price comparison reads of one position. */
export type PriceLine = Pick<Position, 'position_id' | 'raw_name' | 'clinic_id' | 'price_list_id' | 'price' | 'price_nonresident' | 'price_nonresident_far'>;

/** Options of {@link QueryPort.servicePrices}. */
export interface ServicePricesOptions {
  /**
   * `false`: the caller uses only each clinic's representative price (search, `partnerPrices`' figures), so the
   * lines' `position_id` and `raw_name` may be `''`, the port may answer from an index alone, and a clinic's
   * lines may come as one line holding their median (statistics.ts `median`, exactly), which `partnerPrices`
   * turns into the same price. @default true
   */
  readonly names?: boolean;
}

/** Options of {@link QueryPort.offerSummaries}. */
export interface OfferSummaryOptions {
  /** How many clinics to name per service. */
  readonly first: number;
  /** Only these clinics count; every clinic when absent. */
  readonly clinic_ids?: readonly string[];
}

/** See {@link QueryPort.offerSummaries}. */
export interface OfferSummary {
  readonly clinics_total: number;
  readonly clinic_ids: readonly string[];
  readonly prices: readonly number[];
}

/** See {@link QueryPort.listPriceLines}. */
export type ListPriceLine = PriceLine & Pick<Position, 'name_norm' | 'service_id'>;

/** See {@link QueryPort.servicePrices}. */
export interface ServicePriceLines {
  readonly lines: readonly PriceLine[];
  readonly clinic_ids: readonly string[];
}

/** What one write changed, as the catalogue reports it to an in-memory query port. */
export type StoreChange =
  /** An ingested file: its clinic (upserted), list and positions (added or replaced by id). */
  | { readonly type: 'price-list'; readonly write: PriceListWrite }
  /** Positions replaced by id (a decision, an undo, a created service); unknown ids are ignored. */
  | { readonly type: 'positions'; readonly positions: readonly Position[] }
  /** Services added or replaced by id. */
  | { readonly type: 'services'; readonly services: readonly Service[] };

/** A query port the catalogue keeps current itself by telling it each change. */
export interface UpdatableQueryPort extends QueryPort {
  /** Applies a write's change; costs O(changed records · log n), never O(all positions). */
  apply(change: StoreChange): void;
}
