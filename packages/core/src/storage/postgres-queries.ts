/**
 * Reads the PostgreSQL store answers in SQL instead of from an in-memory read model: search on
 * `name_norm` (pg_trgm-indexed `LIKE`), the per-clinic representative price with `percentile_cont`,
 * statistics as aggregates, and the verification queue with keyset paging. Named after the use cases
 * (catalogue/search.ts, compare-service.ts, stats.ts, queue.ts), whose semantics they follow, so that a
 * query port can route those use cases here; the catalogue still composes what is domain logic
 * (deviations from the median and outliers, position views).
 *
 * @module
 */
import type { Stats } from '../model/catalogue-types.js';
import { PricecatError } from '../errors.js';
import type { Position, Service } from './records.js';
import { POSITIONS, SERVICES, positionOf, selectList, isoTimestamp } from './postgres-tables.js';
import { detail } from '../messages/message-catalogue.js';
import { PRICE_FIELD_OF_KIND } from '../model/price-kinds.js';
import { SEARCH_HIT_CLINICS, type PriceKind } from '../contract/limits.js';

/** Runs one read query. */
export type ReadQuery = <T extends object>(sql: string, params?: readonly unknown[]) => Promise<T[]>;

/** min / median / max of the representative prices over clinics (catalogue `PriceSummary`). */
export interface SqlPriceSummary {
  readonly clinics: number;
  readonly min: number | null;
  readonly median: number | null;
  readonly max: number | null;
}

/** One service found by {@link PostgresQueries.searchServices} (catalogue `SearchHit`). */
export interface SqlSearchHit {
  readonly service: Service;
  readonly prices: SqlPriceSummary;
  readonly clinics: readonly { readonly clinic_id: string; readonly name: string; readonly city: string | null }[];
  /** How many clinics offer it; `clinics` names the first {@link SEARCH_HIT_CLINICS}. */
  readonly clinics_total: number;
}

/** One clinic's representative price of a service (catalogue `PartnerPrice` before deviations and outliers). */
export interface SqlPartnerPrice {
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly city: string | null;
  readonly price: number;
  readonly effective_date: string | null;
  readonly price_list_id: string;
  readonly positions: readonly { readonly position_id: string; readonly raw_name: string; readonly price: number }[];
}

/** The SQL half of a service comparison: the partners and the figures over them. */
export interface SqlServiceComparison {
  readonly service: Service;
  readonly price_kind: PriceKind;
  readonly median: number | null;
  readonly min: number | null;
  readonly max: number | null;
  readonly clinics: number;
  /** Cheapest first, then by clinic name. */
  readonly partners: readonly SqlPartnerPrice[];
}

/** The figures of `/api/stats`: the catalogue's `Stats` (model/catalogue-types.ts), computed in SQL. */
export type SqlStats = Stats;

/** A page of the verification queue. */
export interface SqlQueuePage {
  readonly items: readonly Position[];
  /** Queued positions in all (with the same clinic filter). */
  readonly total: number;
  /** Pass as `after` for the next page; `null` on the last page. */
  readonly next: string | null;
}

/** Reads done by the database. */
export interface PostgresQueries {
  /**
   * Services whose `name_norm` contains every word as a word prefix (DESIGN §4 rule 3), those offered by
   * more clinics first, then names starting with the phrase, then shorter names; at most `limit` (20).
   * `words` are the query normalised by the caller (`normalizeQuery(q).split(' ')`); none gives `[]`.
   * With `city`, prices and clinics count only that city's clinics (case-insensitive).
   */
  searchServices(query: { readonly words: readonly string[]; readonly city?: string; readonly limit?: number }): Promise<SqlSearchHit[]>;
  /**
   * One representative price per clinic for `serviceId` (the median of its matched positions in the
   * clinic's newest list that prices it, by effective date then ingest time) and the median
   * (`percentile_cont`), min and max over clinics. NOT_FOUND for an unknown service.
   */
  compareService(
    serviceId: string,
    options?: { readonly price_kind?: PriceKind; readonly city?: string },
  ): Promise<SqlServiceComparison>;
  /**
   * The statistics of `/api/stats`, from counters the database keeps per (status, method) as positions change
   * (migration 2), so a call costs the same at a million positions; the normalized share is over every position.
   * Now and then a call also folds the counter rows together (a small write).
   */
  stats(): Promise<SqlStats>;
  /**
   * A page of queued positions, most confident first, ties in ingest order, by keyset: `after` is the
   * `next` of the previous page (a page never repeats or skips a row when others are decided meanwhile).
   * `limit` 1–500, default 50. INVALID_INPUT for a malformed `after` or limit.
   */
  queuePage(query?: { readonly limit?: number; readonly after?: string | null; readonly clinic_id?: string }): Promise<SqlQueuePage>;
}

