import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The vocabulary's data files imported as their text, as tsup's `text` loader bundles them (tsup.config.ts). Loaded
 * before Vite's asset handling, which would make a `.txt` a URL.
 */
const textFiles = {
  name: 'pricecat-text-files',
  enforce: 'pre' as const,
  load(id: string) {
    const file = id.split('?')[0]!;
    return /\.(?:tsv|txt)$/.test(file) ? `export default ${JSON.stringify(readFileSync(file, 'utf8'))};` : null;
  },
};

export default defineConfig({
  plugins: [textFiles],
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One throwaway PostgreSQL cluster per run for the PostgreSQL suites; they skip, saying why, without one.
    globalSetup: ['test/postgres.global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
