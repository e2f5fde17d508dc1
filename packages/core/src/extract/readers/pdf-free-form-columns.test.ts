/**
 * A free-form list laid out in columns, read by the real PDF reader. No such list is in the archive: the excerpt is
 * self-built from issue 17's description (`test/fixtures/free-form/free-form-list.ts`, written to a PDF with a text
 * layer by `test/tiny-pdf.ts`): `ФИО врача / специальность | перв. прием | повт. прием | стоимость | название
 * обследований и лечения`, three pages, the second without a header. The expected rows are what the pages print.
 */
import { describe, expect, it } from 'vitest';
import { freeFormListPages } from '../../../test/fixtures/free-form/free-form-list.js';
import { tinyPdf } from '../../../test/tiny-pdf.js';
import { extractPriceRows, type ExtractedRows } from '../extract-rows.js';
import type { PriceRow } from '../price-row.js';
import { pdfReader } from './pdf.js';

let extracted: Promise<ExtractedRows> | undefined;
const read = (): Promise<ExtractedRows> => (extracted ??= pdfReader.read(tinyPdf(freeFormListPages()), 'free-form-columns.pdf').then(extractPriceRows));
const named = async (name: string): Promise<PriceRow> => {
  const row = (await read()).rows.find((r) => r.name === name);
  expect(row, name).toBeDefined();
  return row!;
};

describe('extract: a free-form list in columns (self-built excerpt, PDF with a text layer)', () => {
  it('reads a doctor or specialty with first- and repeat-visit prices as two visits', async () => {
    expect((await named('Иванова А.К. терапевт, первичный прием')).prices.map((p) => p.value)).toEqual([9000]);
    expect((await named('Иванова А.К. терапевт, повторный прием')).prices.map((p) => p.value)).toEqual([7000]);
    expect((await named('гинеколог, повторный прием')).prices[0]!.header).toBe('повт. прием');
  });
  it('reads the service on the same line as the visits, with its own price, not the remarks column as names', async () => {
    const { rows } = await read();
    expect(rows.filter((r) => r.source.table === 'page 1').map((r) => r.name)).toEqual([
      'Иванова А.К. терапевт, первичный прием',
      'Иванова А.К. терапевт, повторный прием',
      'Общий анализ крови с забором',
      'Сериков Б.Т. лор, первичный прием',
      'Сериков Б.Т. лор, повторный прием',
      'Смазывание слизистой носа',
      'Смазывание слизистой горла',
      'гинеколог, первичный прием',
      'гинеколог, повторный прием',
      'Удаление полипа',
      'невролог, первичный прием',
      'невролог, повторный прием',
      'Блокада нервных стволов',
      'Медосмотр (муж)',
      'Медосмотр (жен)',
    ]);
  });
  it('names each priced child of a parent line with the parent (`Смазывание слизистой` / `носа` / `горла`)', async () => {
    expect((await named('Смазывание слизистой носа')).prices.map((p) => p.value)).toEqual([1500]);
    expect((await named('Смазывание слизистой горла')).prices.map((p) => p.value)).toEqual([1500]);
    expect((await named('Промывание носа')).prices.map((p) => p.value)).toEqual([2500]);
  });
  it('keeps the lower bound of a range, flagged PRICE_RANGE with a Russian message', async () => {
    const row = await named('Удаление полипа');
    expect(row.prices.map((p) => p.value)).toEqual([7000]);
    expect(row.flags?.map((f) => f.code)).toEqual(['PRICE_RANGE']);
    expect(row.flags![0]!.message).toMatch(/диапазоном «7000-20000 тг»; сохранена нижняя граница 7000/);
  });
  it('keeps «от» as a lower bound, and a sum (`1300+700`) as its total, flagged PRICE_SUM', async () => {
    const block = await named('Блокада нервных стволов');
    expect(block.prices.map((p) => p.value)).toEqual([5000]);
    expect(block.warnings.join(' ')).toMatch(/lower bound/);
    expect((await named('невролог, первичный прием')).prices.map((p) => p.value)).toEqual([8000]);
    const sum = await named('Общий анализ крови с забором');
    expect(sum.prices.map((p) => p.value)).toEqual([2000]);
    expect(sum.flags?.map((f) => f.code)).toEqual(['PRICE_SUM']);
    expect((await named('Подбор очков')).prices.map((p) => p.value)).toEqual([4500]);
  });
  it('names in the file report, per page and in Russian, the rows whose price was a range or a sum', async () => {
    const issues = (await read()).issues.filter((i) => i.code === 'PRICES_NOT_EXACT');
    expect(issues.map((i) => [i.table, i.params.count])).toEqual([
      ['page 1', 2],
      ['page 3', 1],
    ]);
    expect(issues[0]!.message).toBe('[PRICES_NOT_EXACT] стр. 1: в 2 строк(ах) цена записана диапазоном или суммой; сохранена нижняя граница или сумма — проверьте по странице');
  });
  it('gives labelled prices one row per label (`Муж-7300 тг Жен-9000тг`)', async () => {
    expect((await named('Медосмотр (муж)')).prices.map((p) => p.value)).toEqual([7300]);
    expect((await named('Медосмотр (жен)')).prices.map((p) => p.value)).toEqual([9000]);
  });
  it('keeps a remark as an annotation of the service above, unless it carries a price', async () => {
    expect((await named('Удаление полипа')).remarks).toEqual(['в зависимости от размера']);
    const { rows } = await read();
    expect(rows.some((r) => /зависимости/.test(r.name))).toBe(false);
    expect((await named('анализы сдаются натощак')).prices.map((p) => p.value)).toEqual([3000]);
  });
  it('reads the page without a header with the columns of the page before, and the third page with its own', async () => {
    const { rows } = await read();
    expect(rows.filter((r) => r.source.table === 'page 2').map((r) => `${r.name}: ${r.prices.map((p) => p.value).join('/')}`)).toEqual([
      'Ахметов Д.С. хирург, первичный прием: 10000',
      'Ахметов Д.С. хирург, повторный прием: 8000',
      'Перевязка: 2500',
      'педиатр, первичный прием: 8500',
      'педиатр, повторный прием: 6500',
      'Промывание уха: 2000',
      'Промывание носа: 2500',
      'анализы сдаются натощак: 3000',
      'эндокринолог, первичный прием: 9500',
      'эндокринолог, повторный прием: 7500',
      'УЗИ щитовидной железы: 4000',
    ]);
    expect(rows.filter((r) => r.source.table === 'page 3')).toHaveLength(6);
  });
});