/** The reads, on `read`. */
export function createPostgresQueries(read: ReadQuery): PostgresQueries {
  return {
    searchServices: (query) => searchServices(read, query),
    compareService: (serviceId, options) => compareService(read, serviceId, options),
    stats: () => stats(read),
    queuePage: (query) => queuePage(read, query),
  };
}

// ---- internal helpers ----

async function searchServices(
  read: ReadQuery,
  query: { readonly words: readonly string[]; readonly city?: string; readonly limit?: number },
): Promise<SqlSearchHit[]> {
  const words = query.words.filter((word) => word.length > 0);
  if (words.length === 0) return [];
  const limit = query.limit ?? 20;
  const phrase = words.join(' ');
  // An empty city filters nothing, as in the catalogue (`city && …`).
  const city = query.city || null;
  // `name_norm LIKE '%w%'` can use the trigram index; the word-prefix test then keeps only real matches. Clinics
  // are counted for every service found (the ranking needs them); prices and clinic lists only for the page.
  const rows = await read<{
    service: Service;
    clinics: number;
    min: number | null;
    median: number | null;
    max: number | null;
    offered: SqlSearchHit['clinics'] | null;
  }>(
    `WITH found AS (
       SELECT s.seq, ${selectList(SERVICES, 's')} FROM services s
       WHERE s.name_norm LIKE ALL($1::text[]) AND (' ' || s.name_norm) LIKE ALL($2::text[])
     ),
     counted AS (
       SELECT p.service_id, count(DISTINCT p.clinic_id)::int AS clinics
       FROM positions p JOIN clinics c ON c.clinic_id = p.clinic_id
       WHERE p.status = 'normalized' AND p.kind <> 'component' AND p.price IS NOT NULL AND p.service_id IN (SELECT service_id FROM found)
         AND ($3::text IS NULL OR lower(c.city) = lower($3::text))
       GROUP BY p.service_id
     ),
     top AS (
       SELECT f.*, coalesce(ct.clinics, 0) AS clinics, (f.name_norm LIKE $4) AS starts
       FROM found f LEFT JOIN counted ct USING (service_id)
       ORDER BY clinics DESC, starts DESC, length(f.name_norm), f.seq
       LIMIT $5
     ),
     ${representativePrices('price', 'p.service_id IN (SELECT service_id FROM top)', '$3', false)},
     summary AS (
       SELECT service_id, min(price) AS min, max(price) AS max, percentile_cont(0.5) WITHIN GROUP (ORDER BY price) AS median
       FROM per_clinic GROUP BY service_id
     ),
     offered AS (
       SELECT o.service_id, jsonb_agg(jsonb_build_object('clinic_id', c.clinic_id, 'name', c.name, 'city', c.city) ORDER BY o.first_seq) AS offered
       FROM (SELECT service_id, clinic_id, min(seq) AS first_seq FROM positions
             WHERE status = 'normalized' AND kind <> 'component' AND service_id IN (SELECT service_id FROM top) GROUP BY service_id, clinic_id) o
       JOIN clinics c ON c.clinic_id = o.clinic_id
       WHERE $3::text IS NULL OR lower(c.city) = lower($3::text)
       GROUP BY o.service_id
     )
     SELECT to_jsonb(t) - 'seq' - 'clinics' - 'starts' AS service, t.clinics, sm.min, sm.median, sm.max, o.offered
     FROM top t LEFT JOIN summary sm USING (service_id) LEFT JOIN offered o USING (service_id)
     ORDER BY t.clinics DESC, t.starts DESC, length(t.name_norm), t.seq`,
    [words.map((word) => `%${escapeLike(word)}%`), words.map((word) => `% ${escapeLike(word)}%`), city, `${escapeLike(phrase)}%`, limit],
  );
  return rows.map((row) => ({
    service: row.service,
    prices: { clinics: row.clinics, min: row.min, median: row.median, max: row.max },
    clinics: (row.offered ?? []).slice(0, SEARCH_HIT_CLINICS),
    clinics_total: row.offered?.length ?? 0,
  }));
}

