import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One throwaway PostgreSQL cluster per run for the suites that run on every store (test/test-stores.ts).
    globalSetup: ['test/postgres.global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
