/**
 * A free-form page in a scanned list, read by the real PDF reader. No list of the archive has one, so the
 * excerpt is laid out here as the issue describes an unseen list (`test/tiny-pdf.ts` writes a PDF with a text
 * layer): page 1 a table with its header (`№ | Наименование услуги | Цена, тенге`); page 2 no header, plain
 * lines of a specialty with first- and repeat-visit prices (`терапевт  9000 тг  7000 тг`), a check-up whose
 * prices are labelled (`Медосмотр` over `Муж-7300 тг  Жен-9000 тг`) and a dotted leader (`УЗИ почек ....
 * 6500`). Until now the second page reused the first page's columns and gave no row.
 */
import { describe, expect, it } from 'vitest';
import { tinyPdf } from '../../../test/tiny-pdf.js';
import { extractPriceRows } from '../extract-rows.js';
import { pdfReader } from './pdf.js';

const table = [
  { x: 40, y: 780, text: '№' },
  { x: 70, y: 780, text: 'Наименование услуги' },
  { x: 420, y: 780, text: 'Цена, тенге' },
  ...[
    ['1', 'Прием терапевта первичный', '9 000'],
    ['2', 'Прием терапевта повторный', '7 000'],
    ['3', 'Прием невролога первичный', '9 500'],
    ['4', 'Прием невролога повторный', '7 500'],
  ].flatMap(([n, name, price], i) => [
    { x: 40, y: 760 - 14 * i, text: n! },
    { x: 70, y: 760 - 14 * i, text: name! },
    { x: 430, y: 760 - 14 * i, text: price! },
  ]),
];
const list = [
  { x: 40, y: 780, text: 'Консультации специалистов:' },
  { x: 40, y: 764, text: 'терапевт' },
  { x: 200, y: 764, text: '9000 тг' },
  { x: 300, y: 764, text: '7000 тг' },
  { x: 40, y: 750, text: 'лор' },
  { x: 200, y: 750, text: '8000 тг' },
  { x: 300, y: 750, text: '6000 тг' },
  { x: 40, y: 736, text: 'гинеколог' },
  { x: 200, y: 736, text: '9000 тг' },
  { x: 300, y: 736, text: '7000 тг' },
  { x: 40, y: 716, text: 'Медосмотр' },
  { x: 40, y: 702, text: 'Муж-7300 тг' },
  { x: 200, y: 702, text: 'Жен-9000 тг' },
  { x: 40, y: 682, text: 'УЗИ почек ....... 6500' },
];

describe('extract: a free-form page of a scanned list (PDF written by the test)', () => {
  it('reads the table page as a table and the page without a header as a free-form list', async () => {
    const { rows } = extractPriceRows(await pdfReader.read(tinyPdf([table, list]), 'free-form.pdf'));
    expect(rows.filter((r) => r.source.table === 'page 1').map((r) => [r.name, r.prices[0]?.value])).toEqual([
      ['Прием терапевта первичный', 9000],
      ['Прием терапевта повторный', 7000],
      ['Прием невролога первичный', 9500],
      ['Прием невролога повторный', 7500],
    ]);
    expect(rows.filter((r) => r.source.table === 'page 2').map((r) => [r.name, r.prices.map((p) => p.value)])).toEqual([
      ['терапевт', [9000, 7000]],
      ['лор', [8000, 6000]],
      ['гинеколог', [9000, 7000]],
      ['Медосмотр (муж)', [7300]],
      ['Медосмотр (жен)', [9000]],
      ['УЗИ почек', [6500]],
    ]);
  });
});