async function compareService(
  read: ReadQuery,
  serviceId: string,
  options: { readonly price_kind?: PriceKind; readonly city?: string } = {},
): Promise<SqlServiceComparison> {
  const kind = options.price_kind ?? 'resident';
  const column = PRICE_FIELD_OF_KIND[kind];
  const [[service], partners] = await Promise.all([
    read<Service>(`SELECT ${selectList(SERVICES)} FROM services WHERE service_id = $1`, [serviceId]),
    read<SqlPartnerPrice & { median: number | null; min: number | null; max: number | null }>(
      `WITH ${representativePrices(column, 'p.service_id = $1', '$2')},
       figures AS (
         SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY price) AS median, min(price) AS min, max(price) AS max FROM per_clinic
       )
       SELECT pc.clinic_id, c.name AS clinic_name, c.city, pc.price, to_char(pl.effective_date, 'YYYY-MM-DD') AS effective_date,
              pc.price_list_id, pc.positions, f.median, f.min, f.max
       FROM per_clinic pc JOIN clinics c USING (clinic_id) JOIN price_lists pl USING (price_list_id) CROSS JOIN figures f`,
      [serviceId, options.city || null],
    ),
  ]);
  if (!service) throw new PricecatError('NOT_FOUND', detail('SERVICE_NOT_FOUND', { id: serviceId }));
  const figures = partners[0];
  return {
    service,
    price_kind: kind,
    median: figures?.median ?? null,
    min: figures?.min ?? null,
    max: figures?.max ?? null,
    clinics: partners.length,
    // NOTE: by clinic name in JS, as compare-service.ts does (localeCompare), not by the database's collation.
    partners: partners
      .map(({ median: _median, min: _min, max: _max, ...partner }) => partner)
      .sort((a, b) => a.price - b.price || a.clinic_name.localeCompare(b.clinic_name)),
  };
}

