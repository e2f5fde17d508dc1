/**
 * Screenshots of every screen of the web UI for docs/web-ui.md, taken in Debian's Chromium against the real
 * server with the real «Клиника 2» lists, «Клиника 6» (a far-abroad price column of its own) and «Клиника 1»,
 * uploaded through the UI. Not part of
 * `npm test`: run `npm run screenshots -w @pricecat/http`. Writes docs/screenshots/*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { missingPrerequisite, startE2e, UPLOAD_FILE, zipOf, type E2eEnvironment } from './harness.js';

/** A list with a far-abroad price column of its own, so the unmatched list shows that price beside the others. */
const FAR_ABROAD_LIST = 'Клиника 6 прайс 2026.xlsx';
const OUT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../docs/screenshots');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const missing = missingPrerequisite();

describe.skipIf(missing !== undefined)(`screenshots of the web UI${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let env: E2eEnvironment;
  let page: Page;
  const shot = (name: string) => page.screenshot({ path: join(OUT, `${name}.png`) });

  beforeAll(async () => {
    await mkdir(OUT, { recursive: true });
    env = await startE2e();
    const form = new FormData();
    form.append('file', new Blob([zipOf([FAR_ABROAD_LIST])]), 'far-abroad.zip');
    await env.api('ingest', { method: 'POST', body: form });
    page = await env.browser.newPage({ viewport: DESKTOP, locale: 'ru-RU', deviceScaleFactor: 1 });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('upload with its report', async () => {
    await page.goto(`${env.url}#/upload`);
    await page.locator('pricecat-upload input[type="file"]').setInputFiles({ name: 'клиника-1.zip', mimeType: 'application/zip', buffer: zipOf([UPLOAD_FILE]) });
    await page.locator('pricecat-upload .summary').waitFor({ timeout: 60_000 });
    await shot('upload');
  });

  it('search', async () => {
    await page.goto(`${env.url}#/search?q=${encodeURIComponent('прием')}`);
    await page.locator('pricecat-search .hit').first().waitFor();
    await shot('search');
  });

  it('search with a typo, corrected, counted and paged', async () => {
    await page.goto(`${env.url}#/search?q=${encodeURIComponent('кардиолго')}`);
    await page.locator('pricecat-search .corrections').waitFor();
    await shot('search-typo');
  });

  it('comparison of a service whose far-abroad price changed: that kind picked, lines opened, price history drawn', async () => {
    // «Клиника 2» prices non-residents of near and far abroad in one column, so its far-abroad prices change too.
    const changes = await env.api<{ items: { service_id: string }[] }>('price-changes?threshold=0.01&limit=1&price_kind=nonresident_far');
    const change = changes.items[0];
    if (!change) throw new Error('no far-abroad price change in the seeded lists');
    await page.goto(`${env.url}#/service/${encodeURIComponent(change.service_id)}?price_kind=nonresident_far`);
    await page.locator('pricecat-comparison tbody tr').first().waitFor();
    await page.locator('pricecat-comparison details.lines summary').first().click();
    await page.locator('pricecat-comparison svg.history-chart').waitFor();
    await page.screenshot({ path: join(OUT, 'comparison.png'), fullPage: true });
  });

  it('dashboard', async () => {
    await page.goto(`${env.url}#/dashboard`);
    await page.locator('pricecat-dashboard table.by-clinic tbody tr').first().waitFor();
    await page.screenshot({ path: join(OUT, 'dashboard.png'), fullPage: true });
  });

  it('upload of a file already ingested', async () => {
    await page.goto(`${env.url}#/upload`);
    await page.locator('pricecat-upload input[type="file"]').setInputFiles({ name: 'клиника-1.zip', mimeType: 'application/zip', buffer: zipOf([UPLOAD_FILE]) });
    await page.locator('pricecat-upload tr.duplicate').waitFor({ timeout: 60_000 });
    await shot('upload-duplicate');
  });

  it('queue', async () => {
    await page.goto(`${env.url}#/queue`);
    await page.locator('pricecat-queue .item').first().waitFor();
    await page.locator('pricecat-queue .item').first().locator('button.confirm').click();
    await page.locator('pricecat-queue .feedback-text').waitFor();
    await page.locator('pricecat-queue .item').first().locator('button.choose').click();
    await page.locator('pricecat-queue pricecat-service-picker li[role="option"]').first().waitFor();
    await shot('queue');
    await page.keyboard.press('Escape');
  });

  it('unmatched, of a clinic whose rows carry a far-abroad price of their own', async () => {
    type Unmatched = { items: { price_nonresident: number | null; price_nonresident_far?: number | null }[] };
    const clinics = await env.api<{ items: { clinic_id: string }[] }>('partners?limit=500');
    let shown: string | undefined;
    for (const { clinic_id } of clinics.items) {
      const rows = await env.api<Unmatched>(`unmatched?status=unrecognized&limit=50&clinic_id=${encodeURIComponent(clinic_id)}`);
      if (rows.items.some((p) => p.price_nonresident_far != null && p.price_nonresident_far !== p.price_nonresident)) shown = clinic_id;
      if (shown) break;
    }
    if (!shown) throw new Error('no unrecognized row with a far-abroad price of its own in the seeded lists');
    await page.goto(`${env.url}#/unmatched?status=unrecognized&clinic_id=${encodeURIComponent(shown)}`);
    await page.locator('pricecat-unmatched tbody tr').first().waitFor();
    await shot('unmatched');
  });

  it('admin, the price changes of the far-abroad kind', async () => {
    await page.goto(`${env.url}#/admin?price_kind=nonresident_far`);
    await page.locator('pricecat-autoload-card input.folder').fill(env.watchDir);
    await page.locator('pricecat-autoload-card button.save').click();
    await page.locator('pricecat-autoload-card .ok').waitFor();
    await page.locator('pricecat-autoload-card button.scan').click();
    await page.locator('pricecat-autoload-card .last-scan code').waitFor();
    await page.locator('pricecat-price-changes tbody tr').first().waitFor();
    // Both cards and the first price changes; the full list would make a very tall picture.
    await page.screenshot({ path: join(OUT, 'admin.png'), fullPage: true, clip: { x: 0, y: 0, width: DESKTOP.width, height: 1500 } });
  });

  it('phone: search and queue at 390 px', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${env.url}#/search?q=${encodeURIComponent('узи')}`);
    await page.locator('pricecat-search .hit').first().waitFor();
    await shot('phone-search');
    await page.goto(`${env.url}#/queue`);
    await page.locator('pricecat-queue .item').first().waitFor();
    await shot('phone-queue');
    const changes = await env.api<{ items: { service_id: string; price_kind: string }[] }>('price-changes?threshold=0.01&limit=1');
    await page.goto(`${env.url}#/service/${encodeURIComponent(changes.items[0]?.service_id ?? '')}?price_kind=${changes.items[0]?.price_kind ?? 'resident'}`);
    await page.locator('pricecat-comparison svg.history-chart').waitFor();
    await page.screenshot({ path: join(OUT, 'phone-comparison.png'), fullPage: true });
    await page.goto(`${env.url}#/dashboard`);
    await page.locator('pricecat-dashboard table.by-clinic tbody tr').first().waitFor();
    await shot('phone-dashboard');
    await page.goto(`${env.url}#/upload`);
    await page.locator('pricecat-upload .zone').waitFor();
    await shot('phone-upload');
  });
});
