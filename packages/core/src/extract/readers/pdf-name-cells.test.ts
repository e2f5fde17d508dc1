/**
 * Name cells of «Клиника 3 прайс 2026.PDF» read whole (issue 17). Excerpt `clinic3-2026-pages-1-8-20.pdf` (pages 1,
 * 8 and 20, see `test/fixtures/README.md`), read by a person at 100 and 200 dpi: page 8's № 231 «Определение
 * протромбинового времени (ПВ) с последующим расчетом протромбинового индекса (ПТИ) и международного
 * нормализованного отношения (МНО) в плазме крови на анализаторе (ПВ-ПТИ-МНО)», 1 700 / 1275, a five-line name at
 * the top of which the number, code and prices stand; page 20's headings `Пыльца сорных трав`, `Пыльца деревьев`,
 * `Микроорганизмы`, `Клещи` centred over the table; № 232 «Собака rCan f 2, e102» and № 233 «Собака (альбумин
 * сыворотки) rCan f 3 IgE, e221»; № 248 «Арахис rAra h 3 IgE, f424» and № 249 «Арахис rAra h 8 PR-10 IgE, f352»,
 * both 12 540 / 9405, one line each. Excerpt `clinic3-2026-pages-1-5.pdf`: page 5's № 168 «Антитела к антигенам
 * аутоиммунных заболеваний печени (AMA-M2, M2-3E, Sp100, PML, gp210, LKM-1, LC-1, SLA/LP, Ro-52), иммуноблот».
 * Excerpt `clinic3-2026-pages-1-17-18.pdf`: page 17's «Краб, f23» and «Сельдь, f205», page 18's «Кофе, f221».
 */
import { describe, expect, it } from 'vitest';
import { ocrToolsInstalled, pdfExcerpt, readWithOcr } from '../../../test/helpers/page-reread.js';
import { extractPriceRows, type ExtractedRows } from '../extract-rows.js';
import type { PriceRow } from '../price-row.js';
import { pdfReader } from './pdf.js';

const NAME = 'clinic3-2026-pages-1-8-20.pdf';
const read = (name: string): Promise<ExtractedRows> => pdfReader.read(pdfExcerpt(name), name).then(extractPriceRows);

describe('extract: PDF name cells read whole, «Клиника 3 прайс 2026.PDF» pages 5, 8 and 20', () => {
  const extracted = read(NAME);
  const named = async (test: RegExp): Promise<PriceRow[]> => (await extracted).rows.filter((r) => test.test(r.name));

  it('keeps the last lines of a tall name cell that run below the reach of the row\'s anchors', async () => {
    const [row] = await named(/^Определение протромбинового времени/);
    expect(row!.name).toMatch(/и международного нормализованного отношения \(МНО\) в плазме крови на анализаторе \(ПВ-ПТИ-МНО\)$/);
    expect(row!.prices.map((p) => p.value)).toEqual([1700, 1275]);
    const [liver] = (await read('clinic3-2026-pages-1-5.pdf')).rows.filter((r) => /^Антитела к антигенам аутоиммунных заболеваний печени/.test(r.name));
    expect(liver!.name).toMatch(/Ro-52\), иммуноблот$/);
  });

  it('does not read a one-line row whose text layer kept only its name into the next row\'s name', async () => {
    const [next] = await named(/rAra h 8/);
    expect(next!.name).toBe('Арахис rAra h 8 PR-10 IgE, f352');
    expect(next!.prices.map((p) => p.value)).toEqual([12540, 9405]);
    // Without OCR its prices cannot be read: the line is no heading either.
    expect((await extracted).rows.some((r) => r.section === 'Арахис rAra h 3 IgE, f424')).toBe(false);
  });

  it('makes a heading centred over the table the section of the rows below it, not text of their code cells', async () => {
    const sectionOf = async (test: RegExp): Promise<string | null> => (await named(test))[0]!.section;
    expect(await sectionOf(/^Амброзия nAmb/)).toBe('Пыльца сорных трав');
    expect(await sectionOf(/^Берёза rBet v 4, t220$/)).toBe('Пыльца деревьев');
    expect(await sectionOf(/Alternaria alternata/)).toBe('Микроорганизмы');
    expect(await sectionOf(/^Клещ домашней пыли rDer р 23/)).toBe('Клещи');
    expect((await extracted).rows.every((r) => !/Пыльца|Клещи|Микроорганизмы/.test(r.code ?? ''))).toBe(true);
  });

  it('repairs a closing code from the neighbours\' codes, flagged NAME_REPAIRED with the text layer\'s name', async () => {
    const [dog] = await named(/rCan f 3 IgE/);
    expect(dog!.name).toBe('Собака (альбумин сыворотки) rCan f 3 IgE, e221');
    const flag = dog!.flags?.find((f) => f.code === 'NAME_REPAIRED');
    expect(flag?.message).toBe('[NAME_REPAIRED] название «Собака (альбумин сыворотки) rCan f 3 IgE, e2 2 1» исправлено: код в конце названия восстановлен по кодам соседних строк — проверьте');
    expect((await named(/rCan f2/))[0]!.name).toMatch(/, e102$/);
    const issue = (await extracted).issues.find((i) => i.code === 'NAMES_REPAIRED');
    expect(issue?.message).toMatch(/^\[NAMES_REPAIRED\] стр\. 3: в \d+ строк\(ах\) код в конце названия, повреждённый в текстовом слое скана, исправлен/);
  });
});

describe.skipIf(!ocrToolsInstalled)('extract: PDF names re-read from the page image (skipped when tesseract or pdftoppm is not installed)', () => {
  const withOcr = readWithOcr(NAME);
  const allergens = readWithOcr('clinic3-2026-pages-1-17-18.pdf');

  it('gives the stacked one-line row its own prices, read from the image', async () => {
    const [row] = (await withOcr()).rows.filter((r) => r.name === 'Арахис rAra h 3 IgE, f424');
    expect(row?.prices.map((p) => p.value)).toEqual([12540, 9405]);
  });

  it('reads a closing code the text layer damaged from the image, flagged with the image as its source', async () => {
    const rows = (await allergens()).rows;
    for (const printed of ['Краб, f23', 'Сельдь, f205', 'Кофе, f221']) {
      const row = rows.find((r) => r.name === printed);
      expect(row, printed).toBeDefined();
      expect(row!.flags?.find((f) => f.code === 'NAME_REPAIRED')?.message).toMatch(/прочитан с изображения страницы — проверьте$/);
    }
  });
});
