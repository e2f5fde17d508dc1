import { defineConfig } from 'vitest/config';

/** `npm run screenshots`: only the screenshot script, which is not part of `npm test`. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/e2e/*.shots.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
