import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { fakeIngestServer } from './src/test-support/fake-ingest-server.js';

/**
 * Component tests run in a real, headless Chromium: Debian's `/usr/bin/chromium` (STACK.md), so
 * Playwright never tries to download a browser. The fake ingest endpoint is a Vite middleware because the
 * upload widget talks XMLHttpRequest, which a `fetch` stub cannot answer.
 */
export default defineConfig({
  plugins: [fakeIngestServer()],
  test: {
    include: ['src/**/*.test.ts'],
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.PRICECAT_CHROMIUM ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
