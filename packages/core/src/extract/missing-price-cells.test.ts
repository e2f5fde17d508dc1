import { describe, expect, it } from 'vitest';
import { flagMissingPrices } from './missing-price-cells.js';
import type { PriceCell, PriceRow } from './price-row.js';

/** A row of Клиника 3's page 1: price and partner price (the partner price `null` where the layer lost it). */
function row(name: string, price: number, partner: number | null): PriceRow {
  const prices: PriceCell[] = [{ role: 'resident', value: price, raw: String(price), header: 'Цена, тенге' }];
  if (partner !== null) prices.push({ role: 'partner', value: partner, raw: String(partner), header: 'Цена партнера' });
  return { section: null, code: null, name, unit: null, prices, source: { table: 'page 1', row: 1 }, warnings: [] };
}

describe('extract: price cells the OCR layer lost', () => {
  const page = [
    row('Альфа-амилаза', 1780, 1335),
    row('Панкреатическая амилаза', 1780, 1335),
    row('Липаза', 2960, null),
    row('Креатинкиназа (КФК)', 1780, 1335),
    row('Общий белок', 780, 585),
    row('Альбумин', 1780, 1335),
  ];

  it('warns on a row without the partner price every other row of the page has, and guesses no value', () => {
    const { rows, flagged } = flagMissingPrices(page);
    expect(flagged).toBe(1);
    const lipase = rows.find((r) => r.name === 'Липаза')!;
    expect(lipase.prices.map((p) => p.value)).toEqual([2960]);
    expect(lipase.warnings[0]).toMatch(/^\[ROW_PRICE_MISSING\] нет цены в колонке «Цена партнера», хотя у других строк страницы она есть/);
    expect(rows.filter((r) => r.warnings.length > 0)).toHaveLength(1);
  });

  it('says nothing of a block of rows printed without the price (packages not sold to partners)', () => {
    const block = [...page, row('Check-up «Мужской базовый»', 45000, null), row('Check-up «Женский базовый»', 47000, null), row('Check-up «Детский»', 30000, null), ...page];
    const { rows } = flagMissingPrices(block);
    expect(rows.filter((r) => r.name.startsWith('Check-up')).every((r) => r.warnings.length === 0)).toBe(true);
  });

  it('warns on two neighbouring rows that both lost it, and when only most of the page carries it', () => {
    const [amylase, pancreatic, lipase, kinase, protein, albumin] = page as [PriceRow, PriceRow, PriceRow, PriceRow, PriceRow, PriceRow];
    const two = [amylase, pancreatic, row('Определение группы крови', 2320, null), row('Определение антиэритроцитарных антител', 6780, null), kinase, protein, lipase, albumin];
    const { rows, flagged } = flagMissingPrices(two);
    expect(flagged).toBe(3);
    expect(rows.filter((r) => r.warnings.length > 0).map((r) => r.name)).toEqual(['Определение группы крови', 'Определение антиэритроцитарных антител', 'Липаза']);
    // 5 of 9 rows carry it: more than half.
    const most = [...two, row('Лактат', 2840, null)];
    expect(flagMissingPrices(most).flagged).toBe(4);
  });

  it('says nothing on a page where the column is only sometimes filled, or too short to tell', () => {
    const half = page.map((r, i) => (i % 2 === 0 ? row(r.name, r.prices[0]!.value, null) : r));
    expect(flagMissingPrices(half).flagged).toBe(0);
    expect(flagMissingPrices(page.slice(0, 3)).flagged).toBe(0);
  });
});
