/**
 * The PostgreSQL {@link QueryPort}: every read of the catalogue answered by the database, so that a server
 * on PostgreSQL never holds the positions in memory and sees the writes of every server on the database.
 *
 * - `directory()`: services, clinics and price lists (small tables), cached until the sequence
 *   `pricecat_directory_revision` (migration 3; bumped by writes of those tables only) moves.
 * - `revision()`: the sequence `pricecat_revision` (migration 3), bumped by each write of any server.
 * - positions: `findPositions`/`queuePage` in SQL on the indexes of migration 1, in the exact order of the
 *   in-memory port (ingest order = `seq`; the queue by confidence descending, then `seq`);
 *   `countPositions` from the trigger-kept counters (migration 2); `eachPosition` from a cursor.
 * - `servicePrices`, `pricedClinics`, `pricedClinicCounts`: from the read model of migration 11, kept by the
 *   writes: one row per (service, clinic) with the newest list and median per price kind, and the clinic counts per
 *   service (search ranks on them and summarises only its page); a comparison then reads the chosen lists' lines.
 * - `offerSummaries`: a search page's figures aggregated from the same rows in SQL, on the covering index of
 *   migration 12: one row per service sent, not one per service and clinic.
 *
 * @module
 */
import type { Pool } from 'pg';
import type {
  Directory,
  ListPriceLine,
  PositionCounts,
  PositionQueryFilter,
  PositionSlice,
  PriceKindOfLine,
  PriceLine,
  QueryPort,
  ServicePriceLines,
  ServicePricesOptions,
  Slice,
  UnmatchedCandidate,
  UnmatchedLine,
  UnmatchedListPrices,
  UnmatchedName,
  UnmatchedNameRef,
} from './query-port.js';
import { UNMATCHED_NAME_PRICES } from './query-port.js';
import type { Clinic, Position, PositionKind, PositionStatus, PriceList, Service } from './records.js';
import { CLINICS, POSITIONS, PRICE_LISTS, SERVICES, positionOf, selectList, selectSql } from './postgres-tables.js';
import { COUNTER_ROWS_BEFORE_COMPACTION, compactPositionCounts, type ReadQuery } from './postgres-queries.js';
import { PRICE_FIELD_OF_KIND } from '../model/price-kinds.js';

/** What the port needs of the store: one-off reads and a cursor over positions. */
export interface PostgresQueryPortDeps {
  readonly read: ReadQuery;
  /** Positions in ingest order, `batchSize` at a time (postgres.ts `streamPositions`). */
  readonly stream: (batchSize: number) => AsyncIterable<Position[]>;
}

