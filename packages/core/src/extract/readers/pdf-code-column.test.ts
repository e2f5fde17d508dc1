/**
 * The PDF reader on a page that continues a table without a header band, where the service code stands in a
 * column of its own while the header of the page before spans the name and the code (`clinic3-2026-pages-1-17-18.pdf`,
 * see `test/fixtures/README.md`). Expected codes were read from the rendered pages.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows } from '../extract-rows.js';
import type { PriceRow } from '../price-row.js';
import { pdfReader } from './pdf.js';

const name = 'clinic3-2026-pages-1-17-18.pdf';
const bytes = new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../test/fixtures/pdf/${name}`, import.meta.url))));

describe('extract: PDF code column, «Клиника 3 прайс 2026.PDF» pages 1, 17, 18', () => {
  const rows: Promise<PriceRow[]> = pdfReader.read(bytes, name).then((r) => extractPriceRows(r).rows);
  const onPage = async (page: number): Promise<PriceRow[]> => (await rows).filter((r) => r.source.table === `page ${page}`);

  // Page 18 of the list (3 of the excerpt), rows 167–188, as printed.
  const printed = [
    ['Грибы', 'B06.457.006.22'], ['Какао/шоколад', 'B06.457.006.33'], ['Кофе', 'B06.457.006.31'], ['Чай', 'B06.457.006.32'],
    ['Пекарские дрожжи', 'B06.457.006.41'], ['Панель аллергенов трав: душистый колосок', 'B06.457.006.150'],
    ['Панель аллергенов трав: ежа сборная', 'B06.457.006.146'], ['Панель аллергенов трав: свинорой', 'B06.457.006.148'],
    ['Амброзия, смесь', 'B06.457.006.105'], ['Панель аллергенов сорных трав: пыльца', 'B06.457.006.153'],
    ['Панель аллергенов сорных трав: полынь', 'B06.457.006.216'], ['Панель аллергенов сорных трав: ромашка', 'B06.457.006.154'],
    ['Панель аллергенов сорных трав: амброзия', 'B06.457.006.279'], ['Панель аллергенов деревьев: ольха серая, береза', 'B06.457.006.145'],
    ['Панель аллергенов деревьев: клен', 'B06.457.006.280'], ['Панель аллергенов деревьев: ольха серая, лещина,', 'B06.457.006.144'],
    ['Панель аллергенов плесени: Penicillium notatum, Cladosporium herbarum, Aspergillus fumigatus, Alternaria', 'B06.457.006.141'],
    ['Панель аллергенов плесени: Penicillium notatum, Cladosporium herbarum, Aspergillus fumigatus, Candida', 'B06.457.006.142'],
    ['Панель аллергенов животных: перхоть кошки, перхоть лошади', 'B06.457.006.136'],
    ['Панель аллергенов животных: перхоть кошки, перхоть собаки', 'B06.457.006.217'],
    ['Панель аллергенов животных: эпителий морской', 'B06.457.006.137'], ['Панель аллергенов животных: перья гуся', 'B06.457.006.138'],
  ] as const;

  it('reads the code of every row of a header-less page from the code column the previous page\'s header spans', async () => {
    const page = await onPage(3);
    for (const [start, code] of printed) {
      const row = page.find((r) => r.name.startsWith(start));
      expect(row?.code, start).toBe(code);
    }
  });

  it('keeps section headings centred over the code column out of the codes and the names', async () => {
    const page = await onPage(3);
    expect(page.find((r) => r.name.startsWith('Грибы'))?.code).toBe('B06.457.006.22');
    expect(page.every((r) => !/Пищевые продукты|Панели аллергенов:/.test(r.name))).toBe(true);
  });

  it('moves a code the scan spaced and misread out of a name on the headed page (row 142 «Лосось (семга), f41»)', async () => {
    const salmon = (await onPage(2)).find((r) => r.name.startsWith('Лосось'));
    expect(salmon?.code).toBe('B06.457.006.11');
    expect(salmon?.name).toMatch(/^Лосось \(семга\), f4 ?1$/);
  });

  it('reads the page\'s own code column with the OCR\'s spaces dropped and the Latin first letter (page 1, `В0 2.110.002` in the text layer)', async () => {
    expect((await onPage(1)).find((r) => r.name.startsWith('Общий анализ крови'))?.code).toBe('B02.110.002');
  });
});
