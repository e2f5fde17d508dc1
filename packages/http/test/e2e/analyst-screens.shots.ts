/**
 * Screenshots of the analyst's screens of issue 20 (queue tools, unmatched with the picker, proposed services, the
 * decision log), desktop and phone width, in Debian's Chromium against the real server with the real «Клиника 2»
 * lists. Not part of `npm test`: run `npm run screenshots -w @pricecat/http`. Writes docs/screenshots/*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { missingPrerequisite, startE2e, type E2eEnvironment } from './harness.js';

const OUT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../docs/screenshots');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const missing = missingPrerequisite();

describe.skipIf(missing !== undefined)(`screenshots of the analyst's screens${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let env: E2eEnvironment;
  let page: Page;

  beforeAll(async () => {
    await mkdir(OUT, { recursive: true });
    env = await startE2e();
    page = await env.browser.newPage({ viewport: DESKTOP, locale: 'ru-RU', deviceScaleFactor: 1 });
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Each screen at desktop and at phone width. */
  async function both(name: string, open: () => Promise<void>): Promise<void> {
    for (const [suffix, viewport] of [['', DESKTOP], ['phone-', PHONE]] as const) {
      await page.setViewportSize(viewport);
      // A fresh page each time: the same hash again would keep the screen's state (an open form, say).
      await page.goto('about:blank');
      await open();
      await page.evaluate('window.scrollTo(0, 0)');
      // The top of the screen down to 1600 px: enough for the open forms and a context table, not a whole long list.
      await page.screenshot({ path: join(OUT, `${suffix}${name}.png`), fullPage: true, clip: { x: 0, y: 0, width: viewport.width, height: 1600 } });
    }
  }

  it('queue tools: filters, the bulk count, alternatives and a position’s context', async () => {
    await both('queue-tools', async () => {
      await page.goto(`${env.url}#/queue`);
      await page.locator('pricecat-queue .item').first().waitFor();
      await page.locator('pricecat-queue .toolbar summary').click();
      await page.locator('pricecat-queue input[name="bulk"]').fill('60');
      await page.locator('pricecat-queue button.bulk-count').click();
      await page.locator('pricecat-queue .bulk-preview').waitFor();
      await page.locator('pricecat-queue .item').first().locator('button.show-context').click();
      await page.locator('pricecat-queue .context').first().waitFor();
    });
  });

  it('unmatched with the picker and «create a new service»', async () => {
    await both('unmatched-assign', async () => {
      await page.goto(`${env.url}#/unmatched?status=unrecognized`);
      await page.locator('pricecat-unmatched tbody tr').first().waitFor();
      await page.locator('pricecat-unmatched tbody tr button.assign').first().click();
      await page.locator('pricecat-unmatched pricecat-service-picker button.open-create').click();
      await page.locator('pricecat-unmatched pricecat-service-picker form.create').waitFor();
    });
  });

  it('proposed new services', async () => {
    await both('proposals', async () => {
      await page.goto(`${env.url}#/proposals`);
      await page.locator('pricecat-proposals .proposal').first().waitFor();
      await page.locator('pricecat-proposals .proposal .members summary').first().click();
    });
  });

  it('the decision log after a few decisions and a bulk acceptance', async () => {
    const queue = await env.api<{ items: { position: { position_id: string } }[] }>('queue?limit=3');
    await env.api('skip', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ position_id: queue.items[2]!.position.position_id }) });
    await env.api('queue/accept-suggestions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ min_confidence: 0.6 }) });
    await both('decisions', async () => {
      await page.goto(`${env.url}#/decisions`);
      await page.locator('pricecat-decisions tbody tr').first().waitFor();
    });
  });
});