/** Creates the port over the store's reads. */
export function createPostgresQueryPort({ read, stream }: PostgresQueryPortDeps): QueryPort {
  let cached: { readonly revision: number; readonly directory: Promise<Directory> } | null = null;

  const sequence = async (name: 'pricecat_revision' | 'pricecat_directory_revision'): Promise<number> => {
    const [row] = await read<{ last_value: string }>(`SELECT last_value::text AS last_value FROM ${name}`);
    return Number(row?.last_value ?? 0);
  };
  const revision = () => sequence('pricecat_revision');

  const loadDirectory = async (): Promise<Directory> => {
    const [services, clinics, priceLists] = await Promise.all([
      read<Service>(selectSql(SERVICES)),
      read<Clinic>(selectSql(CLINICS)),
      read<PriceList>(selectSql(PRICE_LISTS)),
    ]);
    return {
      services,
      servicesById: new Map(services.map((s) => [s.service_id, s])),
      clinicsById: new Map(clinics.map((c) => [c.clinic_id, c])),
      priceListsById: new Map(priceLists.map((l) => [l.price_list_id, l])),
    };
  };

  return {
    revision,
    directory: async () => {
      // Its own sequence: bumped by writes of services, clinics and price lists only, not by decisions.
      const current = await sequence('pricecat_directory_revision');
      if (cached?.revision !== current) {
        const entry = { revision: current, directory: loadDirectory() };
        cached = entry;
        // A failed load must not stay cached.
        entry.directory.catch(() => {
          if (cached === entry) cached = null;
        });
      }
      return cached.directory;
    },
    getPosition: async (positionId) => (await read<Position>(selectSql(POSITIONS, 'position_id = $1'), [positionId])).map(positionOf)[0] ?? null,
    findPositions: async (filter = {}, slice = {}) => {
      const { where, params } = positionConditions(filter);
      // A filter on status alone (the unmatched list, the proposals) is counted by the counters, not by a scan.
      const statusOnly = Object.entries(filter).every(([field, value]) => value === undefined || field === 'status');
      return slicedPositions(read, where, params, 'seq', slice, async () => {
        if (!statusOnly) return undefined;
        const counts = await countPositions(read);
        if (filter.status === undefined) return counts.total;
        const statuses: readonly PositionStatus[] = typeof filter.status === 'string' ? [filter.status] : filter.status;
        return [...new Set(statuses)].reduce((sum, status) => sum + (counts.by_status[status] ?? 0), 0);
      });
    },
    queuePage: async (filter, slice) => {
      const params: unknown[] = [];
      const conditions = ["status = 'queued'"];
      if (filter.clinic_id !== undefined) conditions.push(`clinic_id = $${params.push(filter.clinic_id)}`);
      if (filter.method !== undefined) conditions.push(`candidates->0->>'method' = $${params.push(filter.method)}`);
      if (filter.suggestion_service_ids !== undefined) {
        conditions.push(`candidates->0->>'service_id' = ANY($${params.push([...filter.suggestion_service_ids])}::text[])`);
      }
      if (filter.min_confidence !== undefined) conditions.push(`confidence >= $${params.push(filter.min_confidence)}`);
      if (filter.max_confidence !== undefined) conditions.push(`confidence < $${params.push(filter.max_confidence)}`);
      const where = conditions.join(' AND ');
      const knownTotal = async () => (conditions.length === 1 ? (await countPositions(read)).by_status.queued : undefined);
      const offset = Math.floor(slice.offset ?? 0);
      // The order of the index positions_queue ((-confidence), seq), as the memory port's queue.
      if (offset < DEEP_QUEUE_OFFSET || slice.limit === 0) return slicedPositions(read, where, params, '(-confidence), seq', slice, knownTotal);
      return deepQueuePage(read, where, params, offset, slice.limit, knownTotal);
    },
    countPositions: (filter = {}) => countPositions(read, filter.clinic_id),
    eachPosition: (batchSize = 1000) => stream(batchSize),
    servicePrices: (serviceIds, kind, options) => servicePrices(read, serviceIds, kind, options),
    listPriceLines: (priceListId) =>
      read<ListPriceLine>(
        `SELECT position_id, raw_name, name_norm, service_id, clinic_id, price_list_id, price, price_nonresident, price_nonresident_far
         FROM positions WHERE price_list_id = $1 AND status = 'normalized' AND ${OFFERS} ORDER BY seq`,
        [priceListId],
      ),
    unmatchedNames: () => unmatchedNames(read),
    unmatchedPricesByList: async (names, maxPrices) => {
      if (names.length === 0) return [];
      return read<UnmatchedListPrices>(
        `SELECT p.price_list_id, p.raw_name, p.name_norm, p.section,
           coalesce((array_agg(DISTINCT p.price) FILTER (WHERE p.price IS NOT NULL))[1:$4::int], '{}') AS prices
         FROM ${NAMES_JOIN} WHERE p.status IN ('queued', 'unrecognized')
         GROUP BY p.price_list_id, p.raw_name, p.name_norm, p.section`,
        [...nameArrays(names), maxPrices],
      );
    },
    unmatchedPositions: async (names, slice = {}) => {
      if (names.length === 0 || slice.limit === 0) return [];
      const params: unknown[] = nameArrays(names);
      const limit = slice.limit === undefined ? '' : ` LIMIT $${params.push(Math.floor(slice.limit))}`;
      const offset = slice.offset ? ` OFFSET $${params.push(Math.floor(slice.offset))}` : '';
      return read<UnmatchedLine>(
        `SELECT p.position_id, p.raw_name, p.name_norm, p.clinic_id, p.price_list_id, p.section, p.price, p.status
         FROM ${NAMES_JOIN} WHERE p.status IN ('queued', 'unrecognized') ORDER BY p.seq${limit}${offset}`,
        params,
      );
    },
    pricedClinics: async (serviceIds, kind) => {
      if (serviceIds.length === 0) return new Map();
      // One row per (service, clinic) of migration 11, not every normalized position of every service asked.
      const rows = await read<{ service_id: string; clinics: string[] }>(
        `SELECT service_id, array_agg(clinic_id) AS clinics FROM clinic_offers
         WHERE service_id = ANY($1::text[]) AND ${OFFER_COLUMNS[kind]}_list IS NOT NULL GROUP BY service_id`,
        [[...new Set(serviceIds)]],
      );
      return new Map(rows.map((row) => [row.service_id, row.clinics]));
    },
    pricedClinicCounts: async (serviceIds, kind) => {
      if (serviceIds.length === 0) return new Map();
      // The per-service deltas of migration 11 (a few rows per service between two foldings).
      const rows = await read<{ service_id: string; clinics: number }>(
        `SELECT service_id, sum(${OFFER_COLUMNS[kind]})::int AS clinics FROM service_clinic_counts
         WHERE service_id = ANY($1::text[]) GROUP BY service_id`,
        [[...new Set(serviceIds)]],
      );
      return new Map(rows.map((row) => [row.service_id, row.clinics]));
    },
    offerSummaries: async (serviceIds, kind, options) => {
      if (serviceIds.length === 0) return new Map();
      const prefix = OFFER_COLUMNS[kind];
      // One row per service, aggregated from clinic_offers (migration 11); for resident prices (search) from the
      // covering index clinic_offers_search alone (migration 12). The prices stay unrounded: the caller rounds.
      const rows = await read<{ service_id: string; clinics_total: number; clinic_ids: string[]; prices: number[] | null }>(
        `SELECT service_id, count(*)::int AS clinics_total, (array_agg(clinic_id ORDER BY first_seq))[1:$2::int] AS clinic_ids,
           array_agg(${prefix}_median) FILTER (WHERE ${prefix}_list IS NOT NULL AND ${prefix}_median IS NOT NULL) AS prices
         FROM clinic_offers
         WHERE service_id = ANY($1::text[]) AND first_seq IS NOT NULL AND ($3::text[] IS NULL OR clinic_id = ANY($3::text[]))
         GROUP BY service_id`,
        [[...new Set(serviceIds)], Math.max(0, Math.floor(options.first)), options.clinic_ids === undefined ? null : [...options.clinic_ids]],
      );
      return new Map(rows.map((row) => [row.service_id, { clinics_total: row.clinics_total, clinic_ids: row.clinic_ids, prices: row.prices ?? [] }]));
    },
  };
}

