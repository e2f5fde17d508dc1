import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One throwaway PostgreSQL cluster per run for the PostgreSQL suites; they skip, saying why, without one.
    globalSetup: ['test/postgres.global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
