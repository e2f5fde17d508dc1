import { defineConfig } from 'tsup';

export default defineConfig({
  // Named entries: the PostgreSQL test cluster lives with the other test helpers, outside src/.
  entry: {
    index: 'src/index.ts',
    internal: 'src/internal.ts',
    node: 'src/node.ts',
    contract: 'src/contract/index.ts',
    'contract/limits': 'src/contract/limits.ts',
    'storage/lowdb': 'src/storage/lowdb.ts',
    'storage/postgres': 'src/storage/postgres.ts',
    testing: 'src/testing.ts',
    'testing/postgres': 'test/helpers/postgres-cluster.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // The conformance suites (testing entry) import vitest from the adapter author's project; pg stays a
  // runtime import of the Node-only entries.
  external: ['vitest', 'pg', 'zod'],
  // The vocabulary's data files (assets/vocabulary) are bundled as strings, so the browser entry reads no file.
  loader: { '.tsv': 'text', '.txt': 'text' },
});