// ---- internal helpers ----

/**
 * The unmatched positions grouped in the database by name and candidate list (the candidates cut down to two
 * JSON arrays of service ids and scores, compared as text: sorting on whole jsonb costs more than the scan);
 * the few rows of one name with different candidates are merged here. Rows: about one per distinct name.
 */
async function unmatchedNames(read: ReadQuery): Promise<UnmatchedName[]> {
  const rows = await read<Omit<UnmatchedName, 'candidates'> & { first: string; candidate_ids: string; candidate_scores: string }>(
    `SELECT raw_name, name_norm, section, min(seq)::text AS first, count(*)::int AS positions, array_agg(DISTINCT clinic_id) AS clinic_ids,
       coalesce((array_agg(DISTINCT price) FILTER (WHERE price IS NOT NULL))[1:${UNMATCHED_NAME_PRICES}], '{}') AS prices,
       candidate_ids, candidate_scores
     FROM (SELECT raw_name, name_norm, section, seq, clinic_id, price,
             jsonb_path_query_array(candidates, '$[*].service_id')::text AS candidate_ids,
             jsonb_path_query_array(candidates, '$[*].score')::text AS candidate_scores
           FROM positions WHERE status IN ('queued', 'unrecognized')) AS unmatched
     GROUP BY raw_name, name_norm, section, candidate_ids, candidate_scores`,
  );
  const byName = new Map<string, { first: bigint; name: UnmatchedNameRef & { positions: number }; clinics: Set<string>; prices: Set<number>; candidates: Map<string, UnmatchedCandidate> }>();
  for (const row of rows) {
    const id = nameIdOf(row);
    let name = byName.get(id);
    if (!name) {
      const { raw_name, name_norm, section } = row;
      byName.set(id, (name = { first: BigInt(row.first), name: { raw_name, name_norm, section, positions: 0 }, clinics: new Set(), prices: new Set(), candidates: new Map() }));
    }
    if (BigInt(row.first) < name.first) name.first = BigInt(row.first);
    name.name.positions += row.positions;
    for (const clinic of row.clinic_ids) name.clinics.add(clinic);
    for (const price of row.prices) if (name.prices.size < UNMATCHED_NAME_PRICES) name.prices.add(price);
    const ids = JSON.parse(row.candidate_ids) as string[];
    const scores = JSON.parse(row.candidate_scores) as number[];
    ids.forEach((serviceId, i) => {
      const seen = name.candidates.get(serviceId);
      const score = Math.max(seen?.score ?? -Infinity, scores[i]!);
      name.candidates.set(serviceId, { service_id: serviceId, score, count: (seen?.count ?? 0) + row.positions });
    });
  }
  return [...byName.values()]
    .sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0))
    .map((n) => ({ ...n.name, clinic_ids: [...n.clinics], prices: [...n.prices], candidates: [...n.candidates.values()] }));
}

