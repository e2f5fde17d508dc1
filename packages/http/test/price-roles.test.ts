import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { normalizeName, type Service } from '@pricecat/core';
import { startTestServer, type TestServer } from './test-server.js';
import { describeEachStore } from './test-stores.js';

// Pages 10–11 of «Клиника 2 прайс 2025 год.PDF» (core's test/fixtures/pdf, see its README). The list's one price column
// is «Цена для лиц без гражданства из стран ближнего и дальнего зарубежья, …»: the price for near and far abroad at
// once. Read by a person from the pages at 100 dpi: row 404 «Массаж спины (шейно-воротниковый+грудной+поясн-крест)»
// 12 000; on page 11, under the tariff headings, «Гистологическое исследование (все категории сложности)» rows 469
// (citizens) 9 000, 475 (СНГ) 11 760, 481 (far abroad) 15 240.
const EXCERPT = 'clinic2-2025-pages-10-11.pdf';
const excerpt = () => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../core/test/fixtures/pdf/${EXCERPT}`, import.meta.url))));

const service = (service_id: string, name: string): Service => ({
  service_id,
  name,
  name_norm: normalizeName(name),
  category: 'Прочее',
  tariff_code: null,
  origin: 'dictionary',
});
/** The rows' own names, so that both match exactly. */
const MASSAGE = service('svc_massage', 'Массаж спины (шейно-воротниковый+грудной+поясн-крест)');
const HISTOLOGY = service('svc_histology', 'Гистологическое исследование (все категории сложности)');

interface PriceCellJson {
  role: string;
  value: number;
  also_roles?: string[];
}
interface PositionJson {
  raw_name: string;
  status: string;
  price: number | null;
  price_nonresident: number | null;
  price_nonresident_far: number | null;
  prices_raw: PriceCellJson[];
}
interface ComparisonJson {
  price_kind: string;
  partners: { price: number; positions: { price: number }[] }[];
}

describeEachStore('a price column carrying two roles (near and far abroad)', (store) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(server!.at(path));
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  it('keeps both roles from ingest to storage and compares the list by its second role, far abroad', async () => {
    server = await startTestServer({ catalogue: await store.openCatalogue([MASSAGE, HISTOLOGY]) });
    const form = new FormData();
    form.append('file', new Blob([excerpt()]), EXCERPT);
    const response = await fetch(server.at('api/ingest'), { method: 'POST', body: form });
    expect(response.status).toBe(200);
    const [report] = ((await response.json()) as { files: { price_columns: { header: string; role: string; also_roles?: string[] }[] }[] }).files;
    expect(report!.price_columns.filter((c) => /ближнего и дальнего/.test(c.header)).map((c) => [c.role, c.also_roles])).toContainEqual([
      'nonresident',
      ['nonresident_far'],
    ]);

    const massage = (await get<{ items: PositionJson[] }>(`api/positions?service_id=${MASSAGE.service_id}`)).items;
    expect(massage.map((p) => [p.status, p.price, p.price_nonresident, p.price_nonresident_far])).toEqual([['normalized', null, 12000, 12000]]);
    expect(massage[0]!.prices_raw.map((c) => [c.role, c.also_roles, c.value])).toEqual([['nonresident', ['nonresident_far'], 12000]]);

    // By the far-abroad price: the two-role column's 12 000 counts, as the far-abroad tariff block's 15 240 does.
    const far = await get<ComparisonJson>(`api/services/${MASSAGE.service_id}/partners?price_kind=nonresident_far`);
    expect([far.price_kind, far.partners.map((p) => p.price)]).toEqual(['nonresident_far', [12000]]);
    const histologyFar = await get<ComparisonJson>(`api/services/${HISTOLOGY.service_id}/partners?price_kind=nonresident_far`);
    expect(histologyFar.partners.map((p) => p.positions.map((line) => line.price))).toEqual([[15240]]);
    // The near-abroad block (СНГ) is no far-abroad price, and the resident block no foreigners' price at all.
    const histology = (await get<{ items: PositionJson[] }>(`api/positions?service_id=${HISTOLOGY.service_id}`)).items;
    expect(histology.map((p) => [p.price, p.price_nonresident_far])).toEqual([
      [9000, null],
      [null, null],
      [null, 15240],
    ]);
    expect((await get<ComparisonJson>(`api/services/${MASSAGE.service_id}/partners?price_kind=nonresident`)).partners.map((p) => p.price)).toEqual([12000]);
    expect((await get<ComparisonJson>(`api/services/${MASSAGE.service_id}/partners`)).partners).toEqual([]);
  });

  it('gives the operator screens each row\'s far-abroad price beside the non-resident one', async () => {
    // Without the histology service in the dictionary its three tariff rows wait in the unmatched list.
    server = await startTestServer({ catalogue: await store.openCatalogue([MASSAGE]) });
    const form = new FormData();
    form.append('file', new Blob([excerpt()]), EXCERPT);
    expect((await fetch(server.at('api/ingest'), { method: 'POST', body: form })).status).toBe(200);
    const unmatched = (await get<{ items: PositionJson[] }>('api/unmatched?q=Гистологическое&limit=200')).items;
    expect(unmatched.map((p) => [p.price, p.price_nonresident, p.price_nonresident_far])).toEqual([
      [9000, null, null],
      [null, 11760, null],
      // The far-abroad block alone: also the foreigners' price, there being no near-abroad one (docs/api.md).
      [null, 15240, 15240],
    ]);
  });
});
