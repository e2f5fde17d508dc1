import { beforeAll, describe, expect, it } from 'vitest';
import { xlsxFile, type SheetRow } from '../../test/helpers/files.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import type { Service } from '../storage/records.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';

let dictionary: Service[];
beforeAll(async () => {
  dictionary = await loadDefaultDictionary();
});

/** A small list of one clinic: a title with the city and year, then rows of name and prices. */
function list(clinic: string, city: string, year: number, header: readonly string[], rows: readonly SheetRow[]): Uint8Array {
  return xlsxFile([
    [`ТОО «${clinic}», г. ${city}`],
    [`Прейскурант цен на платные медицинские услуги с 1 января ${year} года`],
    [],
    ['№', 'Наименование услуги', ...header],
    ...rows.map((row, i) => [i + 1, ...row]),
  ]);
}

const RESIDENT = ['Цена для резидентов РК, тенге'];
const BOTH = ['Цена для резидентов РК, тенге', 'Цена для нерезидентов РК, тенге'];

async function ingest(catalogue: Catalogue, fileName: string, bytes: Uint8Array): Promise<void> {
  const report = await catalogue.ingest({ fileName, bytes });
  expect(report.errors, JSON.stringify(report.files)).toBe(0);
}

/** Клиника «Здоровье» in Алматы: four services in 2025, the same four with new prices in 2026. */
async function twoYears(): Promise<Catalogue> {
  const catalogue = await createCatalogue({ services: dictionary });
  await ingest(
    catalogue,
    'Здоровье прайс 2025.xlsx',
    list('Здоровье', 'Алматы', 2025, RESIDENT, [
      ['Прием терапевта', 10000],
      ['Прием кардиолога', 20000],
      ['УЗИ почек', 8000],
      ['Холестерин', 2000],
    ]),
  );
  await ingest(
    catalogue,
    'Здоровье прайс 2026.xlsx',
    list('Здоровье', 'Алматы', 2026, RESIDENT, [
      ['Прием терапевта', 12500],
      ['Прием кардиолога', 20000],
      ['УЗИ почек', 4000],
      ['Холестерин', 2200],
    ]),
  );
  return catalogue;
}

