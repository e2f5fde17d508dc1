import { describe, expect, it } from 'vitest';
import type { PriceRow } from './price-row.js';
import { repairByColumnRatio } from './price-ratio.js';

const PRICE = { header: 'Цена, тенге', role: 'resident' as const };
const PARTNER = { header: 'Цена партнера', role: 'partner' as const };

/** Rows of Клиника 3 прайс 2026.PDF, page 1: the partner price is 75 % of the price on every row. */
function row(name: string, price: number | null, partner: number | null): PriceRow {
  const prices = [];
  if (price !== null) prices.push({ ...PRICE, value: price, raw: String(price) });
  if (partner !== null) prices.push({ ...PARTNER, value: partner, raw: String(partner) });
  return { section: null, code: null, name, unit: null, prices, source: { table: 'page 1', row: 1 }, warnings: [] };
}

const AGREEING = Array.from({ length: 14 }, (_, i) => row(`анализ ${i}`, 1780, 1335));

describe('extract: price repair by the ratio of the list\'s price columns', () => {
  it('reads «780» as 1 780 when the partner price 1 335 is 75 % of 1 780, as on the other rows', () => {
    const rows = [...AGREEING, row('Мочевина', 780, 1335)];
    const raws = rows.map((r) => ({ price: String(valueOf(r, 'resident')), partner: String(valueOf(r, 'partner')) }));
    expect(repairByColumnRatio(rows, [PRICE, PARTNER], (i, c) => (c.role === 'resident' ? raws[i]!.price : raws[i]!.partner))).toBe(1);
    expect(valueOf(rows.at(-1)!, 'resident')).toBe(1780);
    expect(rows.at(-1)!.warnings[0]).toMatch(/^\[PRICE_RATIO_REPAIRED\] цена «780» прочитана как 1780/);
  });

  it('reads the unparsed cell «1 “80» as 1 780 from the partner price', () => {
    const rows = [...AGREEING, row('Холестерин общий', null, 1335)];
    const repaired = repairByColumnRatio(rows, [PRICE, PARTNER], (i, c) => (i === rows.length - 1 && c.role === 'resident' ? '1 “80' : c.role === 'resident' ? '1780' : '1335'));
    expect(repaired).toBe(1);
    expect(valueOf(rows.at(-1)!, 'resident')).toBe(1780);
  });

  it('leaves a row alone whose printed prices simply follow another ratio', () => {
    const rows = [...AGREEING, row('Лактат', 5000, 4000)];
    expect(repairByColumnRatio(rows, [PRICE, PARTNER], (i, c) => String(valueOf(rows[i]!, c.role)))).toBe(0);
    expect(rows.at(-1)!.prices.map((p) => p.value)).toEqual([5000, 4000]);
  });

  it('invents nothing for an empty cell, and nothing when too few rows agree on a ratio', () => {
    const empty = [...AGREEING, row('Общий белок', 780, null)];
    expect(repairByColumnRatio(empty, [PRICE, PARTNER], (i, c) => (i === empty.length - 1 && c.role === 'partner' ? '' : String(valueOf(empty[i]!, c.role))))).toBe(0);
    const few = [...AGREEING.slice(0, 5), row('Мочевина', 780, 1335)];
    expect(repairByColumnRatio(few, [PRICE, PARTNER], (i, c) => String(valueOf(few[i]!, c.role)))).toBe(0);
  });
});

function valueOf(r: PriceRow, role: string): number | undefined {
  return r.prices.find((p) => p.role === role)?.value;
}
