/**
 * The PDF reader on scanned pages whose cells are not where a simple reader looks for them (excerpts in
 * `test/fixtures/pdf/`, see its README): name cells merged over several rows, remarks whose first line
 * sits in the header band, notes over two price columns, numbers centred in tall cells with the prices
 * at their top, pages fed at an offset, tariff headings inside the table. Expected names and prices
 * were read from the rendered pages.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows } from '../extract-rows.js';
import type { PriceRow } from '../price-row.js';
import { pdfReader } from './pdf.js';

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../test/fixtures/pdf/${name}`, import.meta.url))));

async function rowsOf(name: string): Promise<PriceRow[]> {
  return extractPriceRows(await pdfReader.read(fixture(name), name)).rows;
}

/** `role:value` of each price, for short assertions. */
const pricesOf = (row: PriceRow | undefined): string[] => (row?.prices ?? []).map((p) => `${p.role}:${p.value}`);

describe('extract: PDF layouts, «Клиника 4 прайс 2026.pdf» pages 9, 24, 26, 29', () => {
  const rows = rowsOf('clinic4-2026-pages-9-24-26-29.pdf');

  it('keeps a note centred over two price columns («*на зелено-чувствительной пленке») from joining them', async () => {
    const row = (await rows).find((r) => r.name.startsWith('Рентгенография ребер 2 проекции'));
    expect(pricesOf(row)).toEqual(['resident:5400', 'nonresident:6100', 'nonresident_far:6900']);
  });

  it('reads a heading with a note in the price columns beside it as a section, not as a name', async () => {
    const mri = (await rows).filter((r) => r.name.startsWith('Магнитно - резонансная томография'));
    expect(mri.map((r) => [r.name, r.prices[0]?.value])).toEqual([
      ['Магнитно - резонансная томография без применения контрастного вещества', 24800],
      ['Магнитно - резонансная томография с применением контрастного веществ', 41900],
    ]);
    const xray = (await rows).find((r) => r.name.startsWith('Рентгенография ребер 2 проекции'));
    expect(xray?.section).toMatch(/^Подраздел 5\.3\. Кабинет рентгеновских исследований/);
  });

  it('reads a remark column whose first line holds a price word as part of the name, and the prices keep their roles', async () => {
    const row = (await rows).find((r) => r.name.startsWith('Робот-ассистированное эндопротезирование коленного сустава'));
    expect(row?.name).toBe('Робот-ассистированное эндопротезирование коленного сустава в стоимость операции, не входит аренда робот-ассистента МАКО');
    expect(pricesOf(row)).toEqual(['resident:1100000', 'nonresident:1232000', 'nonresident_far:1379900']);
  });

  it('names each row of a name cell merged over three rows with their qualifiers («Термический ожог 1-2-3АБ степени»)', async () => {
    const burns = (await rows).filter((r) => /^Термический ожог/.test(r.name));
    expect(burns.map((r) => r.name.replace(/^Термический ожог 1-2-[З3]АБ степени /, ''))).toEqual([
      '10-20% поверхности тела',
      '20-30% поверхности тела',
      '30% и более поверхности тела',
    ]);
    expect(burns.map((r) => r.prices[0]?.value)).toEqual([43800, 64400, 97200]);
  });

  it('gives a name of eight lines centred over two rows to both rows, whole', async () => {
    const sequelae = (await rows).filter((r) => r.name.startsWith('Последствия травм, переломов, вывихов'));
    expect(sequelae).toHaveLength(2);
    for (const row of sequelae) expect(row.name).toMatch(/отдельных сегментов, структур (средней|тяжелой) степени тяжести$/);
    expect(sequelae.map((r) => r.prices[0]?.value)).toEqual([198000, 264000]);
  });

  it('gives a one-line name between two qualified rows to both («Приобретенные деформации пальцев рук»)', async () => {
    const deformities = (await rows).filter((r) => r.name.startsWith('Приобретенные деформации пальцев рук'));
    expect(deformities.map((r) => [r.name, r.prices[0]?.value])).toEqual([
      ['Приобретенные деформации пальцев рук средней степени тяжести', 132000],
      ['Приобретенные деформации пальцев рук тяжелой степени тяжести', 171600],
    ]);
  });
});

describe('extract: PDF layouts, «Клиника 3 прайс 2026.PDF» pages 22–24', () => {
  const rows = rowsOf('clinic3-2026-pages-22-24.pdf');

  it('joins a row number centred in a tall cell to the prices at the cell\'s top', async () => {
    const lead = (await rows).find((r) => /^Свинец \(\S+\) в крови$/.test(r.name));
    expect(pricesOf(lead)).toEqual(['resident:6060', 'partner:4545']);
    const steroids = (await rows).find((r) => r.name.startsWith('Комплексная диагностика стероидных гормонов'));
    expect(steroids?.name).toBe('Комплексная диагностика стероидных гормонов, их предшественники и метаболиты (15 показателей) (хроматография)');
    expect(pricesOf(steroids)).toEqual(['resident:49500', 'partner:37125']);
  });

  it('reads a page fed at an offset with the previous page\'s columns, each name whole on its own row', async () => {
    const page = (await rows).filter((r) => r.source.table === 'page 3');
    expect(page.slice(0, 4).map((r) => r.name.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^Дегидроэпиандростерон сульфат \(ДГЭА - S.+\) в крови \(хроматография\)$/),
      'Дегидроэпиандростерон (ДГЭА) в крови (хроматография)',
      '11-дезоксикортикостерон в крови (хроматография)',
      '11-деоксикортизол в крови (хроматография)',
    ]);
    expect(page.slice(0, 4).map(pricesOf)).toEqual(new Array(4).fill(['resident:17600', 'partner:13200']));
  });
});

describe('extract: PDF layouts, «Клиника 2 прайс 2025 год.PDF» pages 10–11', () => {
  const rows = rowsOf('clinic2-2025-pages-10-11.pdf');

  it('reads the tariff headings inside a one-price table as the roles of the blocks under them', async () => {
    const cytology = (await rows).filter((r) => r.name === 'Цитологическое исследование аспирата (соскоба) из полости матки');
    expect(cytology.map(pricesOf)).toEqual([['resident:6240'], ['nonresident:8160'], ['nonresident_far:10800']]);
    expect(cytology[1]!.prices[0]!.header).toMatch(/^Цена для граждан стран СНГ/);
  });

  it('keeps the word order of a line the scan gave word by word, each word a little higher than the last', async () => {
    const caries = (await rows).find((r) => r.prices[0]?.value === 12000 && r.name.includes('кариеса'));
    expect(caries?.name).toBe('Лечение поверхностного, среднего кариеса завершенного композитным материалом химического отверждения');
  });
});
