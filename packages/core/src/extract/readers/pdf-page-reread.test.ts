/**
 * A scan page whose OCR text layer lost most of its rows, read again, whole, from its image with tesseract.
 * Excerpt `clinic2-2025-pages-13-14.pdf` (pages 13 and 14 of «Клиника 2 прайс 2025 год.PDF», see
 * `test/fixtures/README.md`), read by a person from the pages rendered with `pdftoppm -r 100`: page 14 prints 52
 * rows, № 598–649, in order; its text layer keeps the `№` of 7 of them and 4 names. The first fourteen rows
 * (598–611) print, in this order, 4 200, 4 800, 3 600, 4 800, 3 600, 4 800, 3 600, 4 800, 3 600, 4 800, 5 400,
 * 4 200, 5 400, 6 000; further down the scan's right edge cuts the prices (`5 40`, `19 2`, `36`), and no price on
 * the page is below 3 600. Page 13 gives the price column its pattern. Skipped where tesseract or pdftoppm is
 * missing (the report then names the lost numbers: `pdf-row-numbers.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { ocrToolsInstalled, readWithOcr } from '../../../test/helpers/page-reread.js';

const PRINTED_598_611 = [4200, 4800, 3600, 4800, 3600, 4800, 3600, 4800, 3600, 4800, 5400, 4200, 5400, 6000];

describe.skipIf(!ocrToolsInstalled)('extract: a page whose text layer lost most rows, re-read from its image (skipped without tesseract)', () => {
  const read = readWithOcr('clinic2-2025-pages-13-14.pdf');

  it('extracts at least 97 % of the 52 rows the page prints, each flagged as read from the page image', async () => {
    const { rows, issues } = await read();
    const page = rows.filter((r) => r.source.table === 'page 2');
    expect(page.length).toBeGreaterThanOrEqual(Math.ceil(52 * 0.97));
    expect(page.length).toBeLessThanOrEqual(52);
    for (const row of page) {
      expect((row.flags ?? []).map((f) => f.code)).toContain('ROW_FROM_PAGE_IMAGE');
      expect(row.warnings.some((w) => w.startsWith('[ROW_FROM_PAGE_IMAGE] строка прочитана с изображения страницы'))).toBe(true);
    }
    expect(page.some((r) => /Гистеросальпингография/.test(r.name))).toBe(true);
    expect(page.some((r) => /Анестезия проводниковая/.test(r.name))).toBe(true);
    const reread = (issues ?? []).filter((i) => i.code === 'PAGE_REREAD');
    expect(reread.map((i) => i.table)).toEqual(['page 2']);
    expect(reread[0]!.message).toMatch(/страница прочитана заново с её изображения/);
    expect((issues ?? []).filter((i) => i.code === 'ROWS_NOT_EXTRACTED' && i.table === 'page 2')).toEqual([]);
    // Page 13 is read from its text layer as before.
    expect(rows.filter((r) => r.source.table === 'page 1').every((r) => !(r.flags ?? []).some((f) => f.code === 'ROW_FROM_PAGE_IMAGE'))).toBe(true);
  });

  it('keeps only prices as printed: the rows 598–611 that keep one have the printed price, a price cut by the scan edge is not kept', async () => {
    const page = (await read()).rows.filter((r) => r.source.table === 'page 2');
    const first = page.slice(0, PRINTED_598_611.length);
    const kept = first.filter((r) => r.prices.length > 0);
    expect(kept.length).toBeGreaterThanOrEqual(4);
    first.forEach((row, i) => {
      for (const p of row.prices) expect(p.value).toBe(PRINTED_598_611[i]);
    });
    for (const row of page) for (const p of row.prices) expect(p.value).toBeGreaterThanOrEqual(3600);
    const rejected = page.flatMap((r) => r.flags ?? []).filter((f) => f.code === 'PRICE_REREAD_REJECTED');
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected[0]!.message).toMatch(/не похоже на цену колонки/);
    const reported = ((await read()).issues ?? []).filter((i) => i.code === 'PRICES_REJECTED' && i.table === 'page 2');
    // Those refused for the column's pattern (others are refused cell re-reads, counted apart).
    const refusedForPattern = rejected.filter((f) => /цены колонки кратны|ниже самой низкой цены колонки/.test(String(f.params.reason)));
    expect(refusedForPattern.length).toBeGreaterThan(0);
    expect(reported.reduce((sum, i) => sum + (i.params.count ?? 0), 0)).toBeGreaterThanOrEqual(refusedForPattern.length);
  });
});
