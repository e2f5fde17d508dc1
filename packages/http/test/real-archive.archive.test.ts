/**
 * The foundation's acceptance path on the client's real lists, through the running HTTP server on an
 * embedded lowdb store: upload a ZIP of the three spreadsheet/Word lists, read stats, search and
 * comparisons, restart, upload again, and send bad input. Expected figures were read by a person from
 * the files (row counts checked by an independent script over the raw cells: see
 * packages/core/src/extract/extract.archive.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, type Catalogue, type FileReport, type Position, type Service, type Stats } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { createLowdbStorageInDir } from '@pricecat/core/storage/lowdb';
import { startServer } from '../src/index.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const ARCHIVE = join(process.env.PRICECAT_DATA_DIR ?? join(REPO_ROOT, '../shared/data'), 'archive');
const FILES = ['Клиника 1 прайс 2024.docx', 'Клиника 6 прайс 2026.xlsx', 'Клиника 7_Прайс 2026.xls'] as const;

interface Running {
  readonly url: string;
  readonly catalogue: Catalogue;
  close(): Promise<void>;
}

async function start(dataDir: string, services: readonly Service[]): Promise<Running> {
  const catalogue = await createCatalogue({ storage: await createLowdbStorageInDir(dataDir), services });
  const server = await startServer({ catalogue, port: 0, host: '127.0.0.1' });
  return { url: server.url, catalogue, close: async () => (await server.close(), await catalogue.close()) };
}

async function upload(base: string, bytes: Uint8Array, fileName: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), fileName);
  return fetch(new URL('api/ingest', base), { method: 'POST', body: form });
}

async function getJson<T>(base: string, path: string): Promise<T> {
  const response = await fetch(new URL(path, base));
  expect(response.status, `${path}`).toBe(200);
  return (await response.json()) as T;
}

async function allPositions(base: string): Promise<Position[]> {
  const result: Position[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await getJson<{ items: Position[]; total: number }>(base, `api/positions?limit=500&offset=${offset}`);
    result.push(...page.items);
    if (result.length >= page.total) return result;
  }
}

describe.skipIf(!existsSync(ARCHIVE))(`the real archive through HTTP (${ARCHIVE})`, () => {
  let dataDir: string;
  let services: Service[];
  let server: Running;
  let zip: Uint8Array;
  let report: { files: FileReport[] };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pricecat-archive-'));
    services = await loadDefaultDictionary();
    zip = zipSync(Object.fromEntries(FILES.map((name) => [name, new Uint8Array(readFileSync(join(ARCHIVE, name)))])));
    server = await start(dataDir, services);
    const response = await upload(server.url, zip, 'prices.zip');
    expect(response.status).toBe(200);
    report = (await response.json()) as { files: FileReport[] };
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const fileReport = (name: string) => report.files.find((f) => f.file === name) as Extract<FileReport, { positions: number }>;

  it('reports every priced row of each file as a position, with the clinic the file states', () => {
    expect(report.files.map((f) => [f.file, f.status !== 'error' ? f.positions : f.message])).toEqual([
      ['Клиника 1 прайс 2024.docx', 2623],
      ['Клиника 6 прайс 2026.xlsx', 5026],
      ['Клиника 7_Прайс 2026.xls', 2883],
    ]);
    expect(fileReport('Клиника 6 прайс 2026.xlsx')).toMatchObject({ clinic_name: 'КФ «University Medical Center»', effective_date: '2026-01-01' });
    expect(fileReport('Клиника 1 прайс 2024.docx')).toMatchObject({ clinic_name: 'Клиника 1', effective_date: '2024-01-01' });
    // Клиника 7 names its city only in service rows: «Вызов бригады ... (г. Астана)».
    expect(fileReport('Клиника 7_Прайс 2026.xls')).toMatchObject({ clinic_name: 'Клиника 7', city: 'Астана' });
  });

  it('keeps the section, code and every price with its role', async () => {
    const positions = await allPositions(server.url);
    const find = (name: string, code: string | null) => positions.find((p) => p.raw_name === name && p.code === code);
    // Клиника 7, sheet 2026, row 8.
    expect(find('Первичный консультативный прием врача', null)).toMatchObject({ section: 'ПРИЕМ ВРАЧА', unit: '1 посещение', price: 12600, price_nonresident: 16380 });
    // Клиника 6, row 14: without VAT 2,099.5; residents 2,210; CIS 2,700; far abroad 3,300.
    const bed = find('Ведение больного в стационаре 1 койко-день', 'E01.000.001');
    expect(bed).toMatchObject({ section: '1. СТАЦИОНАР', price: 2210, price_nonresident: 2700 });
    expect(bed?.prices_raw.map((p) => [p.role, p.value])).toEqual([
      ['without_vat', 2099.5],
      ['resident', 2210],
      ['nonresident', 2700],
      ['nonresident_far', 3300],
    ]);
    // Клиника 1, table row 4: one price column, no non-resident price.
    expect(find('Консультативный прием врача д.м.н.', 'U1.1')).toMatchObject({ section: 'Раздел 1.Консультации специалистов', price: 14400, price_nonresident: null });
  });

  it('answers stats, search in either case, and a comparison from that data', async () => {
    const stats = await getJson<Stats>(server.url, 'api/stats');
    expect([stats.clinics, stats.price_lists, stats.positions]).toEqual([3, 3, 2623 + 5026 + 2883]);
    expect(stats.normalized_share).toBeCloseTo(stats.normalized / stats.positions, 4);

    const upper = await getJson<{ items: { service: Service }[] }>(server.url, `api/search?q=${encodeURIComponent('МАГНИТОТЕРАПИЯ')}`);
    const lower = await getJson<{ items: { service: Service }[] }>(server.url, `api/search?q=${encodeURIComponent('магнитотерапия')}`);
    expect(upper.items.map((h) => h.service.service_id)).toEqual(lower.items.map((h) => h.service.service_id));
    const magnet = upper.items.find((h) => h.service.name === 'Магнитотерапия')!.service;

    // The plain «Магнитотерапия» row of each list: Клиника 7 1 900 (sheet row 2028), Клиника 1 3 000
    // (FT25.17), Клиника 6 3 150 with VAT (D02.023.001).
    const comparison = await getJson<{ median: number; spread: number; partners: { clinic_name: string; price: number; deviation: number }[] }>(
      server.url,
      `api/services/${magnet.service_id}/partners`,
    );
    expect(comparison.partners.map((p) => [p.clinic_name, p.price, p.deviation])).toEqual([
      ['Клиника 7', 1900, -1100],
      ['Клиника 1', 3000, 0],
      ['КФ «University Medical Center»', 3150, 150],
    ]);
    expect([comparison.median, comparison.spread]).toEqual([3000, 1250]);
  });

  it('keeps everything across a restart, and appends versions when the same ZIP comes again', async () => {
    const before = await getJson<Stats>(server.url, 'api/stats');
    await server.close();
    server = await start(dataDir, services);
    expect(await getJson<Stats>(server.url, 'api/stats')).toEqual(before);

    expect((await upload(server.url, zip, 'prices.zip')).status).toBe(200);
    const after = await getJson<Stats>(server.url, 'api/stats');
    expect([after.clinics, after.price_lists, after.positions, after.normalized]).toEqual([3, 6, 2 * before.positions, 2 * before.normalized]);
    const partners = await getJson<{ items: { name: string; price_lists: number }[] }>(server.url, 'api/partners');
    expect(partners.items.map((c) => c.price_lists)).toEqual([2, 2, 2]);
  });

  it('answers bad uploads with a clear 4xx and keeps the data', async () => {
    const before = await getJson<Stats>(server.url, 'api/stats');
    const notZip = await upload(server.url, new TextEncoder().encode('просто текст, не прайс'), 'notes.zip');
    const emptyZip = await upload(server.url, zipSync({}), 'empty.zip');
    for (const response of [notZip, emptyZip]) {
      const body = (await response.json()) as { error?: { code: string; message: string }; files?: FileReport[] };
      if (response.status === 200) expect(body.files?.every((f) => f.status === 'error')).toBe(true);
      else {
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(body.error?.message.length).toBeGreaterThan(10);
      }
    }
    expect(emptyZip.status).toBe(400);
    expect(await getJson<Stats>(server.url, 'api/stats')).toEqual(before);
  });

  it('refuses a ZIP bomb with 413 and keeps the data', async () => {
    const before = await getJson<Stats>(server.url, 'api/stats');
    // 64 MiB of zeros deflate to about 64 KiB: a ratio near 1,000, far above any real price list.
    const bomb = zipSync({ 'Клиника 9 прайс.xlsx': new Uint8Array(64 * 1024 * 1024) });
    const response = await upload(server.url, bomb, 'bomb.zip');
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('ARCHIVE_LIMIT');
    expect(await getJson<Stats>(server.url, 'api/stats')).toEqual(before);
  });

  it('reports a traversal name and a sheet with no price table per file, and ingests the good file beside them', async () => {
    const before = await getJson<Stats>(server.url, 'api/stats');
    const staff = new Uint8Array(readFileSync(join(ARCHIVE, 'Клиника 7_Прайс 2026.xls')));
    const zipWithBadEntries = zipSync({
      '../../etc/Клиника 7_Прайс 2026.xls': staff,
      'Клиника 7_Прайс 2026.xls': staff,
      'readme.xlsx': zipSync({}),
    });
    const response = await upload(server.url, zipWithBadEntries, 'mixed.zip');
    expect(response.status).toBe(200);
    const files = ((await response.json()) as { files: FileReport[] }).files;
    const byName = (part: string) => files.find((f) => f.file.includes(part));
    expect(byName('etc')).toMatchObject({ status: 'error', code: 'ARCHIVE_ENTRY_REJECTED' });
    expect(byName('readme')).toMatchObject({ status: 'error' });
    expect(files.find((f) => f.file === 'Клиника 7_Прайс 2026.xls')).toMatchObject({ positions: 2883 });
    const after = await getJson<Stats>(server.url, 'api/stats');
    expect([after.clinics, after.price_lists, after.positions]).toEqual([before.clinics, before.price_lists + 1, before.positions + 2883]);
  });
});

describe.skipIf(!existsSync(ARCHIVE))(`the real PDF scans through HTTP (${ARCHIVE})`, () => {
  it('makes the 2025 and 2026 lists of «Клиника 2» one clinic with two dated price lists', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pricecat-pdf-'));
    const server = await start(dataDir, await loadDefaultDictionary());
    try {
      const names = ['Клиника 2 прайс 2025 год.PDF', 'Клиника 2 прайс 2026.pdf'];
      const zip = zipSync(Object.fromEntries(names.map((name) => [name, new Uint8Array(readFileSync(join(ARCHIVE, name)))])));
      const response = await upload(server.url, zip, 'clinic2.zip');
      expect(response.status).toBe(200);
      const files = ((await response.json()) as { files: FileReport[] }).files;
      expect(files.map((f) => [f.file, f.status !== 'error' && f.positions > 800])).toEqual([
        ['Клиника 2 прайс 2025 год.PDF', true],
        ['Клиника 2 прайс 2026.pdf', true],
      ]);
      const partners = await getJson<{ items: { name: string; price_lists: number }[] }>(server.url, 'api/partners');
      expect(partners.items.map((c) => [c.name, c.price_lists])).toEqual([['Клиника 2', 2]]);
      const lists = await getJson<{ items: { file_name: string; effective_date: string }[] }>(server.url, 'api/price-lists');
      // 2026: «вводится в действие с 1 января 2026 года» on the page; 2025: the file name's year.
      expect(lists.items.map((l) => [l.file_name, l.effective_date])).toEqual([
        ['Клиника 2 прайс 2025 год.PDF', '2025-01-01'],
        ['Клиника 2 прайс 2026.pdf', '2026-01-01'],
      ]);
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
