/**
 * How each record maps to its PostgreSQL table (postgres-migrations.ts), and the SQL that writes and
 * reads it. Records go in as one JSON array per statement (`jsonb_to_recordset`), so a price list of
 * thousands of positions is a handful of round trips, and come back with the record's own field names
 * and types (timestamps as ISO strings, dates as `YYYY-MM-DD`), ready to return.
 *
 * @module
 */

import type { PoolClient } from 'pg';

/** A column of a record: its name (the record's field) and its SQL type. */
type Column = readonly [name: string, type: 'text' | 'double precision' | 'integer' | 'jsonb' | 'timestamptz' | 'date'];

/** A table that holds one kind of record. */
export interface TableSpec {
  readonly table: string;
  /** The upsert key; `null` for append-only tables. */
  readonly key: string | null;
  readonly columns: readonly Column[];
}

export const SERVICES: TableSpec = {
  table: 'services',
  key: 'service_id',
  columns: [
    ['service_id', 'text'],
    ['name', 'text'],
    ['name_norm', 'text'],
    ['category', 'text'],
    ['tariff_code', 'text'],
    ['origin', 'text'],
  ],
};

export const CLINICS: TableSpec = {
  table: 'clinics',
  key: 'clinic_id',
  columns: [
    ['clinic_id', 'text'],
    ['name', 'text'],
    ['city', 'text'],
    ['bin', 'text'],
    ['aliases', 'jsonb'],
    ['created_at', 'timestamptz'],
  ],
};

export const PRICE_LISTS: TableSpec = {
  table: 'price_lists',
  key: 'price_list_id',
  columns: [
    ['price_list_id', 'text'],
    ['clinic_id', 'text'],
    ['file_name', 'text'],
    ['format', 'text'],
    ['effective_date', 'date'],
    ['ingested_at', 'timestamptz'],
    ['sha256', 'text'],
    ['status', 'text'],
    ['warnings', 'jsonb'],
    ['position_count', 'integer'],
  ],
};

export const POSITIONS: TableSpec = {
  table: 'positions',
  key: 'position_id',
  columns: [
    ['position_id', 'text'],
    ['price_list_id', 'text'],
    ['clinic_id', 'text'],
    ['raw_name', 'text'],
    ['name_norm', 'text'],
    ['code', 'text'],
    ['section', 'text'],
    ['unit', 'text'],
    ['price', 'double precision'],
    ['price_nonresident', 'double precision'],
    ['price_nonresident_far', 'double precision'],
    ['prices_raw', 'jsonb'],
    ['service_id', 'text'],
    ['confidence', 'double precision'],
    ['method', 'text'],
    ['status', 'text'],
    ['candidates', 'jsonb'],
    ['warnings', 'jsonb'],
    ['source', 'jsonb'],
    ['kind', 'text'],
    ['package_id', 'text'],
    // NULL when the position has none: read rows through positionOf (a NULL trace is an absent one).
    ['trace', 'jsonb'],
  ],
};

/** A position as read from `positions` (its `trace` left out when NULL, as `Position` has it optional). */
export function positionOf<T extends { trace?: unknown }>(row: T): T {
  if (row.trace === null) delete row.trace;
  return row;
}

export const LEARNED_SYNONYMS: TableSpec = {
  table: 'learned_synonyms',
  key: 'name_norm',
  columns: [
    ['name_norm', 'text'],
    ['service_id', 'text'],
    ['raw_name', 'text'],
    ['clinic_id', 'text'],
    ['created_at', 'timestamptz'],
  ],
};

export const SKIPPED_ITEMS: TableSpec = {
  table: 'skipped_items',
  key: null,
  columns: [
    ['position_id', 'text'],
    ['name_norm', 'text'],
    ['created_at', 'timestamptz'],
  ],
};

export const INGESTED_FILES: TableSpec = {
  table: 'ingested_files',
  key: 'path',
  columns: [
    ['path', 'text'],
    ['sha256', 'text'],
    ['price_list_id', 'text'],
    ['ingested_at', 'timestamptz'],
  ],
};

export const DECISIONS: TableSpec = {
  table: 'decisions',
  key: 'decision_id',
  columns: [
    ['decision_id', 'text'],
    ['action', 'text'],
    ['created_at', 'timestamptz'],
    ['service_id', 'text'],
    ['previous', 'jsonb'],
    ['synonym', 'jsonb'],
    ['replaced_synonym', 'jsonb'],
    ['skipped_items', 'jsonb'],
    ['decided_by', 'text'],
    ['batch_id', 'text'],
  ],
};

