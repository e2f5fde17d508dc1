/**
 * The analyst's views end to end (issue 20, points 3, 4, 5, 7): search with typos and its state in the URL, the
 * comparison's lines and price history, price changes and their kind in the URL, the upload as a job that survives a
 * reload and reports a file already ingested, and the dashboard's links. The real server over lowdb with the two real lists of
 * «Клиника 2», Debian's Chromium; no console error (a 404 included) on any screen.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { missingPrerequisite, startE2e, UPLOAD_FILE, watchProblems, zipOf, type E2eEnvironment } from './harness.js';

const missing = missingPrerequisite();
const eventually = { timeout: 30_000, interval: 100 };

describe.skipIf(missing !== undefined)(`the analyst's views in Chromium${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let env: E2eEnvironment;
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    env = await startE2e();
    page = await env.browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('finds «Прием кардиолога» for «кардиолго», keeps the query in the URL, and «← Назад к поиску» shows it again', async () => {
    await page.goto(`${env.url}#/search`);
    await page.locator('pricecat-search input[type="search"]').fill('кардиолго');
    await page.locator('pricecat-search button[type="submit"]').click();
    await vi.waitFor(() => expect(decodeURIComponent(page.url())).toContain('#/search?q=кардиолго'), eventually);
    await page.locator('pricecat-search .hit').first().waitFor();
    expect(await page.locator('pricecat-search .corrections').textContent()).toContain('«кардиолго» → «кардиолога»');
    const names = await page.locator('pricecat-search .hit a').allTextContents();
    expect(names.map((n) => n.trim())).toContain('Прием кардиолога');
    await page.locator('pricecat-search .hit a').first().click();
    await page.locator('pricecat-comparison h2').waitFor();
    await page.getByText('← Назад к поиску').click();
    await page.locator('pricecat-search .hit').first().waitFor();
    expect(await page.locator('pricecat-search input[type="search"]').inputValue()).toBe('кардиолго');
  });

  it('counts every ultrasound service and pages past the first 50; a shared link opens the same search', async () => {
    await page.goto(`${env.url}#/search?q=${encodeURIComponent('узи')}`);
    const status = page.locator('pricecat-search [role="status"]');
    await page.locator('pricecat-search .hit').first().waitFor();
    const text = (await status.textContent())?.replace(/\s+/g, ' ').trim() ?? '';
    const total = Number(/Найдено услуг: (\d+)/.exec(text)?.[1]);
    expect(total).toBeGreaterThan(50);
    expect(text).toContain(`Показаны 1–50 из ${total}`);
    await page.locator('pricecat-search .pager button').nth(1).click();
    await vi.waitFor(async () => expect(await status.textContent()).toContain(`Показаны 51–${Math.min(100, total)} из ${total}`), eventually);
    expect(await page.locator('pricecat-search .hit').count()).toBe(Math.min(50, total - 50));
  });

  it('shows the lines behind a clinic’s price and its price history over both lists', async () => {
    const changes = await env.api<{ items: { service_id: string; price_kind: string }[] }>('price-changes?threshold=0.01&limit=1');
    const change = changes.items[0]!;
    await page.goto(`${env.url}#/service/${encodeURIComponent(change.service_id)}?price_kind=${change.price_kind}`);
    await page.locator('pricecat-comparison tbody tr').first().waitFor();
    await page.locator('pricecat-comparison details.lines summary').first().click();
    expect(await page.locator('pricecat-comparison details.lines li .line-name').count()).toBeGreaterThan(0);
    await page.locator('pricecat-comparison svg.history-chart').waitFor();
    expect(await page.locator('pricecat-comparison svg.history-chart circle').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('pricecat-comparison .legend').textContent()).toContain('→');
  });

  it('links a price change to its comparison, with the kind and both lines', async () => {
    await page.goto(`${env.url}#/admin`);
    const row = page.locator('pricecat-price-changes tbody tr.change').first();
    await row.waitFor();
    expect(await row.locator('.service').textContent()).toMatch(/резиденты|нерезиденты/);
    expect(await row.locator('.old details.lines').count()).toBe(1);
    await row.locator('a.compare').click();
    await vi.waitFor(() => expect(page.url()).toContain('#/service/'), eventually);
    await page.locator('pricecat-comparison tbody tr').first().waitFor();
  });

  it('keeps the price changes’ kind in the address: a reload lists the far-abroad changes again', async () => {
    await page.goto(`${env.url}#/admin`);
    await page.locator('pricecat-price-changes tbody tr.change').first().waitFor();
    await page.locator('pricecat-price-changes select.kind').selectOption('nonresident_far');
    await vi.waitFor(() => expect(page.url()).toContain('#/admin?price_kind=nonresident_far'), eventually);
    await page.reload();
    await page.locator('pricecat-price-changes tbody tr.change').first().waitFor();
    expect(await page.locator('pricecat-price-changes select.kind').inputValue()).toBe('nonresident_far');
    const kinds = await page.locator('pricecat-price-changes tbody tr.change .service .muted').allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((text) => text.includes('дальнее зарубежье'))).toBe(true);
  });

  it('shows the upload again after a reload, then reports the same file as already ingested, with its date', async () => {
    await page.goto(`${env.url}#/upload`);
    const file = { name: 'клиника-1.zip', mimeType: 'application/zip', buffer: zipOf([UPLOAD_FILE]) };
    await page.locator('pricecat-upload input[type="file"]').setInputFiles(file);
    await page.locator('pricecat-upload .job-files li, pricecat-upload .summary').first().waitFor({ timeout: 60_000 });
    await page.reload();
    const summary = page.locator('pricecat-upload .summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toContain('Обработано файлов: 1, с ошибками: 0');

    await page.locator('pricecat-upload input[type="file"]').setInputFiles(file);
    const duplicate = page.locator('pricecat-upload tr.duplicate');
    await duplicate.waitFor({ timeout: 60_000 });
    expect(await duplicate.textContent()).toMatch(/уже загружен \d\d\.\d\d\.\d{4} как «Клиника 1 прайс 2024\.docx»/);
    const before = await env.api<{ positions: number }>('stats');
    await duplicate.locator('button.again').click();
    await page.locator('pricecat-upload tbody tr:not(.duplicate)').first().waitFor({ timeout: 60_000 });
    await vi.waitFor(async () => expect((await env.api<{ positions: number }>('stats')).positions).toBeGreaterThan(before.positions), eventually);
  });

  it('leads from the dashboard’s figures to the filtered lists', async () => {
    await page.goto(`${env.url}#/dashboard`);
    const clinic = page.locator('pricecat-dashboard table.by-clinic tbody tr').first();
    await clinic.waitFor();
    await page.locator('pricecat-dashboard svg.share-chart rect').first().waitFor();
    await clinic.locator('a.unrecognized').click();
    await vi.waitFor(() => expect(page.url()).toMatch(/#\/unmatched\?clinic_id=[^&]+&status=unrecognized/), eventually);
    await page.goBack();
    await page.locator('pricecat-dashboard [data-figure="queue"] a').click();
    await vi.waitFor(() => expect(page.url()).toContain('#/queue'), eventually);
  });

  it('logged no console error and no failed request on any of these screens', () => {
    expect(problems).toEqual([]);
  });
});
