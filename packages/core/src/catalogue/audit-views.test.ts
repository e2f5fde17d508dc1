import { describe, expect, it } from 'vitest';
import { xlsxFile } from '../../test/helpers/files.js';
import { normalizeName } from '../match/normalize.js';
import type { Service } from '../storage/records.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';
import { namesDiffer } from './mismatch-signs.js';

const SERVICES: Service[] = [
  ['s-mri', 'МРТ', 'МРТ головного мозга'],
  ['s-ther', 'Терапевт', 'Прием терапевта'],
].map(([service_id, category, name]) => ({
  service_id: service_id!,
  category: category!,
  name: name!,
  name_norm: normalizeName(name!),
  tariff_code: null,
  origin: 'dictionary' as const,
}));

/** A list as clinics write them: a title with the clinic, the city and the date, then the table. */
function list(clinic: string, date: string, rows: readonly (readonly [string, number])[]): Uint8Array {
  return xlsxFile([
    [`Прейскурант ТОО «${clinic}» г. Алматы, действует с ${date}`],
    ['№', 'Наименование услуги', 'Цена, тенге'],
    ...rows.map(([name, price], i) => [i + 1, name, price]),
  ]);
}

/** Three clinics; «Альфа» has a 2024 and a 2026 list, its 2026 MRI line a contrast study matched to the plain one. */
async function archive(): Promise<Catalogue> {
  const catalogue = await createCatalogue({ services: SERVICES });
  await catalogue.ingest({ fileName: 'Альфа 2024.xlsx', bytes: list('Альфа', '01.02.2024', [['МРТ головного мозга', 20000], ['Прием терапевта', 5000]]) });
  await catalogue.ingest({ fileName: 'Бета 2026.xlsx', bytes: list('Бета', '01.01.2026', [['МРТ головного мозга', 22000], ['Прием терапевта', 6000]]) });
  await catalogue.ingest({ fileName: 'Гамма 2026.xlsx', bytes: list('Гамма', '01.03.2026', [['МРТ головного мозга', 24000], ['Прием терапевта', 7000]]) });
  return catalogue;
}

describe('catalogue: what makes a number checkable', () => {
  it('flags a 2024 list compared beside 2026 ones as stale, and gives each list its date', async () => {
    const catalogue = await archive();
    const comparison = await catalogue.compareService('s-ther');
    const flags = comparison.partners.map((p) => [p.price, p.list_date, p.stale]);
    expect(flags).toEqual([
      [5000, '2024-02-01', true],
      [6000, '2026-01-01', false],
      [7000, '2026-03-01', false],
    ]);
  });

  it('gives a clinic’s price in each of its lists, oldest first, from the core', async () => {
    const catalogue = await archive();
    await catalogue.ingest({ fileName: 'Альфа 2026.xlsx', bytes: list('Альфа', '01.02.2026', [['Прием терапевта', 5500], ['Прием терапевта повторный', 4500]]) });
    const history = await catalogue.priceHistory('s-ther');
    const alpha = history.clinics.find((c) => c.clinic_name === 'ТОО «Альфа»')!;
    expect(alpha.points.map((p) => [p.effective_date, p.price, p.lines])).toEqual([
      ['2024-02-01', 5000, 1],
      ['2026-02-01', 5000, 2],
    ]);
    expect(history.clinics).toHaveLength(3);
  });

  it('marks a jump the market does not know, between lines named differently, as a likely wrong match', async () => {
    const catalogue = await archive();
    await catalogue.ingest({
      fileName: 'Альфа 2026.xlsx',
      bytes: list('Альфа', '01.02.2026', [['МРТ головного мозга с контрастным усилением', 150000], ['Прием терапевта', 5500]]),
    });
    // The contrast study is matched to the plain MRI, by the matcher or, when its confidence leaves it to the queue,
    // by an analyst: either way the line now stands beside the plain study.
    const contrast = (await catalogue.listPositions()).items.find((p) => p.raw_name.startsWith('МРТ головного мозга с контраст'))!;
    if (contrast.status !== 'normalized') await catalogue.matchPosition({ position_id: contrast.position_id, service_id: 's-mri' });
    const changes = (await catalogue.priceChanges({ threshold: 0.05 })).items;
    const mri = changes.find((c) => c.service_id === 's-mri');
    const therapist = changes.find((c) => c.service_id === 's-ther');
    // Matched or not by the matcher, the therapist's 10 % rise is a price move.
    expect(therapist?.mismatch_signs).toEqual([]);
    // 3 common words of 6: half, not less, so the names alone do not differ enough.
    expect(mri?.mismatch_signs).toEqual(['beyond_market']);
  });

  it('never flags the same line’s price moving, however far', async () => {
    const catalogue = await archive();
    await catalogue.ingest({ fileName: 'Альфа 2026.xlsx', bytes: list('Альфа', '01.02.2026', [['Прием терапевта', 50000]]) });
    const therapist = (await catalogue.priceChanges({ threshold: 0.05 })).items.find((c) => c.service_id === 's-ther');
    expect([therapist?.like_with_like, therapist?.mismatch_signs]).toEqual([true, []]);
  });

  it('tells names that share no line and few words from a rewording', () => {
    const lines = (...names: string[]) => names.map((name_norm) => ({ name_norm }));
    expect(namesDiffer(lines('мрт головного мозга'), lines('мрт коленного сустава с контрастом'))).toBe(true);
    expect(namesDiffer(lines('прием терапевта'), lines('прием терапевта первичный'))).toBe(false);
    expect(namesDiffer(lines('узи почек', 'оак'), lines('оак', 'мрт'))).toBe(false);
  });

  it('counts per clinic, per category and per ingest, with the share over time', async () => {
    const catalogue = await archive();
    const dashboard = await catalogue.dashboard();
    expect(dashboard.clinics.map((c) => [c.name, c.positions, c.price_lists])).toEqual([
      ['ТОО «Альфа»', 2, 1],
      ['ТОО «Бета»', 2, 1],
      ['ТОО «Гамма»', 2, 1],
    ]);
    expect(dashboard.categories).toEqual([
      { category: 'МРТ', services: 1, offered: 1, clinics: 3 },
      { category: 'Терапевт', services: 1, offered: 1, clinics: 3 },
    ]);
    expect(dashboard.ingests.map((i) => i.file_name)).toEqual(['Альфа 2024.xlsx', 'Бета 2026.xlsx', 'Гамма 2026.xlsx']);
    expect(dashboard.ingests.at(-1)!.cumulative_share).toBe(1);
  });
});
