import { beforeAll, beforeEach, describe } from 'vitest';
import { createTestDatabase, postgresTarget } from '../../test/helpers/postgres-cluster.js';
import { createMemoryStorage } from './memory.js';
import { createPostgresStorage } from './postgres.js';
import { defineQueryPortSuite } from './query-port.suite.js';

describe('query port: memory (the catalogue’s in-memory read side)', () => {
  defineQueryPortSuite(async () => createMemoryStorage());
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
});
