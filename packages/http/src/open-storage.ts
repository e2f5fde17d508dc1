/**
 * Which store the server and the CLI open: PostgreSQL when a database URL is given (`--database-url`
 * or `DATABASE_URL`), else the embedded lowdb store in the data directory.
 *
 * @module
 */
import { resolve } from 'node:path';
import type { Storage } from '@pricecat/core';
import { createLowdbStorageInDir } from '@pricecat/core/storage/lowdb';

/** Where the data lives. */
export interface StoreLocation {
  /** The data directory: the lowdb store without a database URL; uploads and embedding caches in any case. */
  readonly dataDir: string;
  /** A PostgreSQL connection string; when set, the data lives there and several servers may share it. */
  readonly databaseUrl?: string | undefined;
}

/** Opens the store at `location`; PostgreSQL's schema is created or upgraded on open. */
export async function openStorage(location: StoreLocation): Promise<Storage & { setOwnerUrl?(url: string): Promise<void> }> {
  if (location.databaseUrl === undefined) return createLowdbStorageInDir(resolve(location.dataDir));
  // Loaded only when asked for, so a server on the embedded store never loads `pg`.
  const { createPostgresStorage } = await import('@pricecat/core/storage/postgres');
  return createPostgresStorage({ connectionString: location.databaseUrl });
}

/** The store in words for logs: `PostgreSQL at host:5432/db` (never the password) or the lowdb data directory. */
export function describeStore(location: StoreLocation): string {
  if (location.databaseUrl === undefined) return resolve(location.dataDir);
  return `PostgreSQL at ${redactedServer(location.databaseUrl)}`;
}

// ---- internal helpers ----

function redactedServer(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const host = url.searchParams.get('host') ?? url.hostname;
    return `${host}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return '(a DATABASE_URL that is not a URL)';
  }
}
