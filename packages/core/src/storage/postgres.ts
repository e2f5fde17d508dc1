/**
 * PostgreSQL `Storage`: the store for deployments that outgrow one process. Several pricecat servers may
 * share one database. Node only: import it from `@pricecat/core/storage/postgres` (it needs npm `pg`).
 *
 * - Every mutating call is one transaction: it lands whole or not at all.
 * - Price-list writes are serialised across servers by a transaction-level advisory lock.
 * - Decisions are checked against what the decider saw: each position row carries a `version`, and a
 *   decision whose positions were decided meanwhile (by another analyst, on any server) is refused with
 *   `PricecatError('CONFLICT')` (HTTP 409) and changes nothing.
 * - The schema is created and upgraded on open (postgres-migrations.ts).
 *
 * @module
 */
import pg from 'pg';
import type { Pool, PoolClient } from 'pg';
import { PricecatError } from '../errors.js';
import { DECISION_POSITION_IDS, MIGRATION_LOCK_KEY, migratePostgres } from './postgres-migrations.js';
import {
  CLINICS,
  DECISIONS,
  INGESTED_FILES,
  LEARNED_SYNONYMS,
  POSITIONS,
  positionOf,
  PRICE_LISTS,
  SERVICES,
  SKIPPED_ITEMS,
  latestByKey,
  selectList,
  selectSql,
  toJsonParam,
  updateSql,
  upsert,
  append,
  stripNul,
} from './postgres-tables.js';
import { revertDecision, saveDecision } from './postgres-decisions.js';
import { compactPositionCounts, compactServiceClinicCounts, createPostgresQueries, type PostgresQueries } from './postgres-queries.js';
import { createPostgresQueryPort } from './postgres-query-port.js';
import type { Decision, IngestedFile, LearnedSynonym, Position, Service, SkippedItem } from './records.js';
import type { DecisionPageQuery, DecisionWrite, PositionFilter, PriceListWrite, Storage } from './storage.js';
import { EXPORTED_POSITION_FIELDS, type ExportedPosition, type QueryPort } from './query-port.js';
import { detail } from '../messages/message-catalogue.js';

/** Key of the advisory lock that serialises price-list writes across servers ("pricing"). */
export const INGEST_LOCK_KEY = 0x70726963_696e6700n;

/** Options of {@link createPostgresStorage}: a connection string or a pool of the caller's. */
export type PostgresStorageOptions =
  | {
      /** `postgresql://user:password@host:5432/db`, as in `DATABASE_URL`; `?host=/run/postgresql` for a socket. */
      readonly connectionString: string;
      /**
       * A schema of its own (created when missing) instead of the user's default; pg_trgm stays reachable
       * through `public`. For tests and for several catalogues in one database. @default the search_path's
       */
      readonly schema?: string;
      /** Most connections the store's pool opens. @default 10 */
      readonly maxConnections?: number;
      readonly pool?: undefined;
    }
  | {
      /** A pool the caller owns (its `search_path` decides the schema); `close()` does not end it. */
      readonly pool: Pool;
      readonly connectionString?: undefined;
      readonly schema?: undefined;
      readonly maxConnections?: undefined;
    };

/** The PostgreSQL store: the `Storage` contract plus reads done by the database itself. */
export interface PostgresStorage extends Storage, PostgresQueries {
  /** The catalogue's reads, answered in SQL (postgres-query-port.ts): positions are never loaded into the process. */
  readonly queries: QueryPort;
  /** The pool the store runs on (for diagnostics and tests); do not end it yourself. */
  readonly pool: Pool;
  /**
   * Appends logged decisions as they are, oldest first, in one transaction, without applying them (their
   * positions, synonyms and skipped items are already in place): how `moveStore` carries the undo log
   * over. A decision id already logged is replaced.
   */
  appendDecisionLog(decisions: readonly Decision[]): Promise<void>;
  /**
   * Positions matching `filter` in ingest order, `batchSize` (1 000) at a time, from a server-side cursor in
   * one read-only snapshot: an export of a million positions holds one batch in memory, not the store.
   * Stopping early (`break`) closes the cursor and returns the connection.
   */
  streamPositions(filter?: PositionFilter, batchSize?: number): AsyncIterable<Position[]>;
}

/**
 * Connects, brings the schema up to date (postgres-migrations.ts) and returns the store. Rejects with
 * `PricecatError('STORAGE_FAILED')` and a message naming the server (never the password) when the
 * database cannot be reached or migrated.
 *
 * Calls may overlap: each runs on its own pooled connection and transaction. Calls after `close()` reject.
 */