async function stats(read: ReadQuery): Promise<SqlStats> {
  const [row] = await read<{
    services: number;
    clinics: number;
    cities: number;
    price_lists: number;
    last_ingest_at: string | null;
    groups: [status: string, method: string | null, count: number][] | null;
    count_rows: number;
  }>(
    `SELECT
       (SELECT count(*)::int FROM services) AS services,
       (SELECT count(*)::int FROM clinics) AS clinics,
       (SELECT count(DISTINCT lower(btrim(city)))::int FROM clinics WHERE btrim(coalesce(city, '')) <> '') AS cities,
       (SELECT count(*)::int FROM price_lists) AS price_lists,
       (SELECT ${isoTimestamp('max(ingested_at)')} FROM price_lists) AS last_ingest_at,
       (SELECT jsonb_agg(jsonb_build_array(status, nullif(method, ''), n)) FROM
          (SELECT status, method, sum(n) AS n FROM position_counts GROUP BY 1, 2 HAVING sum(n) <> 0) c) AS groups,
       (SELECT count(*)::int FROM position_counts) AS count_rows`,
  );
  if ((row?.count_rows ?? 0) > COUNTER_ROWS_BEFORE_COMPACTION) await compactPositionCounts(read);
  // position_counts (appended by triggers, migration 2) sums to one count per (status, method): both breakdowns.
  const byStatus: Record<string, number> = { normalized: 0, queued: 0, skipped: 0, unrecognized: 0 };
  const byMethod: Record<string, number> = {};
  for (const [status, method, count] of row?.groups ?? []) {
    byStatus[status] = (byStatus[status] ?? 0) + count;
    if (method !== null) byMethod[method] = (byMethod[method] ?? 0) + count;
  }
  const positions = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  const normalized = byStatus.normalized ?? 0;
  return {
    services: row?.services ?? 0,
    clinics: row?.clinics ?? 0,
    cities: row?.cities ?? 0,
    price_lists: row?.price_lists ?? 0,
    documents: row?.price_lists ?? 0,
    last_ingest_at: row?.last_ingest_at ?? null,
    positions,
    normalized,
    // DESIGN §4 rule 5: over all extracted positions, every version.
    normalized_share: positions === 0 ? 0 : Math.round((normalized / positions) * 10000) / 10000,
    queued: byStatus.queued ?? 0,
    unrecognized: byStatus.unrecognized ?? 0,
    skipped: byStatus.skipped ?? 0,
    by_method: byMethod,
    by_status: byStatus,
  };
}

async function queuePage(
  read: ReadQuery,
  query: { readonly limit?: number; readonly after?: string | null; readonly clinic_id?: string } = {},
): Promise<SqlQueuePage> {
  const limit = query.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    throw new PricecatError('INVALID_INPUT', detail('LIMIT_OUT_OF_RANGE', { max: 500, got: String(limit) }));
  }
  const after = query.after ? decodeCursor(query.after) : null;
  const params: unknown[] = [];
  const clinicClause = query.clinic_id === undefined ? '' : ` AND clinic_id = $${params.push(query.clinic_id)}`;
  // The row comparison is one range of the index positions_queue ((-confidence), seq): deep pages cost no more.
  const afterClause = after ? ` AND ((-confidence), seq) > ($${params.push(-after.confidence)}::float8, $${params.push(after.seq)}::bigint)` : '';
  const rows = await read<Position & { cursor_confidence: number; cursor_seq: string }>(
    `SELECT ${selectList(POSITIONS)}, confidence AS cursor_confidence, seq::text AS cursor_seq
     FROM positions
     WHERE status = 'queued'${clinicClause}${afterClause}
     ORDER BY (-confidence), seq
     LIMIT ${limit + 1}`,
    params,
  );
  // The whole queue's size comes from the trigger-appended counters (migration 2); one clinic's is counted on
  // the index positions_queue_clinic.
  const [count] = await read<{ total: number }>(
    query.clinic_id === undefined
      ? "SELECT coalesce(sum(n), 0)::int AS total FROM position_counts WHERE status = 'queued'"
      : "SELECT count(*)::int AS total FROM positions WHERE status = 'queued' AND clinic_id = $1",
    query.clinic_id === undefined ? [] : [query.clinic_id],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ cursor_confidence: _confidence, cursor_seq: _seq, ...position }) => positionOf(position as Position)),
    total: count?.total ?? 0,
    next: rows.length > limit && last ? encodeCursor(last.cursor_confidence, last.cursor_seq) : null,
  };
}

/** Counter rows {@link stats} lets accumulate before folding them; each decision appends one or two. */
export const COUNTER_ROWS_BEFORE_COMPACTION = 1000;

/**
 * Folds the counter rows into one per (status, method) in one statement: it deletes only the rows it sums,
 * so changes appended meanwhile stay, and two compactions at once cannot count a row twice.
 */
export async function compactPositionCounts(read: ReadQuery): Promise<void> {
  await read(
    `WITH gone AS (DELETE FROM position_counts RETURNING status, method, n)
     INSERT INTO position_counts (status, method, n)
     SELECT status, method, sum(n) FROM gone GROUP BY 1, 2 HAVING sum(n) <> 0`,
  );
}