describe('catalogue: price changes', () => {
  it('lists the services whose price moved by at least 20 %, biggest change first, with both prices and dates', async () => {
    const catalogue = await twoYears();
    const page = await catalogue.priceChanges({ threshold: 0.2 });
    expect(page.threshold).toBe(0.2);
    expect(page.total).toBe(2);
    expect(page.items.map((c) => [c.service_name, c.old_price, c.new_price, c.change_share, c.direction])).toEqual([
      ['УЗИ почек', 8000, 4000, -0.5, 'down'],
      ['Прием терапевта', 10000, 12500, 0.25, 'up'],
    ]);
    expect(page.items[0]).toMatchObject({
      city: 'Алматы',
      price_kind: 'resident',
      change: -4000,
      old_effective_date: '2025-01-01',
      new_effective_date: '2026-01-01',
      old_file_name: 'Здоровье прайс 2025.xlsx',
      new_file_name: 'Здоровье прайс 2026.xlsx',
    });
  });

  it('finds more changes at a lower threshold and fewer at a higher one', async () => {
    const catalogue = await twoYears();
    const names = async (threshold: number) => (await catalogue.priceChanges({ threshold })).items.map((c) => c.service_name);
    expect(await names(0.1)).toEqual(['УЗИ почек', 'Прием терапевта', 'Холестерин']);
    expect(await names(0.5)).toEqual(['УЗИ почек']);
    expect(await names(0.6)).toEqual([]);
  });

  it('orders the lists by their effective date, not by upload order', async () => {
    const catalogue = await createCatalogue({ services: dictionary });
    await ingest(catalogue, 'Здоровье прайс 2026.xlsx', list('Здоровье', 'Алматы', 2026, RESIDENT, [['Прием терапевта', 15000]]));
    await ingest(catalogue, 'Здоровье прайс 2025.xlsx', list('Здоровье', 'Алматы', 2025, RESIDENT, [['Прием терапевта', 10000]]));
    const [change] = (await catalogue.priceChanges()).items;
    expect(change).toMatchObject({ old_price: 10000, new_price: 15000, direction: 'up', old_effective_date: '2025-01-01' });
  });

  it('compares non-resident prices when the older list has only those', async () => {
    const catalogue = await createCatalogue({ services: dictionary });
    await ingest(
      catalogue,
      'Здоровье прайс 2025.xlsx',
      list('Здоровье', 'Алматы', 2025, ['Цена для нерезидентов РК, тенге'], [['Прием терапевта', 12000]]),
    );
    await ingest(catalogue, 'Здоровье прайс 2026.xlsx', list('Здоровье', 'Алматы', 2026, BOTH, [['Прием терапевта', 15000, 30000]]));
    const auto = await catalogue.priceChanges();
    expect(auto.items.map((c) => [c.price_kind, c.old_price, c.new_price])).toEqual([['nonresident', 12000, 30000]]);
    expect((await catalogue.priceChanges({ price_kind: 'resident' })).total).toBe(0);
  });

  it('filters by city and by clinic', async () => {
    const catalogue = await twoYears();
    await ingest(catalogue, 'Шипагер прайс 2025.xlsx', list('Шипагер', 'Астана', 2025, RESIDENT, [['Прием терапевта', 9000]]));
    await ingest(catalogue, 'Шипагер прайс 2026.xlsx', list('Шипагер', 'Астана', 2026, RESIDENT, [['Прием терапевта', 18000]]));
    const astana = await catalogue.priceChanges({ city: 'астана' });
    expect(astana.items.map((c) => [c.clinic_name, c.service_name, c.change_share])).toEqual([
      [expect.stringContaining('Шипагер'), 'Прием терапевта', 1],
    ]);
    const clinicId = astana.items[0]!.clinic_id;
    expect((await catalogue.priceChanges({ clinic_id: clinicId })).total).toBe(1);
    expect((await catalogue.priceChanges()).total).toBe(3);
  });

  it('compares a line with the same line of the older list when a new list adds variants of the service', async () => {
    const catalogue = await createCatalogue({ services: dictionary });
    await ingest(catalogue, 'Здоровье прайс 2025.xlsx', list('Здоровье', 'Алматы', 2025, RESIDENT, [['Прием терапевта первичный', 10000]]));
    await ingest(
      catalogue,
      'Здоровье прайс 2026.xlsx',
      list('Здоровье', 'Алматы', 2026, RESIDENT, [
        ['Прием терапевта первичный', 13000],
        ['Прием терапевта повторный', 6000],
      ]),
    );
    const positions = (await catalogue.listPositions()).items;
    expect(new Set(positions.map((p) => p.service_id)).size).toBe(1);
    // All lines would give a median of 9500 (−5 %); like with like, the first visit went up 30 %.
    const [change] = (await catalogue.priceChanges()).items;
    expect(change).toMatchObject({ old_price: 10000, new_price: 13000, change_share: 0.3 });
    expect(change?.new_positions.map((l) => l.raw_name)).toEqual(['Прием терапевта первичный']);
  });

  it('rejects a threshold of 0 or above 10, and an unknown clinic', async () => {
    const catalogue = await twoYears();
    await expect(catalogue.priceChanges({ threshold: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(catalogue.priceChanges({ threshold: 10.5 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(catalogue.priceChanges({ clinic_id: 'cl_nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('does not let a second upload of the same file hide a change', async () => {
    const catalogue = await twoYears();
    await ingest(
      catalogue,
      'Здоровье прайс 2026 (копия).xlsx',
      list('Здоровье', 'Алматы', 2026, RESIDENT, [
        ['Прием терапевта', 12500],
        ['Прием кардиолога', 20000],
        ['УЗИ почек', 4000],
        ['Холестерин', 2200],
      ]),
    );
    expect((await catalogue.priceChanges({ threshold: 0.2 })).total).toBe(2);
  });
});