export async function createPostgresStorage(options: PostgresStorageOptions): Promise<PostgresStorage> {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/i.test(options.schema)) {
    throw new PricecatError('INVALID_INPUT', detail('SCHEMA_NAME_INVALID', { schema: options.schema }));
  }
  const ownPool = options.pool === undefined;
  const where = options.connectionString ? describeServer(options.connectionString) : 'переданный пул соединений';
  const pool =
    options.pool ??
    new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 10,
      ...(options.schema !== undefined && { options: `-c search_path=${options.schema},public` }),
    });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  if (ownPool) pool.on('error', () => {});
  let closed = false;

  try {
    const client = await pool.connect();
    try {
      if (options.schema !== undefined) {
        // NOTE: CREATE SCHEMA IF NOT EXISTS is not safe against itself (two stores opening at once can both
        // miss the schema and one fails on the unique name), so it runs under the migration lock.
        try {
          await client.query('BEGIN');
          await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
          await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(options.schema)}`);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
        // NOTE: in loops of two stores opening one fresh schema at once (PostgreSQL 15, a loaded machine),
        // 3 pairs in about 1,400 had a connection resolve its tables in `public`: its migrations and writes went
        // there, and its decisions were checked against rows that were not there (both of two accepted). The
        // exact order of events was not pinned down (replaying connect-before-create by hand resolves the
        // new schema), so the path is set again once the schema exists and checked: a connection that would
        // still miss it fails the open loudly instead of writing elsewhere.
        await client.query(`SET search_path TO ${quoteIdentifier(options.schema)}, public`);
        const { rows } = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
        if (rows[0]?.schema !== options.schema) {
          throw new Error(`соединение ищет таблицы в схеме «${rows[0]?.schema ?? 'нет'}», а не «${options.schema}»`);
        }
      }
      await migratePostgres(client);
    } finally {
      client.release();
    }
  } catch (error) {
    if (ownPool) await pool.end().catch(() => {});
    if (error instanceof PricecatError) throw error;
    throw new PricecatError(
      'STORAGE_FAILED',
      detail('POSTGRES_OPEN_FAILED', { where, why: messageOf(error) }),
      { cause: error },
    );
  }

  const guard = () => {
    if (closed) throw new PricecatError('STORAGE_FAILED', detail('STORE_CLOSED', { where }));
  };
  /** Runs one read outside a transaction. */
  const read = async <T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
    guard();
    try {
      return detachedRows(await pool.query<T>(sql, params as unknown[]));
    } catch (error) {
      throw storageError(error, where);
    }
  };
  /** Runs `work` in one transaction on one connection; any error rolls everything back. */
  const transaction = async <T>(work: (client: PoolClient) => Promise<T>, { directory = false } = {}): Promise<T> => {
    guard();
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw storageError(error, where);
    }
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      // After the commit too (the triggers of migration 3 bump it inside): a reader that cached an answer
      // under the in-transaction value sees a new revision once this write is visible.
      await client
        .query(`SELECT nextval('pricecat_revision')${directory ? ", nextval('pricecat_directory_revision')" : ''}`)
        .catch(() => {});
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw storageError(error, where);
    } finally {
      client.release();
    }
  };

  const storage: PostgresStorage = {
    pool,
    queries: {
      ...createPostgresQueryPort({
        read: (sql, params) => read(sql, params),
        stream: (batchSize) => {
          guard();
          return streamPositions(pool, undefined, batchSize, where);
        },
      }),
      // The export's columns only: no candidates or traces sent, parsed and collected per row.
      eachExportedPosition: (batchSize = 1000) => {
        guard();
        return streamPositions(pool, undefined, batchSize, where, EXPORTED_POSITION_FIELDS.join(', '));
      },
    },
    ...createPostgresQueries((sql, params) => read(sql, params)),

    listServices: () => read<Service>(selectSql(SERVICES)),
    saveServices: (services: readonly Service[]) => transaction((client) => upsert(client, SERVICES, services), { directory: true }),

    listClinics: () => read(selectSql(CLINICS)),

    savePriceList: async (write: PriceListWrite) => {
      await transaction(async (client) => {
        // NOTE: serialises price-list writes of every server on this database; released at COMMIT.
        await client.query('SELECT pg_advisory_xact_lock($1)', [INGEST_LOCK_KEY.toString()]);
        await upsert(client, CLINICS, [write.clinic]);
        await upsert(client, PRICE_LISTS, [write.priceList]);
        await upsert(client, POSITIONS, write.positions);
        if (write.ingestedFile) await upsert(client, INGESTED_FILES, [write.ingestedFile]);
      }, { directory: true });
      // After the commit, so that decisions never wait for it: fold the statistics' counter rows.
      await compactPositionCounts((sql, params) => read(sql, params));
      await compactServiceClinicCounts((sql, params) => read(sql, params));
    },
    listPriceLists: () => read(selectSql(PRICE_LISTS)),

    listPositions: async (filter?: PositionFilter) => {
      const { where, params } = positionWhere(filter);
      return (await read<Position>(selectSql(POSITIONS, where), params)).map(positionOf);
    },
    getPosition: async (positionId: string) =>
      (await read<Position>(selectSql(POSITIONS, 'position_id = $1'), [positionId])).map(positionOf)[0] ?? null,
    getPositions: async (positionIds: readonly string[]) =>
      (await read<Position>(selectSql(POSITIONS, 'position_id = ANY($1::text[])'), [[...new Set(positionIds)]])).map(positionOf),
    updatePositions: (positions: readonly Position[]) =>
      transaction(async (client) => {
        for (const batch of latestByKey(positions, (p) => p.position_id)) await client.query(updateSql(POSITIONS), [toJsonParam(batch)]);
      }),

    listLearnedSynonyms: () => read(selectSql(LEARNED_SYNONYMS)),
    getLearnedSynonym: async (nameNorm: string) =>
      (await read<LearnedSynonym>(selectSql(LEARNED_SYNONYMS, 'name_norm = $1'), [stripNul(nameNorm)]))[0] ?? null,
    saveLearnedSynonyms: (synonyms: readonly LearnedSynonym[]) => transaction((client) => upsert(client, LEARNED_SYNONYMS, synonyms)),

    listSkippedItems: () => read(selectSql(SKIPPED_ITEMS)),
    saveSkippedItems: (items: readonly SkippedItem[]) => transaction((client) => append(client, SKIPPED_ITEMS, items)),

    listIngestedFiles: () => read(selectSql(INGESTED_FILES)),
    saveIngestedFiles: (files: readonly IngestedFile[]) => transaction((client) => upsert(client, INGESTED_FILES, files)),

    listDecisions: async () => (await read<Decision>(selectSql(DECISIONS))).map(withoutEmptyOptionals),
    lastDecision: async () => {
      const [last] = await read<Decision>(`SELECT ${selectList(DECISIONS)} FROM decisions ORDER BY seq DESC LIMIT 1`);
      return last ? withoutEmptyOptionals(last) : null;
    },
    // On the index decisions_previous_positions (migration 8): a repeated decision on one of a match's twins
    // finds the match without reading the log, whose entries hold every twin's whole record.
    lastDecisionAbout: async (positionId: string, action: Decision['action']) => {
      const [found] = await read<Decision>(
        `SELECT ${selectList(DECISIONS)} FROM decisions
         WHERE ${DECISION_POSITION_IDS} @> jsonb_build_array($1::text) AND action = $2 ORDER BY seq DESC LIMIT 1`,
        [stripNul(positionId), action],
      );
      return found ? withoutEmptyOptionals(found) : null;
    },
    getDecision: async (decisionId: string) => {
      const [found] = await read<Decision>(selectSql(DECISIONS, 'decision_id = $1'), [stripNul(decisionId)]);
      return found ? withoutEmptyOptionals(found) : null;
    },
    // On decisions_batch (migration 7).
    listBatchDecisions: async (batchId: string) =>
      (await read<Decision>(`SELECT ${selectList(DECISIONS)} FROM decisions WHERE batch_id = $1 ORDER BY seq`, [stripNul(batchId)])).map(withoutEmptyOptionals),
    decisionPage: async (query: DecisionPageQuery) => {
      const where = query.action === undefined ? 'TRUE' : 'action = $3';
      const params = query.action === undefined ? [query.limit, query.offset] : [query.limit, query.offset, query.action];
      // The page's first row is found on the index ((action, seq), or seq) alone, then the page read by keyset from it:
      // a page deep in the log costs an index range, not the rows skipped.
      const page = await read<Decision>(
        `SELECT ${selectList(DECISIONS)} FROM decisions
          WHERE ${where} AND seq <= (SELECT seq FROM decisions WHERE ${where} ORDER BY seq DESC OFFSET $2 LIMIT 1)
          ORDER BY seq DESC LIMIT $1`,
        params,
      );
      const counted = await read<{ total: string }>(
        `SELECT count(*) AS total FROM decisions WHERE ${query.action === undefined ? 'TRUE' : 'action = $1'}`,
        query.action === undefined ? [] : [query.action],
      );
      return { decisions: page.map(withoutEmptyOptionals), total: Number(counted[0]?.total ?? 0) };
    },
    saveDecision: (write: DecisionWrite) => transaction((client) => saveDecision(client, write)),
    revertDecision: (decisionId: string) => transaction((client) => revertDecision(client, decisionId)),
    appendDecisionLog: (decisions: readonly Decision[]) => transaction((client) => upsert(client, DECISIONS, decisions)),
    streamPositions: (filter?: PositionFilter, batchSize = 1000) => {
      guard();
      return streamPositions(pool, filter, batchSize, where);
    },

    getSetting: async (key: string) =>
      (await read<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]))[0]?.value ?? null,
    setSetting: (key: string, value: string) =>
      transaction(async (client) => {
        await client.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [
          stripNul(key),
          stripNul(value),
        ]);
      }),

    close: async () => {
      if (closed) return;
      closed = true;
      // Pool#end waits for the queries in flight; a caller's pool is the caller's to end.
      if (ownPool) await pool.end();
    },
  };
  return storage;
}

// ---- internal helpers ----

/**
 * The generator behind `streamPositions`: a cursor in a REPEATABLE READ, read-only transaction; `columns` (plain
 * column names) instead of whole rows when given.
 */
function streamPositions(pool: Pool, filter: PositionFilter | undefined, batchSize: number, where: string): AsyncGenerator<Position[]>;
function streamPositions(pool: Pool, filter: PositionFilter | undefined, batchSize: number, where: string, columns: string): AsyncGenerator<ExportedPosition[]>;
async function* streamPositions(pool: Pool, filter: PositionFilter | undefined, batchSize: number, where: string, columns?: string): AsyncGenerator<Position[] | ExportedPosition[]> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new PricecatError('INVALID_INPUT', detail('BATCH_SIZE_INVALID', { got: String(batchSize) }));
  const { where: condition, params } = positionWhere(filter);
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw storageError(error, where);
  }
  let finished = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const select = columns === undefined ? selectSql(POSITIONS, condition) : `SELECT ${columns} FROM positions${condition ? ` WHERE ${condition}` : ''} ORDER BY seq`;
    await client.query(`DECLARE positions_stream NO SCROLL CURSOR FOR ${select}`, params);
    for (;;) {
      const rows = detachedRows(await client.query<Position>(`FETCH ${batchSize} FROM positions_stream`));
      if (rows.length === 0) break;
      yield columns === undefined ? rows.map(positionOf) : rows;
    }
    await client.query('COMMIT');
    finished = true;
  } catch (error) {
    throw storageError(error, where);
  } finally {
    // Also reached when the consumer stops early: the transaction (and its cursor) must not outlive it.
    if (!finished) await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

/**
 * A result's rows in a new array, the result's own emptied. pg's result object often outlives its rows in the old
 * generation (promoted while the query waited on the server); while it lists them, every young-generation collection
 * keeps them alive until a full one, so a streamed export's rows all ended up promoted: measured on 1M positions, the
 * server's heap swung by ~150 MiB (up to 4 × its live set) instead of staying near it.
 */
function detachedRows<T>(result: { rows: T[] }): T[] {
  return result.rows.splice(0);
}

function positionWhere(filter: PositionFilter = {}): { where: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  for (const field of ['clinic_id', 'service_id', 'price_list_id', 'status'] as const) {
    const value = filter[field];
    if (value === undefined) continue;
    params.push(value);
    clauses.push(`${field} = $${params.length}`);
  }
  return { where: clauses.join(' AND '), params };
}

/** A `PricecatError` as it is; anything else (a network or SQL error) as `STORAGE_FAILED` naming the server. */
function storageError(error: unknown, where: string): PricecatError {
  if (error instanceof PricecatError) return error;
  return new PricecatError(
    'STORAGE_FAILED',
    detail('POSTGRES_FAILED', { where, why: messageOf(error) }),
    { cause: error },
  );
}

/** `host:port/database` of a connection string, without user or password. */
function describeServer(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const host = url.searchParams.get('host') ?? (url.hostname || 'localhost');
    return `${host}${url.port ? `:${url.port}` : ''}${url.pathname || ''}`;
  } catch {
    return 'заданный сервер (DATABASE_URL не читается как адрес)';
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}


function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(messageOf).join('; ');
  return error instanceof Error ? error.message || error.constructor.name : String(error);
}

/** A decision as it was written: the optional `decided_by` and `batch_id` (migration 7) left out when the column is null. */
function withoutEmptyOptionals(decision: Decision): Decision {
  const { decided_by, batch_id, ...rest } = decision;
  return { ...rest, ...(decided_by != null && { decided_by }), ...(batch_id != null && { batch_id }) };
}
