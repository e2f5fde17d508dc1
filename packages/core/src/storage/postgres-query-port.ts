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
 * - `servicePrices`: the newest list's lines per clinic, chosen in SQL; `pricedClinics`: clinics per service
 *   (search ranks on it and summarises only its page).
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
      // From the counts per (service, clinic) of migration 8 (a few rows per clinic), not from the positions
      // (every normalized position of every service asked): search asks for every service it finds. The far-abroad
      // price has no count there: read from the covering index positions_service_prices instead.
      const rows = await read<{ service_id: string; clinics: string[] }>(
        kind === 'nonresident_far'
          ? `SELECT service_id, array_agg(DISTINCT clinic_id) AS clinics FROM positions
             WHERE status = 'normalized' AND ${OFFERS} AND service_id = ANY($1::text[]) AND price_nonresident_far IS NOT NULL
             GROUP BY service_id`
          : `SELECT service_id, array_agg(clinic_id) AS clinics FROM (
           SELECT service_id, clinic_id FROM service_offers WHERE service_id = ANY($1::text[])
           GROUP BY service_id, clinic_id HAVING sum(${kind === 'resident' ? 'resident' : 'nonresident'}) > 0
         ) AS priced
         GROUP BY service_id`,
        [[...new Set(serviceIds)]],
      );
      return new Map(rows.map((row) => [row.service_id, row.clinics]));
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

/**
 * See `QueryPort.servicePrices`. The newest list per (service, clinic) is chosen from the covering index
 * positions_service_prices (one row per list after grouping). Without names (search: prices only) that one scan
 * answers everything: each list's prices are aggregated as it is grouped, and the clinics' order comes from the same
 * groups. With names (a comparison) the chosen lists' lines are then read with their ids and names.
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
  if (options.names === false) {
    const groups = new Map<string, { first: bigint; line: PriceLine }[]>();
    for (const row of await pricesWithoutNames(read, ids, column)) {
      result.get(row.service_id)!.clinic_ids.push(row.clinic_id);
      if (row.price_list_id === null || row.clinic_first === null || row.median === null) continue;
      // One line holding the median of the clinic's lines: what partnerPrices makes of them (its median of one is it).
      const line = { position_id: '', raw_name: '', clinic_id: row.clinic_id, price_list_id: row.price_list_id, price: null, price_nonresident: null, price_nonresident_far: null };
      groups.set(row.service_id, [...(groups.get(row.service_id) ?? []), { first: BigInt(row.clinic_first), line: { ...line, [column]: row.median } }]);
    }
    // As the query with names orders them: clinics by their first priced line.
    for (const [serviceId, clinics] of groups) {
      clinics.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
      result.get(serviceId)!.lines.push(...clinics.map((clinic) => clinic.line));
    }
    return result;
  }
  const [lines, clinics] = await Promise.all([
    read<PriceLine & { service_id: string }>(
      `WITH lists AS (
         SELECT service_id, clinic_id, price_list_id, min(seq) AS list_first
         FROM positions WHERE status = 'normalized' AND ${OFFERS} AND service_id = ANY($1::text[]) AND ${column} IS NOT NULL
         GROUP BY 1, 2, 3
       ),
       ${NEWEST_LISTS}
       SELECT p.service_id, p.position_id, p.raw_name, p.clinic_id, p.price_list_id, p.price, p.price_nonresident, p.price_nonresident_far
       FROM newest n JOIN positions p
         ON p.service_id = n.service_id AND p.clinic_id = n.clinic_id AND p.price_list_id = n.price_list_id
       WHERE p.status = 'normalized' AND p.${OFFERS} AND p.${column} IS NOT NULL
       ORDER BY n.service_id, n.clinic_first, p.seq`,
      [ids],
    ),
    read<{ service_id: string; clinic_id: string }>(
      `SELECT service_id, clinic_id FROM positions WHERE status = 'normalized' AND ${OFFERS} AND service_id = ANY($1::text[])
       GROUP BY service_id, clinic_id ORDER BY service_id, min(seq)`,
      [ids],
    ),
  ]);
  for (const { service_id, ...line } of lines) result.get(service_id)!.lines.push(line);
  for (const { service_id, clinic_id } of clinics) result.get(service_id)!.clinic_ids.push(clinic_id);
  return result;
}

/**
 * Per service and clinic with a normalized offer of it (in the order of the clinic's first one): the newest list
 * pricing it in `column` and the median of that list's prices (null when no list prices it). One pass over the
 * covering index positions_service_prices: no line is read twice, none from the table, one row per clinic comes
 * back. The median is statistics.ts `median` step for step (the middle one, or the mean of the two middle ones, in
 * the same float8 arithmetic as JavaScript's numbers), so the figures are the catalogue's to the last digit.
 */
function pricesWithoutNames(
  read: ReadQuery,
  ids: readonly string[],
  column: 'price' | 'price_nonresident' | 'price_nonresident_far',
): Promise<{ service_id: string; clinic_id: string; price_list_id: string | null; clinic_first: string | null; median: number | null }[]> {
  return read(
    `WITH grouped AS (
       SELECT service_id, clinic_id, price_list_id, min(seq) AS any_first,
              min(seq) FILTER (WHERE ${column} IS NOT NULL) AS list_first,
              array_agg(${column} ORDER BY ${column}) FILTER (WHERE ${column} IS NOT NULL) AS sorted
       FROM positions WHERE status = 'normalized' AND ${OFFERS} AND service_id = ANY($1::text[])
       GROUP BY 1, 2, 3
     ),
     lists AS (
       SELECT service_id, clinic_id, price_list_id, any_first, list_first,
              CASE WHEN cardinality(sorted) % 2 = 1 THEN sorted[cardinality(sorted) / 2 + 1]
                   ELSE (sorted[cardinality(sorted) / 2] + sorted[cardinality(sorted) / 2 + 1]) / 2 END AS median
       FROM grouped
     ),
     clinics AS (SELECT service_id, clinic_id, min(any_first) AS first FROM lists GROUP BY 1, 2),
     ${NEWEST_LISTS}
     SELECT c.service_id, c.clinic_id, n.price_list_id, n.clinic_first::text AS clinic_first, n.median
     FROM clinics c LEFT JOIN newest n USING (service_id, clinic_id)
     ORDER BY c.service_id, c.first`,
    [ids],
  );
}

/**
 * `newest(service_id, clinic_id, price_list_id, clinic_first, …)` over `lists(service_id, clinic_id, price_list_id,
 * list_first, …)`: per service and clinic the newest list (effective date, unknown = ingest date; then ingest time).
 */
const NEWEST_LISTS = `newest AS (
         -- Ties (same dates) go to the list seen last, as newestPriceList's "last of them on ties".
         SELECT DISTINCT ON (l.service_id, l.clinic_id) l.*,
                min(l.list_first) OVER (PARTITION BY l.service_id, l.clinic_id) AS clinic_first
         FROM lists l JOIN price_lists pl USING (price_list_id)
         WHERE l.list_first IS NOT NULL
         ORDER BY l.service_id, l.clinic_id, coalesce(pl.effective_date, (pl.ingested_at AT TIME ZONE 'UTC')::date) DESC,
                  pl.ingested_at DESC, l.list_first DESC
       )`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