/** The positions carrying one of the names `$1`-`$3` (see {@link nameArrays}), as `p`. */
const NAMES_JOIN = `positions p
  JOIN unnest($1::text[], $2::text[], $3::text[]) AS n(raw_name, name_norm, section)
    ON p.name_norm = n.name_norm AND p.raw_name = n.raw_name AND p.section IS NOT DISTINCT FROM n.section`;

/** Distinct names as the three arrays of {@link NAMES_JOIN}. */
function nameArrays(names: readonly UnmatchedNameRef[]): [string[], string[], (string | null)[]] {
  const distinct = [...new Map(names.map((n) => [nameIdOf(n), n])).values()];
  return [distinct.map((n) => n.raw_name), distinct.map((n) => n.name_norm), distinct.map((n) => n.section)];
}

function nameIdOf(name: UnmatchedNameRef): string {
  return `${name.raw_name}\u0000${name.name_norm}\u0000${name.section === null ? '\u0001' : `\u0002${name.section}`}`;
}

/**
 * The condition of offers (query-port.ts `OFFER_KINDS`): a package's components are not compared. Written as
 * the predicate of the partial index positions_service_prices (migration 6), so the index still answers.
 */
const OFFERS = "kind <> 'component'";

/** SQL conditions for a filter, as the memory port's matcher. */
function positionConditions(filter: PositionQueryFilter): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const field of ['clinic_id', 'service_id', 'price_list_id', 'method', 'name_norm', 'package_id'] as const) {
    const value = filter[field];
    if (value !== undefined) clauses.push(`${field} = $${params.push(value)}`);
  }
  if (filter.status !== undefined) {
    const statuses: readonly PositionStatus[] = typeof filter.status === 'string' ? [filter.status] : filter.status;
    clauses.push(statuses.length === 1 ? `status = $${params.push(statuses[0])}` : `status = ANY($${params.push(statuses)}::text[])`);
  }
  if (filter.kind !== undefined) {
    const kinds: readonly PositionKind[] = typeof filter.kind === 'string' ? [filter.kind] : filter.kind;
    clauses.push(`kind = ANY($${params.push(kinds)}::text[])`);
  }
  // Case-sensitive, as `String#includes`; `LIKE '%…%'` can use the trigram index positions_name_norm_trgm.
  if (filter.name_contains !== undefined) clauses.push(`name_norm LIKE $${params.push(`%${escapeLike(filter.name_contains)}%`)}`);
  return { where: clauses.join(' AND ') || 'true', params };
}

/** From this offset on, a queue page finds its first row on the index first (see {@link deepQueuePage}). */
const DEEP_QUEUE_OFFSET = 1000;

/**
 * A queue page far from the start: an index-only scan of positions_queue_keys (migration 5) finds its first
 * row's (confidence, seq), then the page is read by keyset on positions_queue. Reading the rows with
 * `OFFSET n` would fetch n whole rows only to drop them (0.6 s at offset 90,000 on a loaded machine).
 */
