import { describe, expect, it } from 'vitest';
import { columnPatternOf, rereadMisfit, rereadValue } from './column-pattern.js';
import { ratioCheckOf } from './price-ratio.js';
import type { PriceRow } from './price-row.js';

describe('extract: digits re-read from the page image', () => {
  it('reads thousands groups as one number and a stray mark before the price as no part of it', () => {
    expect(rereadValue('4 600')).toBe(4600);
    expect(rereadValue('14400')).toBe(14400);
    // A rule's stub or the next column's digit before the price (`2 8400`, `7 20400`).
    expect(rereadValue('2 8400')).toBe(8400);
    expect(rereadValue('7 20400')).toBe(20400);
    expect(rereadValue('1')).toBeNull();
    expect(rereadValue('000')).toBeNull();
  });
  it('keeps a value only when it fits the column: a multiple of ten where prices are round, within its range', () => {
    // The column of «Клиника 2 прайс 2025» page 5: round hundreds from 1 200 to 30 000.
    const pattern = columnPatternOf([1200, 1800, 2400, 3600, 3600, 4800, 7200, 8400, 9600, 12000, 14400, 30000]);
    expect(rereadMisfit(3360, pattern)).toBeNull();
    expect(rereadMisfit(9606, pattern)).toMatch(/кратны 100/);
    expect(rereadMisfit(90, pattern)).toMatch(/цены от/);
    expect(rereadMisfit(4000400, pattern)).toMatch(/цены до/);
    expect(rereadMisfit(8400, null)).toMatch(/мало цен/);
  });
  it('checks a value against the ratio between price columns learned from the document (partner = 75 %)', () => {
    const row = (price: number, partner?: number): PriceRow => ({
      section: null,
      code: null,
      name: 'x',
      unit: null,
      source: { table: 'page 1', row: 1 },
      warnings: [],
      prices: [
        { role: 'resident', value: price, raw: String(price), header: 'Цена, тенге' },
        ...(partner === undefined ? [] : [{ role: 'partner' as const, value: partner, raw: String(partner), header: 'Цена партнера' }]),
      ],
    });
    const history = [1000, 1100, 1580, 2120, 2780, 2840, 2960, 3780, 4640, 5520, 6320, 8200].map((p) => row(p, p * 0.75));
    const page = [row(1000), row(1100)];
    const columns = [
      { header: 'Цена, тенге', role: 'resident' as const },
      { header: 'Цена со партнера', role: 'partner' as const },
    ];
    const check = ratioCheckOf(page, columns, history);
    // «Исследование кала (копрограмма)», Клиника 3 p. 3: printed 1 000 / 750; the image was misread as 730.
    expect(check(0, columns[1]!, 750)).toBe(true);
    expect(check(0, columns[1]!, 730)).toBe(false);
    // Without the document's rows the page alone shows no ratio.
    expect(ratioCheckOf(page, columns)(0, columns[1]!, 730)).toBeNull();
    // A digit misread in the last places keeps the factor within rounding, not within a reading's tolerance:
    // «T4 (тироксин) свободный» 3 420 / 2 565, the image misread as 2568.
    expect(ratioCheckOf([row(3420)], columns, history)(0, columns[1]!, 2568)).toBe(false);
    expect(ratioCheckOf([row(3420)], columns, history)(0, columns[1]!, 2565)).toBe(true);
  });
  it('checks two readings of one row against each other: a row whose both prices came from the image', () => {
    // Клиника 3 p. 1, № 8: both cells lost by the text layer, read as 6 880 and 3160 (printed 5160).
    const bare: PriceRow = { section: null, code: null, name: 'x', unit: null, source: { table: 'page 1', row: 1 }, warnings: [], prices: [] };
    const columns = [
      { header: 'Цена, тенге', role: 'resident' as const },
      { header: 'Цена со партнера', role: 'partner' as const },
    ];
    const history: PriceRow[] = [1000, 1100, 1580, 2120, 2780, 2840, 2960, 3780, 4640, 5520, 6320, 8200].map((p) => ({
      ...bare,
      prices: [
        { role: 'resident', value: p, raw: String(p), header: 'Цена, тенге' },
        { role: 'partner', value: p * 0.75, raw: String(p * 0.75), header: 'Цена со партнера' },
      ],
    }));
    const check = ratioCheckOf([bare], columns, history);
    expect(check(0, columns[1]!, 3160)).toBeNull();
    const readSoFar = [{ role: 'resident' as const, value: 6880, raw: '', header: 'Цена, тенге' }];
    expect(check(0, columns[1]!, 3160, readSoFar)).toBe(false);
    expect(check(0, columns[1]!, 5160, readSoFar)).toBe(true);
  });
});
