/**
 * Names wrapped in vertically centred cells (excerpt `clinic2-2026-page-13.pdf`, page 13 of «Клиника 2 прайс
 * 2026.pdf», see `test/fixtures/README.md`): the number and the prices stand level with the middle of a
 * two-line name, so the name's first line sits above the row's anchors. Expected values were read from the
 * page rendered with `pdftoppm -r 90` and `-r 100`: row 660 `wm1 Смесь сорных трав (тимофеевка луговая,
 * полынь обыкновенная, / подорожник, мостенница, береза бородавчатая)` and row 661 `im100 Смесь аллергенов
 * деревьев (…) Клен, ольха, береза, / лещина, дуб, платан кленолистный, ива, тополь`, both 6 200 / 6 200 /
 * 8 100; row 671 `Смесь плесневых аллергенов … / Aspergillus fumigatus, …`, its number and prices level with
 * the gap between its two lines, 6 200 / 6 200 / 8 100; row 715 `КТ органов брюшной полости, забрюшинного пространства и малого таза с / контрастированием`,
 * 55 000 / 55 000 / 82 500, then row 716 `КТ малого таза без контраста`, 17 000 / 17 000 / 25 500.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows, type ExtractedRows } from '../extract-rows.js';
import { pdfReader } from './pdf.js';

const NAME = 'clinic2-2026-page-13.pdf';
const bytes = new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../test/fixtures/pdf/${NAME}`, import.meta.url))));

describe('extract: PDF names wrapped in vertically centred cells, «Клиника 2 прайс 2026.pdf» page 13', () => {
  const extracted: Promise<ExtractedRows> = pdfReader.read(bytes, NAME).then(extractPriceRows);
  const find = async (test: RegExp) => (await extracted).rows.filter((r) => test.test(r.name));

  it('gives each row its own two-line name, the first line above its anchors', async () => {
    const [weeds] = await find(/Смесь сорных трав/);
    expect(weeds!.name).toMatch(/^wm[l1] Смесь сорных трав \(тимофеевка луговая, полынь обыкновенная, подорожник, мостенница. береза бородавчатая\)$/);
    expect(weeds!.prices.map((p) => p.value)).toEqual([6200, 6200, 8100]);
    const [trees] = await find(/Смесь аллергенов деревьев/);
    expect(trees!.name).toMatch(/Клен, ол[ьх]ка. береза, лещина, дуб. платан кленолистный, ива. тополь/);
    expect(trees!.name).not.toMatch(/Смесь сорных трав/);
  });

  it('names a row whose number and prices stand level with the gap between its two name lines (row 671)', async () => {
    // Printed: `Смесь плесневых аллергенов Penicillium notatum, Cladosporium herbarum, / Aspergillus fumigatus,
    // Mucor racemosus, Alternaria alternata (tenuis), mm1`, 6 200 / 6 200 / 8 100 (read at 100 dpi).
    const [mould] = await find(/^Смесь плесневых аллергенов/);
    expect(mould!.name).toMatch(/^Смесь плесневых аллергенов Penicillium notatum, Cladosporium herbarum, Aspergillus f\S+, Mucor racemosus/);
    expect(mould!.prices.map((p) => p.value)).toEqual([6200, 6200, 8100]);
    expect((await extracted).issues.some((i) => i.code === 'ROWS_WITHOUT_NAME')).toBe(false);
  });

  it('does not take a name\'s first line for a section heading', async () => {
    const ct = await find(/^КТ органов брюшной полости, забрюшинного пространства и малого таза с контрастированием$/);
    expect(ct.map((r) => r.prices.map((p) => p.value))).toEqual([[55000, 55000, 82500]]);
    const [pelvis] = await find(/^КТ малого таза без/);
    expect(pelvis!.prices.map((p) => p.value)).toEqual([17000, 17000, 25500]);
    expect(pelvis!.section ?? '').not.toMatch(/КТ органов/);
    const sections = new Set((await extracted).rows.map((r) => r.section));
    expect([...sections].some((s) => s !== null && /Смесь|КТ органов/.test(s))).toBe(false);
  });
});

/**
 * Page 2 of «Клиника 4 прайс 2026.pdf» (excerpt `clinic4-2026-page-2.pdf`), read at 70 dpi: the heading
 * `подраздел 1.2. Дополнительные услуги` with its second line `консультативно-диагностического отделения, а
 * также в травматологическом пункте`, then row 1 `Снятие металлоконструкций`, 77 000 / 86 300 / 96 700.
 */
describe('extract: PDF heading wrapped on two lines, «Клиника 4 прайс 2026.pdf» page 2', () => {
  const page2 = pdfReader.read(new Uint8Array(readFileSync(fileURLToPath(new URL('../../../test/fixtures/pdf/clinic4-2026-page-2.pdf', import.meta.url)))), 'p2.pdf').then(extractPriceRows);

  it('keeps a heading\'s lower-case second line in the heading, out of the name below', async () => {
    const row = (await page2).rows.find((r) => r.name.includes('Снятие металлоконструкций'));
    expect(row?.name).toBe('Снятие металлоконструкций');
    expect(row?.prices.map((p) => p.value)).toEqual([77000, 86300, 96700]);
    expect(row?.section).toMatch(/^подраздел 1\.2\. Дополнительные услуги консультативно-диагностического отделения, а также в травматологи/);
  });
});