async function deepQueuePage(
  read: ReadQuery,
  where: string,
  params: readonly unknown[],
  offset: number,
  limit: number | undefined,
  knownTotal: () => Promise<number | undefined>,
): Promise<PositionSlice> {
  // NOTE: not `seq::text AS seq`: ORDER BY would then sort by the text.
  const [start] = await read<{ confidence: number; start_seq: string }>(
    `SELECT confidence, seq::text AS start_seq FROM positions WHERE ${where} ORDER BY confidence DESC, seq OFFSET ${offset} LIMIT 1`,
    params,
  );
  const items = start
    ? (
        await read<Position>(
          `SELECT ${selectList(POSITIONS)} FROM positions
           WHERE ${where} AND ((-confidence), seq) >= ($${params.length + 1}::float8, $${params.length + 2}::bigint)
           ORDER BY (-confidence), seq${limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(limit))}`}`,
          [...params, -start.confidence, start.start_seq],
        )
      ).map(positionOf)
    : [];
  if (items.length > 0 && (limit === undefined || items.length < limit)) return { items, total: offset + items.length };
  const known = await knownTotal();
  if (known !== undefined) return { items, total: known };
  const [row] = await read<{ total: number }>(`SELECT count(*)::int AS total FROM positions WHERE ${where}`, params);
  return { items, total: row?.total ?? 0 };
}

/**
 * The positions of `where` in `order`, sliced, and how many there are: counted only when the slice does not
 * tell (a full page, or an offset past the end); `knownTotal` may answer that count from the counters.
 */
async function slicedPositions(
  read: ReadQuery,
  where: string,
  params: readonly unknown[],
  order: string,
  slice: Slice,
  knownTotal?: () => Promise<number | undefined>,
): Promise<PositionSlice> {
  const offset = slice.offset ?? 0;
  const limit = slice.limit;
  const items =
    limit === 0
      ? []
      : (
          await read<Position>(
            `SELECT ${selectList(POSITIONS)} FROM positions WHERE ${where} ORDER BY ${order}` +
              `${limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(limit))}`}${offset > 0 ? ` OFFSET ${Math.floor(offset)}` : ''}`,
            params,
          )
        ).map(positionOf);
  const complete = limit === undefined || items.length < limit;
  if (complete && (items.length > 0 || offset === 0)) return { items, total: offset + items.length };
  const known = knownTotal ? await knownTotal() : undefined;
  if (known !== undefined) return { items, total: known };
  const [row] = await read<{ total: number }>(`SELECT count(*)::int AS total FROM positions WHERE ${where}`, params);
  return { items, total: row?.total ?? 0 };
}

/** Counts by status and method: all positions from the counters of migration 2, one clinic's on its index. */
async function countPositions(read: ReadQuery, clinicId?: string): Promise<PositionCounts> {
  const rows: { status: PositionStatus; method: string; n: string; parts?: number }[] =
    clinicId === undefined
      ? await read<{ status: PositionStatus; method: string; n: string; parts: number }>(
          'SELECT status, method, sum(n)::text AS n, count(*)::int AS parts FROM position_counts GROUP BY 1, 2 HAVING sum(n) <> 0',
        )
      : await read<{ status: PositionStatus; method: string; n: string }>(
          "SELECT status, coalesce(method, '') AS method, count(*)::text AS n FROM positions WHERE clinic_id = $1 GROUP BY 1, 2",
          [clinicId],
        );
  // Each decision appends rows; many of them (decisions for hours without an ingest) are folded into one per key.
  if (clinicId === undefined && rows.reduce((sum, row) => sum + (row.parts ?? 0), 0) > COUNTER_ROWS_BEFORE_COMPACTION) {
    await compactPositionCounts(read);
  }
  const counts = { total: 0, by_status: { normalized: 0, queued: 0, skipped: 0, unrecognized: 0 }, by_method: {} as Record<string, number> };
  for (const row of rows) {
    const n = Number(row.n);
    counts.total += n;
    counts.by_status[row.status] += n;
    if (row.method !== '') counts.by_method[row.method] = (counts.by_method[row.method] ?? 0) + n;
  }
  for (const [method, n] of Object.entries(counts.by_method)) if (n === 0) delete counts.by_method[method];
  return counts;
}

/** The column prefix of a price kind in clinic_offers (migration 11). */
const OFFER_COLUMNS = { resident: 'resident', nonresident: 'nonresident', nonresident_far: 'far' } as const satisfies Record<PriceKindOfLine, string>;

/**
 * See `QueryPort.servicePrices`. The newest list per (service, clinic) and its median come from clinic_offers
 * (migration 11, kept by the writes): one row per clinic. Without names (search: prices only) those rows answer
 * everything; with names (a comparison) only the chosen lists' lines are then read, with their ids and names.
 */
