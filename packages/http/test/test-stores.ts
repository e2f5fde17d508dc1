/**
 * The stores the HTTP suites run on: memory, lowdb (a temporary directory) and PostgreSQL (the run's
 * throwaway cluster, a schema per store). Not a test file itself (no `.test.ts`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { createCatalogue, createMemoryStorage, type Catalogue, type Service, type Storage } from '@pricecat/core';
import { createLowdbStorageInDir } from '@pricecat/core/storage/lowdb';
import { createPostgresStorage, type PostgresStorage } from '@pricecat/core/storage/postgres';
import { createTestDatabase, postgresTarget } from '@pricecat/core/testing/postgres';

/** One kind of store. */
export interface TestStore {
  readonly name: 'memory' | 'lowdb' | 'postgres';
  /** Why the suites skip this store here; `undefined` when they run. */
  readonly skip: string | undefined;
  /** A new, empty store; its `close()` also removes what it left behind. */
  open(): Promise<Storage>;
  /** A catalogue on a new store, seeded with `services`. */
  openCatalogue(services?: readonly Service[]): Promise<Catalogue>;
}

/** memory, lowdb and postgres. */
export const TEST_STORES: readonly TestStore[] = [
  store('memory', undefined, async () => createMemoryStorage()),
  store('lowdb', undefined, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pricecat-http-'));
    const storage = await createLowdbStorageInDir(dir);
    return { ...storage, close: async () => { await storage.close(); await rm(dir, { recursive: true, force: true }); } };
  }),
  store('postgres', postgresTarget().skip, () => openPostgresStore()),
];

/**
 * Registers `body` once per store, as `<title> (<store> store)`; a store unavailable here gets a skipped
 * describe that says why.
 */
export function describeEachStore(title: string, body: (store: TestStore) => void): void {
  for (const each of TEST_STORES) {
    const name = `${title} (${each.name} store)`;
    if (each.skip) describe.skip(`${name} (skipped: ${each.skip})`, () => body(each));
    else describe(name, () => body(each));
  }
}

/** A PostgreSQL store in a new schema of this file's database; open it again with the same `schema`. */
export async function openPostgresStore(schema = `s_${++schemaCount}`): Promise<PostgresStorage> {
  const target = postgresTarget();
  if (!target.url) throw new Error(`PostgreSQL is not available: ${target.skip}`);
  database ??= createTestDatabase(target.url, 'http');
  return createPostgresStorage({ connectionString: await database, schema });
}

// ---- internal helpers ----

let database: Promise<string> | undefined;
let schemaCount = 0;

function store(name: TestStore['name'], skip: string | undefined, open: () => Promise<Storage>): TestStore {
  return {
    name,
    skip,
    open,
    openCatalogue: async (services) => createCatalogue({ storage: await open(), services }),
  };
}
