import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { normalizeName, type Service } from '@pricecat/core';
import { startTestServer, type TestServer } from './test-server.js';
import { describeEachStore } from './test-stores.js';

// Rows cut from Клиника 6 прайс 2026.xlsx (core's test/fixtures/packages/cut.mjs): among them the medical-abortion
// package (№ 474, 71 910 ₸ for residents) and its five unnumbered parts, one of them «Медикаментозный аборт» at 2 210 ₸.
const EXCERPT = 'clinic6-packages.xlsx';
const excerpt = () => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../core/test/fixtures/packages/${EXCERPT}`, import.meta.url))));

/** A one-service dictionary, so both rows named «Медикаментозный аборт» match it exactly. */
const ABORTION: Service = {
  service_id: 'svc_abortion',
  name: 'Медикаментозный аборт',
  name_norm: normalizeName('Медикаментозный аборт'),
  category: 'Акушерство и гинекология',
  tariff_code: null,
  origin: 'dictionary',
};

interface PositionJson {
  position_id: string;
  raw_name: string;
  price: number | null;
  status: string;
  service_id: string | null;
  kind: string;
  package_id: string | null;
}

describeEachStore('packages: a component is not compared beside its package', (store) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function ingested(): Promise<TestServer> {
    const started = await startTestServer({ catalogue: await store.openCatalogue([ABORTION]) });
    const form = new FormData();
    form.append('file', new Blob([excerpt()]), EXCERPT);
    const response = await fetch(started.at('api/ingest'), { method: 'POST', body: form });
    expect(response.status).toBe(200);
    return started;
  }
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(server!.at(path));
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it('compares and searches the package at 71 910 only; its part at 2 210 is listed under it', async () => {
    server = await ingested();
    const named = await get<{ items: PositionJson[] }>(`api/positions?q=${encodeURIComponent('медикаментозный аборт')}`);
    const pack = named.items.find((p) => p.kind === 'package')!;
    const part = named.items.find((p) => p.kind === 'component')!;
    expect([pack.price, pack.status, pack.service_id, pack.package_id]).toEqual([71910, 'normalized', 'svc_abortion', null]);
    expect([part.price, part.status, part.service_id, part.package_id]).toEqual([2210, 'normalized', 'svc_abortion', pack.position_id]);

    const comparison = await get<{ partners: { price: number; positions: { position_id: string }[] }[]; min: number; max: number }>(
      'api/services/svc_abortion/partners',
    );
    expect(comparison.partners.map((p) => [p.price, p.positions.map((x) => x.position_id)])).toEqual([[71910, [pack.position_id]]]);
    expect([comparison.min, comparison.max]).toEqual([71910, 71910]);

    const search = await get<{ items: { service: { service_id: string }; prices: { min: number; max: number; clinics: number } }[] }>(
      `api/search?q=${encodeURIComponent('аборт')}`,
    );
    expect(search.items.map((hit) => [hit.service.service_id, hit.prices])).toEqual([['svc_abortion', { clinics: 1, min: 71910, median: 71910, max: 71910 }]]);

    const offered = await get<{ items: { service: { service_id: string }; price: number; positions: number }[] }>(
      `api/partners/${(pack as PositionJson & { clinic_id: string }).clinic_id}/services`,
    );
    expect(offered.items.map((s) => [s.service.service_id, s.price, s.positions])).toEqual([['svc_abortion', 71910, 1]]);

    const parts = await get<{ items: PositionJson[]; total: number }>(`api/positions?package_id=${pack.position_id}`);
    expect(parts.items.map((p) => [p.raw_name, p.price])).toEqual([
      ['Первичный прием врача акушера-гинеколога', 13000],
      ['Пребывание в дневном стационаре', 7350],
      ['Медикаментозный аборт', 2210],
      ['УЗИ гинекологическое (трансвагинально)', 10500],
      ['Повторный прием врача акушера-гинеколога', 10500],
    ]);
    const packages = await get<{ total: number }>('api/positions?kind=package&limit=1');
    // № 474, the two IVF packages, three prenatal diagnoses, four examinations, «Малютка», the children's passport.
    expect(packages.total).toBe(12);
  });

  it("keeps the part out of the export's catalogue sheet and names its package in the positions sheet", async () => {
    server = await ingested();
    const response = await fetch(server.at('api/export.xlsx'));
    expect(response.status).toBe(200);
    const book = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: 'buffer' });
    const catalogue = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets['Каталог']!, { defval: null });
    expect(catalogue.map((row) => [row['ID услуги'], row['Мин'], row['Макс'], row['Клиник']])).toEqual([['svc_abortion', 71910, 71910, 1]]);
    const positions = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets['Все позиции']!, { defval: null });
    const abortion = positions.filter((row) => row['Наименование в прайсе'] === 'Медикаментозный аборт');
    expect(abortion.map((row) => [row['Цена'], row['Вид'], row['Пакет']])).toEqual([
      [71910, 'пакет', null],
      [2210, 'в составе пакета', 'Медикаментозный аборт'],
    ]);
  });

  it('refuses an unknown kind with a 400 naming the values', async () => {
    server = await startTestServer({ catalogue: await store.openCatalogue([ABORTION]) });
    const response = await fetch(server.at('api/positions?kind=bundle'));
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('component');
  });
});
