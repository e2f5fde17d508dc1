import { describe, expect, it } from 'vitest';
import { xlsxFile } from '../../test/helpers/files.js';
import { SEARCH_HIT_CLINICS } from '../contract/limits.js';
import { normalizeName } from '../match/normalize.js';
import type { Service } from '../storage/records.js';
import { createCatalogue } from './create-catalogue.js';
import { typoDistance } from './search-terms.js';

/** Entries worded as in the client's dictionary (`Справочник услуг.xlsx`). */
function services(names: readonly string[]): Service[] {
  return names.map((name, i) => ({
    service_id: `s${i}`,
    name,
    name_norm: normalizeName(name),
    category: 'Тест',
    tariff_code: null,
    origin: 'dictionary',
  }));
}

const NAMES = [
  'Прием кардиолога',
  'Прием кардиолога повторный',
  'ОАК 5 классов',
  'Общий анализ мочи',
  'УЗИ почек',
  'Ультразвуковое исследование щитовидной железы',
  'Прием терапевта',
];

describe('catalogue: search', () => {
  it('finds «Прием кардиолога» when the query is «кардиолго» and says what it corrected', async () => {
    const catalogue = await createCatalogue({ services: services(NAMES) });
    const page = await catalogue.searchPage({ q: 'кардиолго' });
    expect(page.items.map((hit) => hit.service.name).sort()).toEqual(['Прием кардиолога', 'Прием кардиолога повторный']);
    expect(page.corrections).toEqual([{ from: 'кардиолго', to: 'кардиолога' }]);
  });

  it('reads «общий анализ крови» as the abbreviation ОАК, and «ОАК» alone too', async () => {
    const catalogue = await createCatalogue({ services: services(NAMES) });
    expect((await catalogue.search({ q: 'общий анализ крови' })).map((hit) => hit.service.name)).toEqual(['ОАК 5 классов']);
    expect((await catalogue.search({ q: 'оак' })).map((hit) => hit.service.name)).toEqual(['ОАК 5 классов']);
  });

  it('finds both wordings of an ultrasound for «узи», and no urine test for a blood count', async () => {
    const catalogue = await createCatalogue({ services: services(NAMES) });
    const names = (await catalogue.search({ q: 'узи' })).map((hit) => hit.service.name).sort();
    expect(names).toEqual(['УЗИ почек', 'Ультразвуковое исследование щитовидной железы']);
  });

  it('does not correct a word that begins a known word, nor a short one', async () => {
    const catalogue = await createCatalogue({ services: services(NAMES) });
    expect((await catalogue.searchPage({ q: 'кард' })).corrections).toEqual([]);
    expect((await catalogue.searchPage({ q: 'оак' })).corrections).toEqual([]);
    expect((await catalogue.searchPage({ q: 'мрт' })).total).toBe(0);
  });

  it('counts every service found and pages through them', async () => {
    const many = Array.from({ length: 69 }, (_, i) => `Прием врача номер ${i + 1}`);
    const catalogue = await createCatalogue({ services: services(many) });
    const first = await catalogue.searchPage({ q: 'прием врача', limit: 50 });
    const second = await catalogue.searchPage({ q: 'прием врача', limit: 50, offset: 50 });
    expect([first.total, first.items.length, second.items.length]).toEqual([69, 50, 19]);
    const ids = new Set([...first.items, ...second.items].map((hit) => hit.service.service_id));
    expect(ids.size).toBe(69);
  });

  it('names the first clinics offering a service and counts them all, so a hit stays small however many clinics price it', async () => {
    const catalogue = await createCatalogue({ services: services(NAMES) });
    const clinics = SEARCH_HIT_CLINICS + 5;
    for (let i = 1; i <= clinics; i++) {
      const bytes = xlsxFile([
        [`ТОО «Клиника ${i}», г. Алматы`],
        [],
        ['№', 'Наименование услуги', 'Цена, тенге'],
        [1, 'Прием терапевта', 1000 * i],
      ]);
      await catalogue.ingest({ fileName: `Клиника ${i} прайс 2026.xlsx`, bytes });
    }
    const [hit] = await catalogue.search({ q: 'прием терапевта' });
    expect(hit!.service.name).toBe('Прием терапевта');
    expect([hit!.prices.clinics, hit!.clinics_total, hit!.clinics.length]).toEqual([clinics, clinics, SEARCH_HIT_CLINICS]);
    // The first ones, in the order they first offered it.
    expect(hit!.clinics.slice(0, 2).map((c) => c.name)).toEqual(['ТОО «Клиника 1»', 'ТОО «Клиника 2»']);
    expect(hit!.prices).toMatchObject({ min: 1000, max: 1000 * clinics });
  });
});

describe('search: typo distance', () => {
  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(typoDistance('кардиолго', 'кардиолог', 2)).toBe(1);
    expect(typoDistance('терапевт', 'терапевт', 1)).toBe(0);
    expect(typoDistance('узи', 'мрт', 1)).toBe(2);
  });
});
