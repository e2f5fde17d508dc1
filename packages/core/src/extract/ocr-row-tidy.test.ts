import { describe, expect, it } from 'vitest';
import { tidyOcrRows } from './ocr-row-tidy.js';
import type { PriceRow } from './price-row.js';

const row = (name: string, unit: string | null = 'услуга', code: string | null = null): PriceRow => ({
  section: null,
  code,
  name,
  unit,
  prices: [{ role: 'resident', value: 4800, raw: '4 800', header: 'Цена' }],
  source: { table: 'page 11', row: 1 },
  warnings: [],
});

describe('extract: tidying rows rebuilt from a scan', () => {
  // Клиника 2 прайс 2026.pdf, page 11: the unit column's «услуга» drifted into the name cell.
  it('moves the unit word «услуга» out of «Эстрадиол услуга» when the unit column uses it', () => {
    const rows = tidyOcrRows([row('Пролактин'), row('Тестостерон'), row('Холестерин'), row('Эстрадиол услуга', null)]);
    expect(rows.at(-1)).toMatchObject({ name: 'Эстрадиол', unit: 'услуга' });
  });

  it('keeps a word the unit column never uses', () => {
    const rows = tidyOcrRows([row('Пролактин'), row('Тестостерон'), row('Холестерин'), row('Забор мазка', null)]);
    expect(rows.at(-1)?.name).toBe('Забор мазка');
  });

  // Клиника 3 прайс 2026.PDF, page 17: the tariff code printed beside «Гречиха, f11» landed in the name.
  it('moves a tariff code out of the name into the empty code', () => {
    expect(tidyOcrRows([row('В06.457.006.24 Гречиха, f 11', null)])[0]).toMatchObject({ name: 'Гречиха, f 11', code: 'B06.457.006.24' });
    expect(tidyOcrRows([row('Баранина, f88 В06.457.006.19', null)])[0]).toMatchObject({ name: 'Баранина, f88', code: 'B06.457.006.19' });
  });

  // Клиника 3 прайс 2026.PDF, page 17, row 142: the code B06.457.006.11 glued to the name, spaced and with `ll` for `11`.
  it('moves a code the scan spaced and misread out of the name', () => {
    expect(tidyOcrRows([row('Лосось (семга), f4 1 B0 6.4 5 7.0 0 6.ll', null)])[0]).toMatchObject({ name: 'Лосось (семга), f4 1', code: 'B06.457.006.11' });
  });

  it('leaves a dotted number that is no tariff code in the name', () => {
    expect(tidyOcrRows([row('Латекс rHev b 6.01 IgE, k219', null)])[0]).toMatchObject({ name: 'Латекс rHev b 6.01 IgE, k219', code: null });
  });

  it('leaves the name alone when the row already has a code', () => {
    expect(tidyOcrRows([row('В06.457.006.24 Гречиха', null, 'В06.457.006.24')])[0]?.name).toBe('В06.457.006.24 Гречиха');
  });
});

describe('extract: tidying keeps names that start with a unit word', () => {
  // Клиника 2 прайс 2026.pdf, page 1: «Прием врача первичный», unit column «прием».
  it('keeps «Прием» at the start of «Прием врача первичный»', () => {
    const rows = tidyOcrRows([row('УЗИ', 'прием'), row('ЭКГ', 'прием'), row('Массаж', 'прием'), row('Прием врача первичный', 'прием')]);
    expect(rows.at(-1)?.name).toBe('Прием врача первичный');
  });
});
