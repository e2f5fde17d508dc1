/**
 * Prices the scan's OCR text layer lost, read again from the page image with tesseract (digits only). Excerpt
 * `clinic2-2025-pages-5-6.pdf` (pages 5 and 6 of «Клиника 2 прайс 2025 год.PDF», see `test/fixtures/README.md`):
 * page 6's text layer has no price at all, while its image prints them (read by a person at 70 and 100 dpi:
 * row 216 `Новокаиновая блокада местная инфильтрационная` 3 600, 218 `Вскрытие крупной гематомы поверхностной`
 * 14 400, 224 `Подкожная пункция` 6 000, 242 `Видеоэзофагогастродуоденоскопия (ВГДС) лечебная` 39 600, 247
 * `Видеоколоноскопия диагностическая` 27 600). Page 5 gives the column its scale. Skipped where tesseract or
 * pdftoppm is missing: the reader then keeps the rows without a price, as the other tests check.
 */
import { describe, expect, it } from 'vitest';
import { ocrToolsInstalled, pdfExcerpt, readWithOcr } from '../../../test/helpers/page-reread.js';
import { extractPriceRows } from '../extract-rows.js';
import type { PriceRow } from '../price-row.js';
import { pdfReader } from './pdf.js';

const NAME = 'clinic2-2025-pages-5-6.pdf';

describe.skipIf(!ocrToolsInstalled)('extract: prices re-read from the page image (skipped when tesseract or pdftoppm is not installed)', () => {
  const read = readWithOcr(NAME);
  const page6 = async (): Promise<PriceRow[]> => (await read()).rows.filter((r) => r.source.table === 'page 2');
  const row = async (name: string): Promise<PriceRow | undefined> => (await page6()).find((r) => r.name === name);

  it('reads the prices the text layer lacks, as printed, each flagged PRICE_REREAD_OCR with a Russian message', async () => {
    const printed: [string, number][] = [
      ['Новокаиновая блокада местная инфильтрационная', 3600],
      ['Вскрытие крупной гематомы поверхностной', 14400],
      ['Подкожная пункция', 6000],
      ['Видеоэзофагогастродуоденоскопия (ВГДС) лечебная', 39600],
      ['Видеоколоноскопия диагностическая', 27600],
    ];
    for (const [name, value] of printed) {
      const found = await row(name);
      expect(found?.prices.map((p) => p.value), name).toEqual([value]);
      expect(found?.flags?.map((f) => f.code)).toEqual(['PRICE_REREAD_OCR']);
      expect(found?.warnings.join(' ')).toMatch(/отсутствует в текстовом слое скана; прочитана с изображения страницы как \d+ — проверьте/);
    }
  });

  it('prices most rows of the page (the text layer alone prices none), and the file report names the page', async () => {
    const rows = await page6();
    expect(rows.length).toBeGreaterThanOrEqual(44);
    expect(rows.filter((r) => r.prices.length > 0).length).toBeGreaterThanOrEqual(40);
    const issue = (await read()).issues.find((i) => i.code === 'PRICES_REREAD');
    expect(issue?.table).toBe('page 2');
    expect(issue?.message).toMatch(/^\[PRICES_REREAD\] стр\. 2: в \d+ строк\(ах\) цена, которой нет в текстовом слое скана, прочитана с изображения страницы/);
  });

  it('re-reads nothing where the text layer read the price (page 5 keeps its values and flags)', async () => {
    const rows = (await read()).rows.filter((r) => r.source.table === 'page 1');
    expect(rows.some((r) => r.flags?.some((f) => f.code === 'PRICE_REREAD_OCR'))).toBe(false);
  });
});

describe('extract: without OCR the rows of a page whose prices the layer lost are kept unpriced and flagged', () => {
  it('keeps page 6 rows with PRICE_MISSING', async () => {
    const { rows } = extractPriceRows(await pdfReader.read(pdfExcerpt(NAME), NAME));
    const page = rows.filter((r) => r.source.table === 'page 2');
    expect(page.length).toBeGreaterThanOrEqual(44);
    expect(page.every((r) => r.prices.length === 0 && r.flags?.some((f) => f.code === 'PRICE_MISSING'))).toBe(true);
  });
});
