/**
 * Causes of mismatches the blind audit of 2026-11-26 found (docs/extraction.md), each on a real excerpt of the
 * archive's scans (`test/fixtures/pdf/`, see its README). Expected values were read from the page images rendered
 * with `pdftoppm -r 100`, not from the reader's output.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows, type ExtractedRows } from '../extract-rows.js';
import { pdfReader } from './pdf.js';

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../test/fixtures/pdf/${name}`, import.meta.url))));
const extract = (name: string, as: string): Promise<ExtractedRows> => pdfReader.read(fixture(name), as).then(extractPriceRows);

describe('extract: a row of a two-price table whose second price the scan lost («Клиника 3 прайс 2026.PDF», page 1)', () => {
  const extracted = extract('clinic3-2026-page-1.pdf', 'Клиника 3 прайс 2026.PDF');

  it('keeps rows № 6 and № 7, whose partner prices stand at the top of tall cells, and flags both in Russian', async () => {
    const { rows } = await extracted;
    // № 6 prints 2 320 / 1 740, № 7 prints 6 780 / 5 085: the text layer has neither partner price.
    const group = rows.find((r) => r.name.startsWith('Определение группы крови по системе'))!;
    const antibodies = rows.find((r) => r.name.startsWith('Определение антиэритроцитарных антител в непрямом тесте'))!;
    expect(group.prices.map((p) => p.value)).toEqual([2320]);
    expect(antibodies.prices.map((p) => p.value)).toEqual([6780]);
    for (const row of [group, antibodies]) {
      expect(row.warnings.some((w) => w.startsWith('[ROW_PRICE_MISSING] нет цены в колонке «Цена со партнера»'))).toBe(true);
    }
  });

  it('keeps № 8, whose number and prices the text layer lost, as a row of its own: № 9 keeps only its own name', async () => {
    const { rows, issues } = await extracted;
    // № 8 «Определение титра антиэритроцитарных антител / в непрямом тесте Кумбса в ID-картах» (6 880 / 5160 on the
    // image, neither in the text layer) between № 7 and № 9 «Антиглобулиновый тест (прямая проба Кумбса)» 6480 / 4860.
    const coombs = rows.find((r) => r.name.includes('прямая проба Кумбса'))!;
    expect(coombs.name).toBe('Антиглобулиновый тест (прямая проба Кумбса)');
    expect(coombs.prices.map((p) => p.value)).toEqual([6480, 4860]);
    expect(rows.some((r) => r.name.includes('титра'))).toBe(false);
    // Without OCR it has no price to keep: the report counts it as a row skipped for want of a price.
    expect((issues ?? []).filter((i) => i.code === 'ROWS_WITHOUT_PRICE_SKIPPED').map((i) => i.params.count)).toEqual([1]);
  });

  it('flags no row that has both prices', async () => {
    const { rows } = await extracted;
    const both = rows.filter((r) => r.prices.length === 2);
    expect(both.length).toBeGreaterThan(10);
    expect(both.filter((r) => r.warnings.some((w) => w.startsWith('[ROW_PRICE_MISSING]')))).toEqual([]);
  });
});

describe('extract: a page footer inside the last row («Клиника 4 прайс 2026.pdf», page 14)', () => {
  it('leaves «Страница 13» (read `Странице 13`) out of the name of row 28', async () => {
    const { rows } = await extract('clinic4-2026-page-14.pdf', 'Клиника 4 прайс 2026.pdf');
    const last = rows.find((r) => r.name.startsWith('УЗИ слюнных желез'));
    expect(last?.name).toBe('УЗИ слюнных желез (околоушные, поднижечелюстные, подъязычная)');
    expect(last?.prices.map((p) => p.value)).toEqual([8300, 9300, 10500]);
    expect(rows.filter((r) => /страниц/i.test(r.name))).toEqual([]);
  });
});

describe('extract: a remark line under a heading («Клиника 2 прайс 2025 год.PDF», page 18)', () => {
  it('makes «36 Ортопедия детская» the section and «В стоимость операции не входят ИМН» no row and no part of a name', async () => {
    const { rows } = await extract('clinic2-2025-page-18.pdf', 'Клиника 2 прайс 2025 год.PDF');
    expect(rows.filter((r) => /входят/i.test(r.name))).toEqual([]);
    expect(rows.filter((r) => /Ортопедия детская/.test(r.name))).toEqual([]);
    const first = rows.find((r) => r.name === 'Временная блокада зон роста бедренных костей');
    expect(first?.prices.map((p) => p.value)).toEqual([180000]);
    expect(first?.section).toMatch(/Ортопедия детская$/);
    // The row above the heading keeps its own name and price.
    expect(rows.find((r) => r.name.startsWith('PRP/SVF'))?.prices.map((p) => p.value)).toEqual([240000]);
  });
});

describe('extract: the second table part-way down a page («Клиника 3 прайс 2026.PDF», pages 1 and 13)', () => {
  it('gives «Цена со скидкой» the partner role that page 1 gives «Цена со партнера»', async () => {
    const { rows } = await extract('clinic3-2026-pages-1-13.pdf', 'Клиника 3 прайс 2026.PDF');
    const first = rows.find((r) => r.name.startsWith('Альфа-1-антитрипсин'));
    expect(first?.prices.map((p) => [p.role, p.value])).toEqual([['resident', 7360], ['partner', 5520]]);
    const posev = rows.find((r) => r.name.startsWith('Бак. посев на микрофлору с определением'));
    expect(posev?.prices.map((p) => [p.role, p.value])).toEqual([['resident', 6600], ['partner', 4950]]);
  });
});
