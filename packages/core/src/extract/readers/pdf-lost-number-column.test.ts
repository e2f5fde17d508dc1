/**
 * A scan page whose OCR text layer lost its whole `№` column (and about half its prices), read again from its image.
 * Excerpt `clinic3-2026-pages-1-3.pdf` (pages 1 and 3 of «Клиника 3 прайс 2026.PDF», see `test/fixtures/README.md`).
 * Page 1 gives the header and a numbering (№ 1–28); page 3, a scan tilted by about 1.3°, prints rows 76–112, every
 * one with a price and a partner price, under three headings. Its text layer keeps no row number at all: its rows
 * were merged in pairs (24 of 37 found). Expected values were read by a person from page 3 rendered with
 * `pdftoppm -r 150` (and `-r 100` for the whole page); names are wrapped in top-aligned cells, the row's number,
 * code and prices level with the first line. Skipped where tesseract or pdftoppm is missing.
 */
import { describe, expect, it } from 'vitest';
import { ocrToolsInstalled, readWithOcr } from '../../../test/helpers/page-reread.js';
import type { PriceRow } from '../price-row.js';

const NAME = 'clinic3-2026-pages-1-3.pdf';

/** Rows 76–112 of page 3 as printed: «Цена, тенге» and «Цена партнера». */
const PRINTED: readonly (readonly [number, number])[] = [
  [24060, 18045], [28000, 21000], [32000, 24000], [8200, 6150], [4640, 3480], [4640, 3480], [1580, 1185], [1580, 1185],
  [2780, 2085], [2120, 1590], [1100, 825], [1000, 750], [1000, 750], [1580, 1185], [900, 675], [3420, 2565],
  [3420, 2565], [3420, 2565], [3780, 2835], [3420, 2565], [3780, 2835], [11800, 8850], [3780, 2835], [6260, 4695],
  [9400, 7050], [3780, 2835], [3780, 2835], [3780, 2835], [3780, 2835], [5520, 4140], [3780, 2835], [3780, 2835],
  [4860, 3645], [3780, 2835], [5540, 4155], [4360, 3270], [6320, 4740],
];

const priceOf = (row: PriceRow, role: string): number | undefined => row.prices.find((p) => p.role === role)?.value;

