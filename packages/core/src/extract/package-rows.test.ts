import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows } from './extract-rows.js';
import type { PriceRow } from './price-row.js';
import { readDocument } from './readers/index.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/packages/', import.meta.url));

async function rowsOf(file: string): Promise<PriceRow[]> {
  return extractPriceRows(await readDocument(new Uint8Array(readFileSync(`${FIXTURES}${file}`)), file)).rows;
}

const resident = (row: PriceRow) => row.prices.find((p) => p.role === 'resident')?.value;
const partsOf = (rows: readonly PriceRow[], pack: PriceRow) =>
  rows.filter((r) => r.partOf?.table === pack.source.table && r.partOf.row === pack.source.row);
const named = (rows: readonly PriceRow[], start: string) => rows.filter((r) => r.name.startsWith(start));

describe('packages in a numbered list (Клиника 6 excerpt: a № for the package, none for its parts)', () => {
  it('links the medical-abortion package at 71 910 to its five parts, the part at 2 210 among them', async () => {
    const rows = await rowsOf('clinic6-packages.xlsx');
    const [pack, part] = named(rows, 'Медикаментозный аборт');
    expect(resident(pack!)).toBe(71910);
    expect(pack!.kind).toBe('package');
    expect(resident(part!)).toBe(2210);
    expect(part!.kind).toBe('component');
    expect(partsOf(rows, pack!).map((r) => r.name)).toEqual([
      'Первичный прием врача акушера-гинеколога',
      'Пребывание в дневном стационаре',
      'Медикаментозный аборт',
      'УЗИ гинекологическое (трансвагинально)',
      'Повторный прием врача акушера-гинеколога',
    ]);
    // The next numbered row (№ 475, «Введение пессария», under «1.6 Акушерский блок») is a service again.
    const next = named(rows, 'Введение пессария')[0]!;
    expect(next.kind).toBeUndefined();
    expect(next.partOf).toBeUndefined();
  });

  it('keeps the two IVF packages apart: «3.6 ЭКО+ИКСИ» has the four parts of «3.5 ЭКО» and ИКСИ', async () => {
    const rows = await rowsOf('clinic6-packages.xlsx');
    const ivf = named(rows, '3.5 ЭКО')[0]!;
    const icsi = named(rows, '3.6 ЭКО+ИКСИ')[0]!;
    expect(partsOf(rows, ivf)).toHaveLength(4);
    expect(partsOf(rows, icsi)).toHaveLength(5);
    expect(partsOf(rows, icsi).at(-1)!.name).toBe('ИКСИ до 15 ооцитов. ЭКО');
  });

  it('keeps a part listed beyond the sum (the gynaecologist of form 073/у) with its package', async () => {
    const rows = await rowsOf('clinic6-packages.xlsx');
    const forms = named(rows, 'Форма № 073/у');
    // № 3179 has no parts listed; № 3180 has eleven, № 3182 eight (the source's rows 3532–3542 and 3545–3552).
    expect(forms.map((f) => f.kind ?? 'service')).toEqual(['service', 'package', 'service', 'package']);
    expect(partsOf(rows, forms[1]!)).toHaveLength(11);
    expect(partsOf(rows, forms[1]!).at(-1)!.name).toBe('Осмотр гинеколога. Медицинский осмотр');
    expect(partsOf(rows, forms[3]!)).toHaveLength(8);
  });

  it('nests the months of the «Малютка» programme: each month is a part of the year and holds its own visits', async () => {
    const rows = await rowsOf('clinic6-packages.xlsx');
    const year = named(rows, 'Наблюдение педиатра до 1 года')[0]!;
    expect(resident(year)).toBe(524710);
    const direct = partsOf(rows, year);
    // The first visit and the twelve months.
    expect(direct).toHaveLength(13);
    expect(direct.filter((r) => r.name.startsWith('Возраст'))).toHaveLength(12);
    const firstMonth = named(rows, 'Возраст 1 месяц')[0]!;
    expect(firstMonth.kind).toBe('component');
    expect(partsOf(rows, firstMonth)).toHaveLength(10);
    const sixthMonth = named(rows, 'Возраст 6 месяцев')[0]!;
    expect(partsOf(rows, sixthMonth)).toHaveLength(11);
    // «Паспорт здоровья для детей» (№ 3186) is the next package, not a part of the programme.
    const passport = named(rows, 'Паспорт здоровья для детей')[0]!;
    expect(passport.kind).toBe('package');
  });
});

describe('packages without a code whose parts carry codes (Клиника 1 excerpt)', () => {
  it('ends the parts where they add up to the package: the services after them stay services', async () => {
    const rows = await rowsOf('clinic1-packages.xlsx');
    const baby = named(rows, 'Программа "Healthy baby с рождения до 1 года"')[0]!;
    expect(baby.kind).toBe('package');
    expect(partsOf(rows, baby)).toHaveLength(21);
    // «Healthy baby+» lists two cars at 0 ₸, which are no rows; its 26 priced parts add up to 410 000.
    const plus = named(rows, 'Программа "Healthy baby+ с рождения до 1 года"')[0]!;
    expect(partsOf(rows, plus)).toHaveLength(26);
    // The examinations: uncoded packages followed by the coded rows that add up to each.
    const exams = named(rows, 'Обязательный медицинский осмотр');
    expect(exams.map((r) => partsOf(rows, r).length)).toEqual([2, 7, 6]);
  });

  it('finds a coded package among uncoded ones when coded rows below it add up to its price', async () => {
    const rows = await rowsOf('clinic1-packages.xlsx');
    const coded = named(rows, 'Обязательный медицинский осмотр').find((r) => r.code !== null)!;
    expect(coded.code).toBe('MO30.95');
    expect(coded.kind).toBe('package');
    expect(partsOf(rows, coded).map((r) => r.name)).toEqual([
      'Флюорография',
      'Кал на яйца глист',
      'Обучение санитарному минимум',
      'Дерматовенеролог',
      'Микрореакция',
      'Терапевт-профпатолог',
    ]);
  });

  it('leaves ordinary coded services of the section alone', async () => {
    const rows = await rowsOf('clinic1-packages.xlsx');
    for (const name of ['Прием врача педиатра', 'Дубликат паспорта здоровья (Форма № 086)']) {
      const row = named(rows, name)[0]!;
      expect(row.kind).toBeUndefined();
      expect(row.partOf).toBeUndefined();
    }
  });
});
