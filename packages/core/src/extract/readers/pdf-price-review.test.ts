/**
 * The PDF reader never drops a scanned row for its price (excerpt `clinic2-2025-pages-5-7.pdf`, pages 5 and
 * 7 of «Клиника 2 прайс 2025 год.PDF», see `test/fixtures/README.md`). Expected values were read from the
 * pages rendered with `pdftoppm -r 100`: the last digit of several prices on page 5 is cut by the scan's
 * right edge (printed `7 200`, `3 600`, `840`; the text layer has `7 20`, `3 60`, `84`), and page 7's price
 * column is cut off entirely (rows 300–350; only a stray `2`, `1`, `3` of some prices is left).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows, type ExtractedRows } from '../extract-rows.js';
import type { PriceRow } from '../price-row.js';
import { pdfReader } from './pdf.js';

const NAME = 'clinic2-2025-pages-5-7.pdf';
const bytes = new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../test/fixtures/pdf/${NAME}`, import.meta.url))));

const codesOf = (row: PriceRow | undefined): string[] => (row?.flags ?? []).map((f) => f.code);
const valuesOf = (row: PriceRow | undefined): number[] => (row?.prices ?? []).map((p) => p.value);

describe('extract: PDF price review, «Клиника 2 прайс 2025 год.PDF» pages 5 and 7', () => {
  const extracted: Promise<ExtractedRows> = pdfReader.read(bytes, NAME).then(extractPriceRows);
  const row = async (name: string): Promise<PriceRow | undefined> => (await extracted).rows.find((r) => r.name === name);

  it('reads a last digit cut by the scan edge from the column of round prices, flagged (rows 172, 173)', async () => {
    const biopsy = await row('Взятие биопсии эндометрия (Пайпель)');
    expect(valuesOf(biopsy)).toEqual([7200]);
    expect(codesOf(biopsy)).toEqual(['PRICE_REPAIRED']);
    expect(valuesOf(await row('Перевязка'))).toEqual([3600]);
  });

  it('keeps a row whose value is implausible for its column without a price, flagged (row 174: 840 printed, «84» in the layer)', async () => {
    const smear = await row('Взятие мазка на степень чистоты');
    expect(smear).toBeDefined();
    expect(valuesOf(smear)).toEqual([]);
    expect(codesOf(smear)).toEqual(['PRICE_IMPLAUSIBLE']);
    expect(smear!.warnings.join(' ')).toMatch(/^\[PRICE_IMPLAUSIBLE\] цена «84»/);
  });

  it('keeps every row of a page whose price column the scan cut off, with its name, section and a flag (page 7)', async () => {
    const page7 = (await extracted).rows.filter((r) => r.source.table === 'page 2');
    const names = page7.map((r) => r.name);
    expect(names.slice(0, 7)).toEqual([
      'Эхосинусоскопия (УЗИ придаточных пазух носа)',
      'Аппликационная анестезия (с ЛС и ИМН)',
      'Местная инфильтрационная анестезия (с ЛС и ИМН)',
      'Меатотимпанальная блокада',
      'Новокаиновые блокады при вазомоторном и аллергических ринитах',
      'Пункция лобной пазухи',
      'Забор биоматериала на анализ',
    ]);
    expect(page7.every((r) => r.prices.length === 0 && codesOf(r).length > 0)).toBe(true);
    expect(codesOf(page7[5])).toEqual(['PRICE_IMPLAUSIBLE']); // «2», what is left of the cut price
    const eeg = page7.find((r) => r.name.startsWith('Электроэнцефалография (ЭЭГ) 40 минут'));
    expect(eeg?.section).toMatch(/Неврология/);
  });

  it('says in the file report, in Russian with a code, how many rows of each page have no price', async () => {
    const { issues, warnings } = await extracted;
    const page7 = issues.find((i) => i.code === 'ROWS_WITHOUT_PRICE' && i.table === 'page 2');
    expect(page7?.params.count).toBeGreaterThanOrEqual(40);
    expect(warnings.some((w) => /\[ROWS_WITHOUT_PRICE\] стр\. 2: \d+ строк\(и\) сохранены без цены/.test(w))).toBe(true);
  });
});