/** Pairs of (extracted row, printed row) aligned by their resident prices in page order (longest common subsequence). */
function align(rows: readonly PriceRow[]): [PriceRow, readonly [number, number]][] {
  const a = rows.map((r) => priceOf(r, 'resident'));
  const n = a.length;
  const m = PRINTED.length;
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      best[i]![j] = a[i] === PRINTED[j]![0] ? best[i + 1]![j + 1]! + 1 : Math.max(best[i + 1]![j]!, best[i]![j + 1]!);
  const pairs: [PriceRow, readonly [number, number]][] = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (a[i] === PRINTED[j]![0] && best[i]![j] === best[i + 1]![j + 1]! + 1) pairs.push([rows[i++]!, PRINTED[j++]!]);
    else if (best[i + 1]![j]! >= best[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

describe.skipIf(!ocrToolsInstalled)('extract: a page whose text layer lost its № column, re-read from its image (skipped without tesseract)', () => {
  const read = readWithOcr(NAME, 'Клиника 3 прайс 2026.PDF');
  const page3 = async (): Promise<PriceRow[]> => (await read()).rows.filter((r) => r.source.table === 'page 2');

  it('extracts at least 97 % of the 37 rows, one row per printed row, in order with their printed price', async () => {
    const rows = await page3();
    expect(rows.length).toBeGreaterThanOrEqual(Math.ceil(37 * 0.97));
    expect(rows.length).toBeLessThanOrEqual(37);
    expect(align(rows).length).toBeGreaterThanOrEqual(Math.ceil(37 * 0.97));
    for (const row of rows) expect((row.flags ?? []).map((f) => f.code)).toContain('ROW_FROM_PAGE_IMAGE');
    const reread = ((await read()).issues ?? []).filter((i) => i.code === 'PAGE_REREAD');
    expect(reread.map((i) => i.table)).toEqual(['page 2']);
    // Page 1 keeps its own text layer.
    expect((await read()).rows.filter((r) => r.source.table === 'page 1').some((r) => (r.flags ?? []).some((f) => f.code === 'ROW_FROM_PAGE_IMAGE'))).toBe(false);
  });

  it('puts no partner price on a row that is not its own', async () => {
    const pairs = align(await page3());
    const partners = pairs.filter(([row]) => priceOf(row, 'partner') !== undefined);
    expect(partners.length).toBeGreaterThanOrEqual(20);
    for (const [row, printed] of partners) expect(priceOf(row, 'partner')).toBe(printed[1]);
  });

  it('reads the partner prices the tilted page\'s text layer lost from its image, cut along the tilt, each flagged', async () => {
    // The layer lost the partner price of about half the rows; the cells are cut from the page turned straight
    // (an upright box around a cell of a page tilted by 1.3° took in the rules and the neighbours' digits).
    const pairs = align(await page3());
    const right = pairs.filter(([row, printed]) => priceOf(row, 'partner') === printed[1]);
    expect(right.length).toBeGreaterThanOrEqual(33);
    const fromImage = right.filter(([row]) => (row.flags ?? []).some((f) => f.code === 'PRICE_REREAD_OCR' && f.params.header === row.prices.find((p) => p.role === 'partner')?.header));
    expect(fromImage.length).toBeGreaterThanOrEqual(10);
  });

  it('keeps each wrapped name with its own row: the line under the prices ends the name above, it does not start the next', async () => {
    const rows = await page3();
    const named = (resident: number, partner: number): string[] =>
      rows.filter((r) => priceOf(r, 'resident') === resident && (priceOf(r, 'partner') ?? partner) === partner).map((r) => r.name);
    // № 77 and 78: «Определение белка Бенс-Джонса в моче на / анализаторе (качественное | количественное определение)».
    expect(named(28000, 21000)).toEqual([expect.stringMatching(/^Определение .*Бенс-Джонса в моче на анализаторе \(качественное определение\)$/)]);
    expect(named(32000, 24000)).toEqual([expect.stringMatching(/^Определение белка Бенс-Джонса в моче на анализаторе \(количественное определение\)$/)]);
    // № 79: «25-ОН витамин D (25-ОН vitamin D, 25(OH)D, 25- / hydroxycalciferol)»; № 80 «Витамин B12» alone.
    expect(named(8200, 6150)).toEqual([expect.stringMatching(/витамин D .*hydroxycalciferol\)$/)]);
    expect(named(4640, 3480)[0]).toMatch(/^Витамин [BВ]12$/);
    // № 106–108: «Эстрадиол», «Прогестерон», «17-ОН Прогестерон (17-ОП)», one name each.
    const at = rows.findIndex((r) => r.name === 'Эстрадиол');
    expect(rows.slice(at, at + 3).map((r) => r.name)).toEqual(['Эстрадиол', 'Прогестерон', '17-ОН Прогестерон (17-ОП)']);
    // № 110's five lines (the last «бесплатно») stay with it; № 111 «ДГЭА-сульфат (дегидроэпиандростерон-сульфат)» is its own row.
    expect(named(5540, 4155)).toEqual([expect.stringMatching(/^Глобулин, связывающий половые гормоны .*бесплатно$/)]);
    expect(named(4360, 3270)).toEqual([expect.stringMatching(/^ДГЭА-сульфат \(.*сульфат\)$/)]);
  });

  it('reads the prices of page 1\'s № 8, whose number and prices the text layer lost, from the image', async () => {
    // «Определение титра антиэритроцитарных антител / в непрямом тесте Кумбса в ID-картах», 6 880 / 5160 (read at 300 dpi).
    const page1 = (await read()).rows.filter((r) => r.source.table === 'page 1');
    const titre = page1.filter((r) => r.name.startsWith('Определение титра антиэритроцитарных антител'));
    expect(titre.map((r) => r.name)).toEqual(['Определение титра антиэритроцитарных антител в непрямом тесте Кумбса в ID-картах']);
    expect(titre[0]!.prices.map((p) => [p.role, p.value])).toEqual([['resident', 6880], ['partner', 5160]]);
    expect(page1.find((r) => r.name.includes('прямая проба Кумбса'))?.name).toBe('Антиглобулиновый тест (прямая проба Кумбса)');
  });
});
