/**
 * End-to-end support: the REAL server (`startServer`) over a lowdb store in a temporary folder, seeded
 * with the bundled dictionary and the two price lists of «Клиника 2» from ../shared/data/archive, and
 * Debian's Chromium driven by playwright-core. Shared by the e2e suite and the screenshot script. Not a
 * test file.
 *
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createCatalogue, type Catalogue } from '@pricecat/core';
import { createNodeFolderAccess, loadDefaultDictionary } from '@pricecat/core/node';
import { createLowdbStorageInDir } from '@pricecat/core/storage/lowdb';
import { startServer, type RunningServer } from '../../src/index.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

/** The real price lists (read only). */
export const ARCHIVE = join(process.env.PRICECAT_DATA_DIR ?? join(REPO_ROOT, '../shared/data'), 'archive');
/** Debian's Chromium; nothing is downloaded. */
export const CHROMIUM = process.env.PRICECAT_CHROMIUM ?? '/usr/bin/chromium';
/** The production bundle the server serves at `/assets/`; built by `npm run build`. */
export const BUNDLE = join(dirname(createRequire(import.meta.url).resolve('@pricecat/web-components/package.json')), 'dist', 'pricecat.bundle.js');

/** The two lists of one clinic a year apart: ingested before the browser starts, so price changes exist. */
export const SEED_FILES = ['Клиника 2 прайс 2025 год.PDF', 'Клиника 2 прайс 2026.pdf'] as const;
/** The list the browser uploads, zipped. */
export const UPLOAD_FILE = 'Клиника 1 прайс 2024.docx';

/** Why the e2e suite cannot run here, or `undefined` when it can. */
export function missingPrerequisite(): string | undefined {
  if (!existsSync(ARCHIVE)) return `no archive at ${ARCHIVE}`;
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt install chromium)`;
  if (!existsSync(BUNDLE)) return `the web UI is not built (${BUNDLE}); run npm run build`;
  return undefined;
}

/** A running server with seeded data, its folders and a browser. */
export interface E2eEnvironment {
  /** Base URL with a trailing slash; the UI is at `url`, the API under `url + 'api/'`. */
  readonly url: string;
  readonly catalogue: Catalogue;
  readonly browser: Browser;
  /** An empty folder the server can watch. */
  readonly watchDir: string;
  /** `fetch` of an API path such as `stats`. */
  api<T>(path: string, init?: RequestInit): Promise<T>;
  close(): Promise<void>;
}

/** A ZIP holding the named archive files, as a browser user would upload it. */
export function zipOf(files: readonly string[]): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[file] = new Uint8Array(readFileSync(join(ARCHIVE, file)));
  return Buffer.from(zipSync(entries));
}

/** Starts everything; the seed ingest goes through `POST /api/ingest` like any upload. */
export async function startE2e(): Promise<E2eEnvironment> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pricecat-e2e-data-'));
  const watchDir = await mkdtemp(join(tmpdir(), 'pricecat-e2e-watch-'));
  const catalogue = await createCatalogue({
    storage: await createLowdbStorageInDir(dataDir),
    services: await loadDefaultDictionary(),
    folder: createNodeFolderAccess({ roots: [watchDir] }),
  });
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.close();
    await catalogue.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(watchDir, { recursive: true, force: true });
  };
  try {
    server = await startServer({ catalogue, port: 0, host: '127.0.0.1', scanSchedule: false });
    const url = server.url;
    const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
      const response = await fetch(new URL(`api/${path}`, url), init);
      if (!response.ok) throw new Error(`${init?.method ?? 'GET'} /api/${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const form = new FormData();
    form.append('file', new Blob([zipOf(SEED_FILES)]), 'clinic2.zip');
    await api('ingest', { method: 'POST', body: form });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    return { url, catalogue, browser, watchDir, api, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The whole number in a counter such as `1 064` (no-break spaces between digit groups). */
export function readNumber(text: string | null): number {
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/**
 * Records what a person would see go wrong on `page`: page errors, console errors and failed requests (4xx/5xx),
 * in the returned list, which a suite expects to stay empty.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}
