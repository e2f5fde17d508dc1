/**
 * The analyst's screens of issue 20 end to end: the real server over lowdb with the real «Клиника 2» lists, Debian's
 * Chromium clicking as an analyst does — the queue's filters, bulk acceptance with one undo and a position's context;
 * an unmatched position assigned from the picker; a proposed service created; a decision undone from the log. No
 * console errors anywhere.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { missingPrerequisite, readNumber, startE2e, watchProblems, type E2eEnvironment } from './harness.js';

const missing = missingPrerequisite();
const eventually = { timeout: 30_000, interval: 100 };

describe.skipIf(missing !== undefined)(`the analyst's screens in Chromium${missing ? ` (skipped: ${missing})` : ''}`, () => {
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

  it('filters the queue, counts and accepts suggestions above 60 % as one batch, and one undo brings them back', async () => {
    await page.goto(`${env.url}#/queue`);
    await page.locator('pricecat-queue .item').first().waitFor();
    const queued0 = (await env.api<{ total: number }>('queue?limit=1')).total;
    const expected = (await env.api<{ total: number }>('queue?limit=1&min_confidence=0.6')).total;
    expect(expected).toBeGreaterThan(0);
    await page.locator('pricecat-queue .toolbar summary').click();
    await page.locator('pricecat-queue input[name="bulk"]').fill('60');
    await page.locator('pricecat-queue button.bulk-count').click();
    await vi.waitFor(async () => expect(await page.locator('pricecat-queue .bulk-preview').textContent()).toContain(`Будет принято предложений: ${expected}`), eventually);
    await page.locator('pricecat-queue button.bulk-apply').click();
    await vi.waitFor(async () => expect(await page.locator('pricecat-queue .feedback-text').textContent()).toContain(`Принято предложений: ${expected}`), eventually);
    expect((await env.api<{ total: number }>('queue?limit=1')).total).toBe(queued0 - expected);
    await page.locator('pricecat-queue .feedback button.undo').click();
    await vi.waitFor(async () => expect(await page.locator('pricecat-queue .feedback-text').textContent()).toContain(`Отменено решений: ${expected}`), eventually);
    expect((await env.api<{ total: number }>('queue?limit=1')).total).toBe(queued0);

    // A server-side filter: the method select narrows the list and the count.
    await page.locator('pricecat-queue select[name="method"]').selectOption('fuzzy');
    await page.locator('pricecat-queue button.apply-filters').click();
    const fuzzy = (await env.api<{ total: number }>('queue?limit=1&method=fuzzy')).total;
    await vi.waitFor(async () => expect(await page.locator('pricecat-queue .shown').textContent()).toBe(`Показано ${Math.min(20, fuzzy)} из ${fuzzy}`), eventually);

    await page.locator('pricecat-queue .item').first().locator('button.show-context').click();
    await vi.waitFor(async () => expect(await page.locator('pricecat-queue .context-source').first().textContent()).toMatch(/^Источник: .+, строка \d+$/), eventually);
    expect(await page.locator('pricecat-queue .context tr.current').count()).toBe(1);
  });

  it('assigns a service to an unmatched position from the picker', async () => {
    await page.goto(`${env.url}#/unmatched?status=unrecognized`);
    const row = page.locator('pricecat-unmatched tbody tr[data-position-id]').first();
    await row.waitFor();
    const id = await row.getAttribute('data-position-id');
    await row.locator('button.assign').click();
    const picker = page.locator('pricecat-unmatched pricecat-service-picker');
    await picker.locator('input[type="search"]').fill('прием терапевта');
    await picker.locator('li[role="option"]').first().click();
    await vi.waitFor(async () => expect(await page.locator('pricecat-unmatched .feedback').textContent()).toContain('→'), eventually);
    const positions = await env.api<{ items: { position_id: string; status: string; method: string }[] }>(`positions?status=normalized&method=manual&limit=500`);
    expect(positions.items.map((p) => p.position_id)).toContain(id);
  });

  it('creates a proposed service, renamed, and its positions become normalized to it', async () => {
    await page.goto(`${env.url}#/proposals`);
    const first = page.locator('pricecat-proposals .proposal').first();
    await first.waitFor();
    const positions = readNumber(await first.locator('.figures').textContent().then((t) => /Позиций: (\d+)/.exec(t ?? '')?.[1] ?? ''));
    await first.locator('input[name="name"]').fill('Услуга из предложения (проверка)');
    await first.locator('input[name="category"]').fill('Проверка');
    await first.locator('button.create-one').click();
    await vi.waitFor(async () => expect(await page.locator('pricecat-proposals .feedback').textContent()).toBe(`Создано услуг: 1, позиций сопоставлено: ${positions}`), eventually);
    const created = await env.api<{ items: { name: string }[] }>('services?origin=created');
    expect(created.items.map((s) => s.name)).toContain('Услуга из предложения (проверка)');
  });

  it('lists the decisions and undoes one from the log', async () => {
    await page.goto(`${env.url}#/decisions`);
    const row = page.locator('pricecat-decisions tbody tr').first();
    await row.waitFor();
    const before = (await env.api<{ total: number }>('decisions')).total;
    expect(await row.textContent()).toContain('сопоставлено');
    await row.locator('button.undo').click();
    await vi.waitFor(async () => expect(await page.locator('pricecat-decisions .feedback').textContent()).toMatch(/^Отменено, позиций возвращено: \d+$/), eventually);
    expect((await env.api<{ total: number }>('decisions')).total).toBe(before - 1);
    expect(problems).toEqual([]);
  });
});
