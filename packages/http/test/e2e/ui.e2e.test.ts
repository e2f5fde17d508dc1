/**
 * The web UI end to end: the real server over lowdb with the two real price lists of «Клиника 2», and
 * Debian's Chromium clicking through the single-page app the way an analyst does. Skips, saying why,
 * without the archive, without /usr/bin/chromium, or when the UI bundle was not built.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { missingPrerequisite, readNumber, startE2e, UPLOAD_FILE, zipOf, type E2eEnvironment } from './harness.js';

const missing = missingPrerequisite();
/** Waiting for the UI: generous, since OCR-free ingests of a ZIP still take a few seconds. */
const eventually = { timeout: 30_000, interval: 100 };

describe.skipIf(missing !== undefined)(`the web UI in Chromium against the real server${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let env: E2eEnvironment;
  let page: Page;

  const counter = async (key: string) => readNumber(await page.locator(`pricecat-queue [data-counter="${key}"] dd`).textContent());
  const firstItemId = () => page.locator('pricecat-queue .item').first().getAttribute('data-position-id');

  beforeAll(async () => {
    env = await startE2e();
    page = await env.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, locale: 'ru-RU' });
    page.on('pageerror', (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('finds a service while typing and opens its comparison across clinics', async () => {
    await page.goto(`${env.url}#/search`);
    await page.locator('pricecat-search input[type="search"]').fill('узи');
    await page.locator('pricecat-search [role="option"]').first().waitFor();
    await page.locator('pricecat-search button[type="submit"]').click();
    const first = page.locator('pricecat-search .hit a').first();
    await first.waitFor();
    const name = (await first.textContent())?.trim() ?? '';
    expect(name.toLowerCase()).toContain('узи');
    await first.click();
    await vi.waitFor(() => expect(page.url()).toContain('#/service/'), eventually);
    const row = page.locator('pricecat-comparison tbody tr').first();
    await row.waitFor();
    expect(await row.locator('td.clinic').textContent()).toContain('Клиника 2');
    expect(await row.locator('td.price').textContent()).toMatch(/^\d[\d\u00a0]* ₸$/);
  });

  it('uploads a ZIP and shows the per-file report', async () => {
    await page.goto(`${env.url}#/upload`);
    await page.locator('pricecat-upload input[type="file"]').setInputFiles({ name: 'клиника-1.zip', mimeType: 'application/zip', buffer: zipOf([UPLOAD_FILE]) });
    const summary = page.locator('pricecat-upload .summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toContain('Обработано файлов: 1, с ошибками: 0');
    const row = page.locator('pricecat-upload tbody tr').first();
    expect(await row.locator('td.file').textContent()).toBe(UPLOAD_FILE);
    expect(await row.textContent()).toMatch(/\d+\s*\d*\s*%/);
  });

  it('shows the three documents on the dashboard', async () => {
    await page.goto(`${env.url}#/dashboard`);
    const documents = page.locator('pricecat-dashboard [data-figure="documents"] dd');
    await documents.waitFor();
    expect(await documents.textContent()).toBe('3');
  });

  it('confirms, re-assigns and skips queue items, and the counters follow', async () => {
    await page.goto(`${env.url}#/queue`);
    await page.locator('pricecat-queue .item').first().waitFor();
    const stats0 = await env.api<{ queued: number; normalized: number; skipped: number }>('stats');
    await vi.waitFor(async () => expect(await counter('queue')).toBe(stats0.queued), eventually);
    expect(await counter('normalized')).toBe(stats0.normalized);

    // Confirm the suggestion of the most confident item.
    const confirmed = await firstItemId();
    await page.locator('pricecat-queue .item').first().locator('button.confirm').click();
    // The item leaves and the counters move at once, before the server's answer…
    await vi.waitFor(async () => expect(await firstItemId()).not.toBe(confirmed), eventually);
    await vi.waitFor(async () => expect(await counter('normalized')).toBeGreaterThan(stats0.normalized), eventually);
    expect(await counter('queue')).toBeLessThan(stats0.queued);
    // …and agree with the server once it has answered (identical names elsewhere are decided too).
    await page.locator('pricecat-queue .feedback-text').waitFor();
    const stats1 = await env.api<{ queued: number; normalized: number }>('stats');
    expect(stats1.normalized).toBeGreaterThan(stats0.normalized);
    await vi.waitFor(async () => expect([await counter('queue'), await counter('normalized')]).toEqual([stats1.queued, stats1.normalized]), eventually);

    // Re-assign the next one to a service chosen in the picker.
    const reassigned = await firstItemId();
    await page.locator('pricecat-queue .item').first().locator('button.choose').click();
    const picker = page.locator('pricecat-queue pricecat-service-picker');
    await picker.locator('input').fill('анализ');
    const option = picker.locator('li[role="option"]').first();
    await option.waitFor();
    const chosen = (await option.locator('.name').textContent())?.trim() ?? '';
    await option.click();
    await vi.waitFor(async () => expect(await firstItemId()).not.toBe(reassigned), eventually);
    await vi.waitFor(async () => expect(await page.locator('pricecat-queue .feedback-text').textContent()).toContain(`→ «${chosen}»`), eventually);
    const manual = await env.api<{ items: { position_id: string; service_id: string }[] }>('positions?method=manual&limit=500');
    expect(manual.items.map((p) => p.position_id)).toContain(reassigned);
    const stats2 = await env.api<{ queued: number; normalized: number; skipped: number }>('stats');
    expect(stats2.normalized).toBeGreaterThan(stats1.normalized);
    await vi.waitFor(async () => expect([await counter('queue'), await counter('normalized')]).toEqual([stats2.queued, stats2.normalized]), eventually);

    // Skip the next one with the keyboard shortcut «3».
    const skipped = await firstItemId();
    await page.locator('h2').first().click();
    await page.keyboard.press('3');
    await vi.waitFor(async () => expect(await firstItemId()).not.toBe(skipped), eventually);
    await vi.waitFor(async () => expect(await counter('queue')).toBe(stats2.queued - 1), eventually);
    expect(await counter('normalized')).toBe(stats2.normalized);
    await vi.waitFor(async () => expect(await page.locator('pricecat-queue .feedback-text').textContent()).toContain('пропущена'), eventually);
    expect((await env.api<{ skipped: number }>('stats')).skipped).toBe(stats2.skipped + 1);
  });

  it('lists unrecognized positions filtered by status', async () => {
    await page.goto(`${env.url}#/unmatched?status=unrecognized`);
    const range = page.locator('pricecat-unmatched .range');
    await range.waitFor();
    const expected = await env.api<{ total: number }>('unmatched?status=unrecognized&limit=1');
    expect(await range.textContent()).toBe(`1–50 из ${expected.total}`);
    expect(await page.locator('pricecat-unmatched tbody tr').count()).toBe(50);
  });

  it('changes the watch folder, rejecting one that does not exist, and scans it', async () => {
    await page.goto(`${env.url}#/admin`);
    const folder = page.locator('pricecat-autoload-card input.folder');
    await folder.waitFor();
    await folder.fill(`${env.watchDir}/нет-такой-папки`);
    await page.locator('pricecat-autoload-card button.save').click();
    await page.locator('pricecat-autoload-card #folder-error').waitFor();
    expect(await page.locator('pricecat-autoload-card #folder-error').textContent()).toContain('Сервер не принял папку');
    await folder.fill(env.watchDir);
    await page.locator('pricecat-autoload-card button.save').click();
    await page.locator('pricecat-autoload-card .ok').waitFor();
    const settings = await env.api<{ watch_folder: string }>('settings');
    expect(settings.watch_folder).toContain('pricecat-e2e-watch-');
    await page.locator('pricecat-autoload-card button.scan').click();
    await vi.waitFor(async () => expect(await page.locator('pricecat-autoload-card .last-scan').textContent()).toContain('по кнопке'), eventually);
    expect(await page.locator('pricecat-autoload-card .last-scan').textContent()).toContain('Файлов: 0');
  });

  it('reads the price changes of «Клиника 2» between its 2025 and 2026 lists', async () => {
    const rows = page.locator('pricecat-price-changes tbody tr.change');
    await rows.first().waitFor();
    const total = await env.api<{ total: number }>('price-changes?threshold=0.2&limit=1');
    expect(total.total).toBeGreaterThan(0);
    expect(await page.locator('pricecat-price-changes .found').textContent()).toBe(`Изменений: ${total.total}`);
    const first = rows.first();
    expect(await first.textContent()).toContain('Клиника 2');
    expect(await first.locator('td.old').textContent()).toContain('01.01.2025');
    expect(await first.locator('td.new').textContent()).toContain('01.01.2026');
    expect(await first.locator('.share').textContent()).toMatch(/^[+−]\d+\u00a0%$/);
    await page.locator('pricecat-price-changes input.threshold').fill('50');
    const fewer = await env.api<{ total: number }>('price-changes?threshold=0.5&limit=1');
    await vi.waitFor(async () => expect(await page.locator('pricecat-price-changes .found').textContent()).toBe(`Изменений: ${fewer.total}`), eventually);
  });

  it('fits the operator screens on a 390 px wide phone without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const [hash, ready] of [
        ['#/queue', 'pricecat-queue .item'],
        ['#/unmatched', 'pricecat-unmatched tbody tr'],
        ['#/admin', 'pricecat-price-changes tbody tr'],
      ] as const) {
        await page.goto(`${env.url}${hash}`);
        await page.locator(ready).first().waitFor();
        expect(await page.evaluate<number>('document.documentElement.scrollWidth'), hash).toBeLessThanOrEqual(390);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('downloads the catalogue as an Excel workbook from the navigation bar', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('header pricecat-export-button a').click()]);
    expect(download.suggestedFilename()).toMatch(/^pricecat.*\.xlsx$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.length).toBeGreaterThan(10_000);
  });
});