/**
 * Folds the clinic counts per service of migration 11 (`service_clinic_counts`) as {@link compactPositionCounts}
 * does, only the services with more than one row: a price list appends one row per service it starts or stops
 * pricing at its clinic, a decision one when it does. Run after each price list.
 */
export async function compactServiceClinicCounts(read: ReadQuery): Promise<void> {
  await read(
    `WITH repeated AS (SELECT service_id FROM service_clinic_counts GROUP BY 1 HAVING count(*) > 1),
     gone AS (
       DELETE FROM service_clinic_counts c USING repeated r WHERE c.service_id = r.service_id
       RETURNING c.service_id, c.resident, c.nonresident, c.far
     )
     INSERT INTO service_clinic_counts (service_id, resident, nonresident, far)
     SELECT service_id, sum(resident), sum(nonresident), sum(far) FROM gone GROUP BY 1
     HAVING sum(resident) <> 0 OR sum(nonresident) <> 0 OR sum(far) <> 0`,
  );
}

/**
 * CTEs `matched` and `per_clinic(service_id, clinic_id, price_list_id, price, positions)`: per service and
 * clinic, the newest list pricing the service (effective date, unknown = ingest date; then ingest time;
 * catalogue `comparePriceListAge`) and the median of its matched positions' `column`, rounded to tiyn.
 * `cityParam` names a text parameter: null for every city.
 */
function representativePrices(
  column: (typeof PRICE_FIELD_OF_KIND)[PriceKind],
  serviceFilter: string,
  cityParam: string,
  withPositions = true,
): string {
  // Without the positions' names the rows come from the covering index positions_service_prices alone.
  const names = withPositions ? 'p.position_id, p.raw_name, ' : '';
  const positions = withPositions
    ? `,
              jsonb_agg(jsonb_build_object('position_id', m.position_id, 'raw_name', m.raw_name, 'price', m.price) ORDER BY m.seq) AS positions`
    : '';
  return `matched AS (
       SELECT p.seq, p.service_id, p.clinic_id, p.price_list_id, ${names}p.${column} AS price,
              coalesce(pl.effective_date, (pl.ingested_at AT TIME ZONE 'UTC')::date) AS age_date, pl.ingested_at
       FROM positions p JOIN price_lists pl USING (price_list_id) JOIN clinics c ON c.clinic_id = p.clinic_id
       WHERE p.status = 'normalized' AND p.kind <> 'component' AND p.${column} IS NOT NULL AND ${serviceFilter}
         AND (${cityParam}::text IS NULL OR lower(c.city) = lower(${cityParam}::text))
     ),
     newest AS (
       SELECT DISTINCT ON (service_id, clinic_id) service_id, clinic_id, price_list_id
       FROM matched ORDER BY service_id, clinic_id, age_date DESC, ingested_at DESC
     ),
     per_clinic AS (
       SELECT m.service_id, m.clinic_id, m.price_list_id,
              round((percentile_cont(0.5) WITHIN GROUP (ORDER BY m.price))::numeric, 2)::float8 AS price${positions}
       FROM matched m JOIN newest n USING (service_id, clinic_id, price_list_id)
       GROUP BY m.service_id, m.clinic_id, m.price_list_id
     )`;
}

function encodeCursor(confidence: number, seq: string): string {
  return Buffer.from(JSON.stringify([confidence, seq])).toString('base64url');
}

function decodeCursor(cursor: string): { confidence: number; seq: string } {
  try {
    const [confidence, seq] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [unknown, unknown];
    if (typeof confidence === 'number' && typeof seq === 'string' && /^\d+$/.test(seq)) return { confidence, seq };
  } catch {
    // Reported below.
  }
  throw new PricecatError('INVALID_INPUT', detail('QUEUE_CURSOR_INVALID', { cursor }));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
