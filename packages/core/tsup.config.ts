import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/node.ts', 'src/storage/lowdb.ts', 'src/testing.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // The conformance suites (testing entry) import vitest from the adapter author's project.
  external: ['vitest'],
  // The vocabulary's data files (assets/vocabulary) are bundled as strings, so the browser entry reads no file.
  loader: { '.tsv': 'text', '.txt': 'text' },
});
