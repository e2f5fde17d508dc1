/**
 * Reads the PostgreSQL store answers in SQL (filled in below).
 *
 * @module
 */
/** Runs one read query. */
export type ReadQuery = <T extends object>(sql: string, params?: readonly unknown[]) => Promise<T[]>;

/** Reads done by the database. */
export interface PostgresQueries {}

export function createPostgresQueries(_read: ReadQuery): PostgresQueries {
  return {};
}
