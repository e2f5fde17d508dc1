/**
 * Every header band of a page, not only the first (excerpt `clinic3-2026-pages-1-13.pdf`, pages 1 and 13 of
 * «Клиника 3 прайс 2026.PDF», see `test/fixtures/README.md`). Page 13 has no header at its top: its rows
 * 358–389 continue the table of the pages before, whose header (on page 1: price and discounted price) names their columns, then a new table with its own header
 * («Микробиологические исследования на автоматическом анализаторе WalkAway-40 Siemens (Германия)»,
 * `№ | ТЕСТ | Код услуги | Материал | Цена, тенге | Цена со скидкой`) starts part-way down with rows 1–5.
 * Expected values were read from page 13 rendered with `pdftoppm -r 100`: 19 rows above the second header
 * (358–364, 368–377, 388, 389) and 5 below it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows, type ExtractedRows } from '../extract-rows.js';
import { pdfReader } from './pdf.js';

const NAME = 'clinic3-2026-pages-1-13.pdf';
const bytes = new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../test/fixtures/pdf/${NAME}`, import.meta.url))));

describe('extract: PDF header bands, «Клиника 3 прайс 2026.PDF» pages 1 and 13', () => {
  const extracted: Promise<ExtractedRows> = pdfReader.read(bytes, NAME).then(extractPriceRows);

  it('reads the rows above a header band part-way down the page with the previous page\'s columns', async () => {
    const page = (await extracted).rows.filter((r) => r.source.table === 'page 2');
    const values = (start: string): number[] | undefined => page.find((r) => r.name.startsWith(start))?.prices.map((p) => p.value);
    expect(values('Определение бензодиазепинов и их производных в моче')).toEqual([10920, 8190]);
    expect(values('Определение кокаина и его метаболитов в моче')).toEqual([14220, 10665]);
    expect(values('Диагностика орфанных заболеваний')).toEqual([62480, 46860]);
    expect(values('Синдром Жильбера (ген UGT1A1)')).toEqual([18500, 13875]);
    expect(page.find((r) => r.name.startsWith('Синдром Жильбера'))?.code).toBe('Q97.001');
  });

  it('reads the table below the second header with its own header, every row, each row once on the page', async () => {
    const page = (await extracted).rows.filter((r) => r.source.table === 'page 2');
    expect(page.length).toBe(24);
    const posev = page.filter((r) => r.name.startsWith('Бак'));
    expect(posev.map((r) => r.prices.map((p) => p.value))).toEqual([
      [4800, 3600],
      [6600, 4950],
      [4800, 3600],
      [6000, 4500],
      [8800, 6600],
    ]);
    expect(posev.map((r) => r.code)).toEqual(['33.00.000', '33.00.005', '33.00.015', '33.00.020', '33.00.025']);
    expect(new Set(page.map((r) => r.source.row)).size).toBe(page.length);
  });
});
