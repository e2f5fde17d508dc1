/**
 * Embedding, end to end in Chromium: the example portal of `examples/embed-elements` runs on its own
 * origin (its own `serve.mjs`), loads `<pricecat-search>` and `<pricecat-comparison>` from the real
 * server's versioned module URLs and calls its API across origins; and the whole UI mounted by a
 * reverse proxy at `/pricecat` opens without the trailing slash. Skips, saying why, without Chromium
 * or the built UI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, type Catalogue } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { createLowdbStorageInDir } from '@pricecat/core/storage/lowdb';
import { ELEMENTS_VERSION } from '../../src/routes/ui.js';
import { startServer, type RunningServer } from '../../src/index.js';
import { startPrefixProxy } from '../test-server.js';
import { ARCHIVE, CHROMIUM, missingPrerequisite } from './harness.js';

const missing = missingPrerequisite();
const eventually = { timeout: 20_000, interval: 100 };
/** A real list, a spreadsheet: read in seconds, no OCR. */
const LIST = 'Клиника 6 прайс 2026.xlsx';
const EXAMPLE = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../examples/embed-elements');

/** The example portal's own server on a free port; resolves with its origin. */
async function startPortal(): Promise<{ origin: string; process: ChildProcess }> {
  const child = spawn(process.execPath, [join(EXAMPLE, 'serve.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.setEncoding('utf8');
  for await (const chunk of child.stdout!) {
    output += chunk as string;
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
    if (url) return { origin: url, process: child };
  }
  throw new Error(`the example portal did not start: ${output}`);
}

describe.skipIf(missing !== undefined)(`embedding the elements in another site${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let dataDir: string;
  let catalogue: Catalogue;
  let portal: { origin: string; process: ChildProcess };
  let browser: Browser;
  const servers: RunningServer[] = [];

  /** A real server over lowdb holding a real price list, allowing `origins`. */
  async function pricecatServer(origins: string[]): Promise<RunningServer> {
    const server = await startServer({ catalogue, port: 0, host: '127.0.0.1', scanSchedule: false, access: { allowedOrigins: origins } });
    servers.push(server);
    return server;
  }

  async function portalPage(server: RunningServer): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ locale: 'ru-RU' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${portal.origin}/?pricecat=${encodeURIComponent(server.url)}`);
    return { page, errors };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pricecat-embed-'));
    catalogue = await createCatalogue({ storage: await createLowdbStorageInDir(dataDir), services: await loadDefaultDictionary() });
    await catalogue.ingest({ fileName: LIST, bytes: new Uint8Array(await readFile(join(ARCHIVE, LIST))) });
    portal = await startPortal();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  });
  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.close();
    portal?.process.kill();
    if (portal) await once(portal.process, 'exit');
    await catalogue?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('names in the example the version of the elements this server serves', async () => {
    // A release that bumps the version must update the example, or portals copying it load nothing.
    const html = await readFile(join(EXAMPLE, 'index.html'), 'utf8');
    expect(/PRICECAT_ELEMENTS_VERSION = '([^']+)'/.exec(html)?.[1]).toBe(ELEMENTS_VERSION);
  });

  it('searches and compares prices from a portal on another origin that the server allows', async () => {
    const server = await pricecatServer([portal.origin]);
    const { page, errors } = await portalPage(server);
    await page.locator('pricecat-search input[type="search"]').fill('узи');
    await page.locator('pricecat-search input[type="search"]').press('Enter');
    const hit = page.locator('pricecat-search .hit a').first();
    await hit.waitFor(eventually);
    await hit.click();
    const row = page.locator('pricecat-comparison tbody tr').first();
    await row.waitFor(eventually);
    expect((await row.locator('td.clinic').textContent())?.trim()).not.toBe('');
    expect(await row.locator('td.price').textContent()).toMatch(/^\d[\d\u00a0]* ₸$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses a portal the server does not allow: the page says so, and no data crosses', async () => {
    const server = await pricecatServer([]);
    const { page } = await portalPage(server);
    await expect.poll(async () => (await page.locator('main').textContent()) ?? '', eventually).toContain('Не удалось загрузить элементы pricecat');
    const api = await page.evaluate(async (url) => fetch(`${url}api/stats`).then(() => 'read', () => 'blocked'), server.url);
    expect(api).toBe('blocked');
    await page.close();
  });

  it('opens the UI mounted at /pricecat without the trailing slash', async () => {
    const server = await pricecatServer([]);
    const proxy = await startPrefixProxy(server.url, '/pricecat');
    try {
      const page = await browser.newPage({ locale: 'ru-RU' });
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(proxy.url.replace(/\/$/, ''));
      await expect.poll(() => page.locator('pricecat-app nav a').count(), eventually).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe('/pricecat/');
      expect(failed).toEqual([]);
      await page.close();
    } finally {
      await proxy.close();
    }
  });
});