/**
 * `INSERT … SELECT … FROM jsonb_to_recordset($1)` in the array's order; with a key, a row already stored
 * is replaced in place (its `seq`, hence its place in every list, stays) and, for positions, its
 * `version` goes up by one. `$1` is {@link toJsonParam} of the records.
 */
export function upsertSql(spec: TableSpec): string {
  const names = spec.columns.map(([name]) => name);
  const insert =
    `INSERT INTO ${spec.table} (${names.join(', ')}) ` +
    `SELECT ${names.map((name) => `x.${name}`).join(', ')} FROM ${recordset(spec)} ORDER BY x.ord`;
  if (spec.key === null) return insert;
  const updates = names.filter((name) => name !== spec.key).map((name) => `${name} = EXCLUDED.${name}`);
  if (spec.table === 'positions') updates.push('version = positions.version + 1');
  return `${insert} ON CONFLICT (${spec.key}) DO UPDATE SET ${updates.join(', ')}`;
}

/** `UPDATE` of the stored rows whose key is in `$1` (records as JSON); unknown keys change nothing. */
export function updateSql(spec: TableSpec): string {
  if (spec.key === null) throw new Error(`updateSql: ${spec.table} has no key`);
  const sets = spec.columns.filter(([name]) => name !== spec.key).map(([name]) => `${name} = x.${name}`);
  if (spec.table === 'positions') sets.push('version = t.version + 1');
  return `UPDATE ${spec.table} AS t SET ${sets.join(', ')} FROM ${recordset(spec)} WHERE t.${spec.key} = x.${spec.key}`;
}

/** The select list that gives back the record: timestamps as ISO strings with milliseconds and `Z`. */
export function selectList(spec: TableSpec, alias = ''): string {
  const prefix = alias ? `${alias}.` : '';
  return spec.columns
    .map(([name, type]) => {
      if (type === 'timestamptz') return `${isoTimestamp(`${prefix}${name}`)} AS ${name}`;
      if (type === 'date') return `to_char(${prefix}${name}, 'YYYY-MM-DD') AS ${name}`;
      return `${prefix}${name}`;
    })
    .join(', ');
}

/** `SELECT <record> FROM <table>` in insertion order, with an optional `WHERE`. */
export function selectSql(spec: TableSpec, where = ''): string {
  return `SELECT ${selectList(spec)} FROM ${spec.table}${where ? ` WHERE ${where}` : ''} ORDER BY seq`;
}

/** An ISO-8601 UTC string (`2024-03-01T09:00:00.000Z`, what `Date#toISOString` gives) of a timestamptz. */
export function isoTimestamp(expression: string): string {
  return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The records as one JSON array for `jsonb_to_recordset`, each with its index as `ord`. NUL characters are
 * dropped: PostgreSQL text and jsonb cannot hold them, and a damaged PDF text layer can contain them.
 */
export function toJsonParam(records: readonly object[]): string {
  return JSON.stringify(
    records.map((record, ord) => ({ ...record, ord })),
    (_key, value: unknown) => (typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '') : value),
  );
}

/**
 * Splits records into batches of at most `size`, each the latest record of every key it holds: when a
 * batch repeats a key, the last one wins in the place of the first (the `Storage` upsert rule, and one
 * statement may not touch a row twice).
 */
export function latestByKey<T>(records: readonly T[], keyOf: (record: T) => string, size = 2000): T[][] {
  const latest = new Map<string, T>();
  for (const record of records) latest.set(keyOf(record), record);
  const unique = [...latest.values()];
  const batches: T[][] = [];
  for (let start = 0; start < unique.length; start += size) batches.push(unique.slice(start, start + size));
  return batches;
}

/** Upserts records by the table's key, in batches, in order. */
export async function upsert(client: PoolClient, spec: TableSpec, records: readonly object[]): Promise<void> {
  const key = spec.key;
  if (key === null) throw new Error(`upsert: ${spec.table} has no key`);
  for (const batch of latestByKey(records, (record) => String((record as Record<string, unknown>)[key]))) {
    await client.query(upsertSql(spec), [toJsonParam(batch)]);
  }
}

/** Appends records to a table without a key, in order. */
export async function append(client: PoolClient, spec: TableSpec, records: readonly object[]): Promise<void> {
  for (let start = 0; start < records.length; start += 2000) {
    await client.query(upsertSql(spec), [toJsonParam(records.slice(start, start + 2000))]);
  }
}

/** `text` without NUL characters (see {@link toJsonParam}). */
export function stripNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

// ---- internal helpers ----

function recordset(spec: TableSpec): string {
  const definitions = spec.columns.map(([name, type]) => `${name} ${type}`);
  return `jsonb_to_recordset($1::jsonb) AS x(${definitions.join(', ')}, ord integer)`;
}
