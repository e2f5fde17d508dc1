import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresTarget } from '../../test/helpers/postgres-cluster.js';
import { xlsxFile } from '../../test/helpers/files.js';
import { createCatalogue } from '../catalogue/create-catalogue.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { normalizeQuery } from '../match/normalize.js';
import { createPostgresStorage, type PostgresStorage } from './postgres.js';

const target = postgresTarget();

/** A one-row list of a clinic: the therapist visit at a resident and a non-resident price. */
function therapist(clinic: string, city: string, year: number, resident: number, nonresident: number): Uint8Array {
  return xlsxFile([
    [`ТОО «${clinic}», г. ${city}`],
    [`Прейскурант цен на платные медицинские услуги с 1 января ${year} года`],
    [],
    ['№', 'Наименование услуги', 'Цена для резидентов РК, тенге', 'Цена для нерезидентов РК, тенге'],
    [1, 'Прием терапевта', resident, nonresident],
    [2, 'Прием терапевта повторный', resident / 2, nonresident / 2],
    [3, 'Магний (Mg)', 1500, 2000],
    [4, 'Бахилы одноразовые', 100, 100],
  ]);
}

describe.skipIf(!target.url)(`storage: postgres reads in SQL agree with the catalogue's${target.skip ? ` (skipped: ${target.skip})` : ''}`, () => {
  let store: PostgresStorage;
  let catalogue: Catalogue;
  beforeAll(async () => {
    store = await createPostgresStorage({ connectionString: await createTestDatabase(target.url!, 'queries') });
    catalogue = await createCatalogue({ storage: store, services: await loadDefaultDictionary() });
    for (const [clinic, city, year, resident, nonresident] of [
      ['Ақниет', 'Алматы', 2025, 9000, 14000],
      ['Ақниет', 'Алматы', 2026, 10000, 15000],
      ['Шипагер', 'Астана', 2026, 11000, 16000],
      ['Достар', 'Алматы', 2026, 30000, 17000],
    ] as const) {
      await catalogue.ingest({ fileName: `${clinic} прайс ${year}.xlsx`, bytes: therapist(clinic, city, year, resident, nonresident) });
    }
  });
  afterAll(() => catalogue?.close());

  it('computes the statistics the catalogue computes', async () => {
    expect(await store.stats()).toEqual(await catalogue.stats());
  });

  it('keeps the statistics right through decisions and their undo', async () => {
    const [first, second] = (await catalogue.queue({ limit: 2 })).items;
    await catalogue.skipPosition({ position_id: first!.position.position_id });
    await catalogue.matchPosition({ position_id: second!.position.position_id, apply_to_identical: false });
    expect(await store.stats()).toEqual(await catalogue.stats());
    await catalogue.undoDecision();
    await catalogue.undoDecision();
    expect(await store.stats()).toEqual(await catalogue.stats());
    expect((await store.stats()).skipped).toBe(0);
  });

  it('finds the services the catalogue finds, in its order, with the same prices and clinics', async () => {
    for (const q of ['прием терапевта', 'ТЕРАПЕВТ', 'магн', 'узи почек']) {
      const words = normalizeQuery(q).split(' ');
      expect(await store.searchServices({ words, limit: 10 }), q).toEqual(await catalogue.search({ q, limit: 10 }));
      expect(await store.searchServices({ words, city: 'алматы' }), q).toEqual(await catalogue.search({ q, city: 'алматы' }));
    }
  });

  it('compares a service across clinics as the catalogue does: newest list per clinic, median over clinics', async () => {
    const [hit] = await catalogue.search({ q: 'прием терапевта', limit: 1 });
    const serviceId = hit!.service.service_id;
    for (const options of [{}, { price_kind: 'nonresident' as const }, { city: 'Алматы' }]) {
      const expected = await catalogue.compareService(serviceId, options);
      const actual = await store.compareService(serviceId, options);
      expect(actual).toMatchObject({ median: expected.median, min: expected.min, max: expected.max, clinics: expected.clinics });
      expect(actual.partners).toEqual(
        expected.partners.map(({ deviation: _d, deviation_share: _s, deviation_kind: _k, outlier: _o, list_date: _l, stale: _t, ...partner }) => partner),
      );
    }
    await expect(store.compareService('svc_unknown')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('pages the queue by keyset in the catalogue order, and refuses a cursor it did not make', async () => {
    const expected = (await catalogue.queue({ limit: 500 })).items.map((item) => item.position.position_id);
    expect(expected.length).toBeGreaterThan(1);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await store.queuePage({ limit: 1, after });
      expect(page.total).toBe(expected.length);
      seen.push(...page.items.map((p) => p.position_id));
      after = page.next;
    } while (after);
    expect(seen).toEqual(expected);
    const clinicId = (await catalogue.queue({ limit: 1 })).items[0]!.position.clinic_id;
    const ofClinic = await catalogue.queue({ clinic_id: clinicId, limit: 500 });
    const sqlPage = await store.queuePage({ clinic_id: clinicId, limit: 500 });
    expect(sqlPage.total).toBe(ofClinic.total);
    expect(sqlPage.items.map((p) => p.position_id)).toEqual(ofClinic.items.map((item) => item.position.position_id));
    expect(sqlPage.next).toBeNull();
    await expect(store.queuePage({ after: 'bogus' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