async function servicePrices(
  read: ReadQuery,
  serviceIds: readonly string[],
  kind: PriceKindOfLine,
  options: ServicePricesOptions = {},
): Promise<ReadonlyMap<string, ServicePriceLines>> {
  const result = new Map<string, { lines: PriceLine[]; clinic_ids: string[] }>();
  const ids = [...new Set(serviceIds)];
  for (const id of ids) result.set(id, { lines: [], clinic_ids: [] });
  if (ids.length === 0) return result;
  const column = PRICE_FIELD_OF_KIND[kind];
  const prefix = OFFER_COLUMNS[kind];
  // Rows of several services come interleaved, ordered by sequence numbers alone (each service's rows keep their
  // order as they are split below): no sort on the text of the service ids.
  if (options.names === false) {
    const rows = await read<{ service_id: string; clinic_id: string; price_list_id: string | null; median: number | null; first: string | null }>(
      `SELECT service_id, clinic_id, ${prefix}_list AS price_list_id, ${prefix}_median AS median, ${prefix}_first::text AS first
       FROM clinic_offers WHERE service_id = ANY($1::text[]) AND first_seq IS NOT NULL ORDER BY first_seq`,
      [ids],
    );
    const priced = new Map<string, { first: bigint; line: PriceLine }[]>();
    for (const row of rows) {
      result.get(row.service_id)!.clinic_ids.push(row.clinic_id);
      if (row.price_list_id === null || row.median === null || row.first === null) continue;
      // One line holding the median of the clinic's lines: what partnerPrices makes of them (its median of one is it).
      const line = { position_id: '', raw_name: '', clinic_id: row.clinic_id, price_list_id: row.price_list_id, price: null, price_nonresident: null, price_nonresident_far: null };
      const clinics = priced.get(row.service_id) ?? priced.set(row.service_id, []).get(row.service_id)!;
      clinics.push({ first: BigInt(row.first), line: { ...line, [column]: row.median } });
    }
    // As the query with names orders them: clinics by their first priced line.
    for (const [serviceId, clinics] of priced) {
      clinics.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
      result.get(serviceId)!.lines.push(...clinics.map((clinic) => clinic.line));
    }
    return result;
  }
  // One row per clinic, its newest list's lines as one JSON array (parsed at once, not field by field: a widely offered
  // service has thousands of lines at a million positions), in one statement, so rows and lines agree.
  type Cells = [position_id: string, raw_name: string, price: number | null, price_nonresident: number | null, price_nonresident_far: number | null];
  const rows = await read<{ service_id: string; clinic_id: string; price_list_id: string | null; first: string | null; lines: Cells[] | null }>(
    `SELECT o.service_id, o.clinic_id, o.${prefix}_list AS price_list_id, o.${prefix}_first::text AS first,
       CASE WHEN o.${prefix}_list IS NOT NULL THEN (
         SELECT json_agg(json_build_array(p.position_id, p.raw_name, p.price, p.price_nonresident, p.price_nonresident_far) ORDER BY p.seq)
         FROM positions p
         WHERE p.service_id = o.service_id AND p.clinic_id = o.clinic_id AND p.price_list_id = o.${prefix}_list
           AND p.status = 'normalized' AND p.${OFFERS} AND p.${column} IS NOT NULL
       ) END AS lines
     FROM clinic_offers o WHERE o.service_id = ANY($1::text[]) AND o.first_seq IS NOT NULL ORDER BY o.first_seq`,
    [ids],
  );
  const priced: { first: bigint; service_id: string; lines: PriceLine[] }[] = [];
  for (const row of rows) {
    result.get(row.service_id)!.clinic_ids.push(row.clinic_id);
    if (row.price_list_id === null || row.first === null || row.lines === null) continue;
    const { clinic_id, price_list_id } = row;
    priced.push({
      first: BigInt(row.first),
      service_id: row.service_id,
      lines: row.lines.map(([position_id, raw_name, price, price_nonresident, price_nonresident_far]) => ({
        position_id, raw_name, clinic_id, price_list_id, price, price_nonresident, price_nonresident_far,
      })),
    });
  }
  // Clinics by their first priced line, as the in-memory port's lines come.
  priced.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  for (const clinic of priced) result.get(clinic.service_id)!.lines.push(...clinic.lines);
  return result;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
