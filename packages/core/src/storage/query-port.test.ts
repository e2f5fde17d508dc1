import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresTarget } from '../../test/helpers/postgres-cluster.js';
import { createLowdbStorage } from './lowdb.js';
import { createMemoryStorage } from './memory.js';
import { createPostgresStorage } from './postgres.js';
import { defineQueryPortSuite } from './query-port.suite.js';
import { samplePosition, sampleService, sampleWrite } from './sample-records.js';

describe('query port: memory (the catalogue’s in-memory read side)', () => {
  defineQueryPortSuite(async () => createMemoryStorage());
});

describe('query port: lowdb (the in-memory read side over the data directory)', () => {
  let dir = '';
  let stores = 0;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-query-port-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));
  defineQueryPortSuite(() => createLowdbStorage({ dir: join(dir, `db-${++stores}`) }));
});

const target = postgresTarget();

describe.skipIf(!target.url)(`query port: postgres${target.skip ? ` (skipped: ${target.skip})` : ''}`, () => {
  let url = '';
  let schemaCount = 0;
  let schema = '';
  beforeAll(async () => {
    url = await createTestDatabase(target.url!, 'query_port');
  });
  beforeEach(() => {
    schema = `case_${++schemaCount}`;
  });
  defineQueryPortSuite(() => createPostgresStorage({ connectionString: url, schema }));

  it("sees another store's writes at once; a decision moves the revision but does not reload the directory", async () => {
    const [writer, reader] = [await createPostgresStorage({ connectionString: url, schema }), await createPostgresStorage({ connectionString: url, schema })];
    try {
      const before = await reader.queries.revision();
      await writer.saveServices([sampleService('s-new')]);
      expect((await reader.queries.directory()).servicesById.has('s-new')).toBe(true);
      await writer.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1', { status: 'queued', service_id: null })]));
      const directory = await reader.queries.directory();
      expect(directory.clinicsById.has('c-1') && directory.priceListsById.has('pl-1')).toBe(true);
      expect((await reader.queries.queuePage({}, {})).total).toBe(1);
      const afterIngest = await reader.queries.revision();
      expect(afterIngest).toBeGreaterThan(before);

      await writer.updatePositions([samplePosition('p-1', 'pl-1', 'c-1', { status: 'skipped', service_id: null })]);
      expect(await reader.queries.revision()).toBeGreaterThan(afterIngest);
      expect(await reader.queries.directory()).toBe(directory);
      expect((await reader.queries.queuePage({}, {})).total).toBe(0);
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  });
});
