/**
 * Price changes over HTTP on the client's two real lists of «Клиника 2» (2025 and 2026 PDF scans).
 * Expected prices were read by a person on the rendered pages:
 * - 2025 list, one price column, headed «Цена для лиц без гражданства из стран ближнего и дальнего
 *   зарубежья, не проживающих на постоянной основе на территории РК» (a non-resident price; there is no
 *   resident column): page 1 row 28 «Консультация физиотерапевта» 4 800; page 3 row 99 «УЗИ молочных
 *   желез» 9 600, row 100 «УЗИ почек» 7 200.
 * - 2026 list, «вводится в действие с 1 января 2026 года», columns insurance / «для резидентов РК (ближнее
 *   зарубежье)» / «для нерезидентов РК (дальнее зарубежье)»: page 1 row 24 «Консультация физиотерапевта» 4 400 /
 *   5 000 / 10 000; page 4 row 116 «УЗИ молочных желез» 8 800 / 9 700 / 14 600, row 117 «УЗИ почек» 6 600 / 7 300 /
 *   11 000. The clinic is in Астана (page 1: «в пределах г. Астаны»).
 * So the near abroad (`nonresident`) paid 4 800 and pays 5 000; the far abroad (`nonresident_far`) 4 800 and 10 000.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileReport, PriceChange, PriceChangePage } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { startTestServer, type TestServer } from './test-server.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const ARCHIVE = join(process.env.PRICECAT_DATA_DIR ?? join(REPO_ROOT, '../shared/data'), 'archive');
const OLD = 'Клиника 2 прайс 2025 год.PDF';
const NEW = 'Клиника 2 прайс 2026.pdf';

describe.skipIf(!existsSync(ARCHIVE))(`GET /api/price-changes on «Клиника 2» 2025 → 2026 (${ARCHIVE})`, () => {
  let server: TestServer;
  let files: FileReport[];

  const get = async (query: string) => {
    const response = await fetch(server.at(`api/price-changes${query}`));
    return { status: response.status, body: (await response.json()) as PriceChangePage & { error?: { code: string; message: string } } };
  };
  const changes = async (query: string) => {
    const { status, body } = await get(query);
    expect(status, query).toBe(200);
    return body;
  };
  /** The change whose lines in both lists carry this name, as printed in the documents. */
  const byLine = (page: PriceChangePage, name: string): PriceChange | undefined =>
    page.items.find((c) => c.old_positions.some((l) => l.raw_name === name) && c.new_positions.some((l) => l.raw_name === name));

  beforeAll(async () => {
    server = await startTestServer({ services: await loadDefaultDictionary() });
    const zip = zipSync({
      [NEW]: new Uint8Array(readFileSync(join(ARCHIVE, NEW))),
      [OLD]: new Uint8Array(readFileSync(join(ARCHIVE, OLD))),
    });
    const form = new FormData();
    form.append('file', new Blob([zip]), 'clinic2.zip');
    const response = await fetch(server.at('api/ingest'), { method: 'POST', body: form });
    expect(response.status).toBe(200);
    files = ((await response.json()) as { files: FileReport[] }).files;
  });
  afterAll(() => server?.close());

  it('reports the far-abroad and the near-abroad prices read on both lists, with dates and direction, whatever the upload order', async () => {
    const far = await changes('?threshold=0.2&limit=500&price_kind=nonresident_far');
    expect(far.threshold).toBe(0.2);
    const near = await changes('?threshold=0.01&limit=500&price_kind=nonresident');
    const expected = [
      [far, 'nonresident_far', 'Консультация физиотерапевта', 4800, 10000],
      [far, 'nonresident_far', 'УЗИ молочных желез', 9600, 14600],
      [far, 'nonresident_far', 'УЗИ почек', 7200, 11000],
      [near, 'nonresident', 'Консультация физиотерапевта', 4800, 5000],
      [near, 'nonresident', 'УЗИ молочных желез', 9600, 9700],
      [near, 'nonresident', 'УЗИ почек', 7200, 7300],
    ] as const;
    for (const [page, kind, name, oldPrice, newPrice] of expected) {
      const change = byLine(page, name);
      expect(change, `${kind} ${name}`).toMatchObject({
        clinic_name: 'Клиника 2',
        city: 'Астана',
        price_kind: kind,
        old_price: oldPrice,
        new_price: newPrice,
        change: newPrice - oldPrice,
        direction: 'up',
        old_effective_date: '2025-01-01',
        new_effective_date: '2026-01-01',
        old_file_name: OLD,
        new_file_name: NEW,
      });
      expect(change!.change_share).toBeCloseTo((newPrice - oldPrice) / oldPrice, 4);
    }
  });

  it('sorts by the size of the change and keeps exactly the changes at or above the threshold', async () => {
    const loose = await changes('?threshold=0.1&limit=500&price_kind=nonresident_far');
    const strict = await changes('?threshold=0.5&limit=500&price_kind=nonresident_far');
    expect(loose.total).toBeGreaterThan(0);
    expect(strict.total).toBeLessThanOrEqual((await changes('?threshold=0.2&limit=500&price_kind=nonresident_far')).total);
    const sizes = loose.items.map((c) => Math.abs(c.change_share));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(strict.items.map((c) => c.service_id)).toEqual(loose.items.filter((c) => Math.abs(c.change_share) >= 0.5).map((c) => c.service_id));
    // УЗИ молочных желез rose 52 %: above 0.5; физиотерапевт rose 108 %, above both.
    expect(byLine(strict, 'УЗИ молочных желез')).toBeDefined();
    expect(byLine(strict, 'Консультация физиотерапевта')).toBeDefined();
    for (const c of loose.items) expect(c.direction).toBe(c.new_price > c.old_price ? 'up' : 'down');
  });

  it('finds no resident change: the 2025 list prints resident prices on one page only (p. 11), none changed', async () => {
    const page = await changes('?threshold=0.1&price_kind=resident');
    expect(page).toMatchObject({ total: 0, items: [], price_kind: 'resident' });
    // Without a kind, the first kind both lists price decides: a service whose resident price both lists print
    // (unchanged) is not reported by its non-resident change; every other change is the non-resident one.
    const either = await changes('?threshold=0.1&limit=500');
    const nonresident = await changes('?threshold=0.1&limit=500&price_kind=nonresident');
    expect(either.items.every((c) => c.price_kind === 'nonresident')).toBe(true);
    const key = (c: PriceChange) => `${c.service_id} ${c.old_price} ${c.new_price}`;
    const reported = new Set(nonresident.items.map(key));
    expect(either.items.filter((c) => !reported.has(key(c)))).toEqual([]);
    expect(nonresident.total - either.total).toBeLessThanOrEqual(6);
  });

  it('filters by city and by clinic', async () => {
    const all = await changes('?limit=500');
    const clinicId = files.find((f) => f.file === NEW && f.status !== 'error') as Extract<FileReport, { clinic_id: string }>;
    expect((await changes('?city=астана&limit=500')).total).toBe(all.total);
    expect((await changes('?city=Алматы')).total).toBe(0);
    expect((await changes(`?clinic_id=${clinicId.clinic_id}&limit=500`)).total).toBe(all.total);
    const unknown = await get('?clinic_id=cl_nobody');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('NOT_FOUND');
  });

  it('pages the list with limit and offset', async () => {
    const all = await changes('?threshold=0.1&limit=500');
    const page = await changes('?threshold=0.1&limit=5&offset=5');
    expect(page).toMatchObject({ total: all.total, limit: 5, offset: 5 });
    expect(page.items.map((c) => [c.service_id, c.new_price_list_id])).toEqual(
      all.items.slice(5, 10).map((c) => [c.service_id, c.new_price_list_id]),
    );
  });

  it('answers 400 naming the parameter for a threshold outside (0, 10] or not a plain number', async () => {
    for (const bad of ['0', '-0.2', '10.5', 'abc', '1e1', '20%']) {
      const { status, body } = await get(`?threshold=${encodeURIComponent(bad)}`);
      expect(status, bad).toBe(400);
      expect(body.error?.code).toBe('INVALID_INPUT');
      expect(body.error?.message).toContain('threshold');
    }
    expect((await get('?threshold=10')).status).toBe(200);
    expect((await get('?price_kind=foreign')).status).toBe(400);
  });
});
