/**
 * The `№` column of a scan whose header the OCR garbled, and the numbers a list itself does not print
 * (excerpts `clinic2-2026-page-2.pdf`, page 2 of «Клиника 2 прайс 2026.pdf», and `clinic3-2026-pages-1-5.pdf`, pages 1 (its header) and 5
 * of «Клиника 3 прайс 2026.PDF»; see `test/fixtures/README.md`). Expected values were read from the pages rendered
 * with `pdftoppm -r 90`/`-r 60`:
 * - «Клиника 2» page 2 prints `№` over its number column (the text layer has `.Y*`); row 49 «Периодический
 *   профилактический медицинский осмотр …» 20 900 / 22 900 / 45 800, row 50 «Медицинский осмотр по индивидуальному
 *   согласованному перечню» with «договорная» in every price column, row 51 «Заключение терапевта в санитарную
 *   книжку + допуск к работе» 4 400 / 5 500 / 11 000;
 * - «Клиника 3» page 5 numbers its rows 159, 160, 161, 162, 166 (the list skips 163–165), row 161 «Ревматоидный
 *   фактор IgA» (8 200 / 6 150) has no name in the text layer.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows, type ExtractedRows } from '../extract-rows.js';
import { pdfReader } from './pdf.js';

const read = (name: string): Promise<ExtractedRows> =>
  pdfReader.read(new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../test/fixtures/pdf/${name}`, import.meta.url)))), name).then(extractPriceRows);
const notExtracted = (extracted: ExtractedRows): number[] =>
  (extracted.issues ?? []).filter((i) => i.code === 'ROWS_NOT_EXTRACTED').flatMap((i) => i.params.numbers ?? []);

describe('extract: PDF row numbers, «Клиника 2 прайс 2026.pdf» page 2', () => {
  const extracted = read('clinic2-2026-page-2.pdf');

  it('keeps a numbered row priced «договорная» between its neighbours, without a price and flagged (row 50)', async () => {
    const rows = (await extracted).rows;
    const at = rows.findIndex((r) => r.name === 'Медицинский осмотр по индивидуальному согласованному перечню');
    expect(at).toBeGreaterThan(0);
    expect(rows[at]!.prices).toEqual([]);
    expect((rows[at]!.flags ?? []).map((f) => f.code)).toEqual(['PRICE_MISSING']);
    expect(rows[at - 1]!.prices.map((p) => p.value)).toEqual([20900, 22900, 45800]);
    expect(rows[at + 1]!.prices.map((p) => p.value)).toEqual([4400, 5500, 11000]);
  });

  it('reads the garbled `№` column as the row numbers: no number is reported missing', async () => {
    expect(notExtracted(await extracted)).toEqual([]);
  });
});

describe('extract: PDF row numbers, «Клиника 3 прайс 2026.PDF» page 5', () => {
  const extracted = read('clinic3-2026-pages-1-5.pdf');

  it('reports the row the scan lost the name of (161), not the numbers the list skips itself (163–165)', async () => {
    const issues = ((await extracted).issues ?? []).filter((i) => i.code === 'ROWS_NOT_EXTRACTED');
    expect(issues.map((i) => [i.table, i.params.numbers])).toEqual([['page 2', [161]]]);
    // Rows 162 and 166 stand on consecutive lines: nothing is printed between them.
    const names = (await extracted).rows.map((r) => r.name);
    expect(names.findIndex((n) => /^Антинуклеарный фактор на клеточной линии/.test(n)) - names.indexOf('Антитела к нейрональной трансглутаминазе, IgG')).toBe(1);
  });
});

/*
 * «Клиника 2 прайс 2025 год.PDF» pages 13–14 (excerpt `clinic2-2025-pages-13-14.pdf`), read from the pages rendered
 * with `pdftoppm -r 100`: page 13 ends with row 597 «Рентгенография …»; page 14 prints rows 598–649, every one
 * priced (598 «Рентгенография грудины в 1-ой проекции» 4 200 … 647 «Наркоз внутривенный до 1 часа», 649 «Анестезия
 * проводниковая»), but its OCR text layer kept the `№` of only 613, 614, 635, 643, 644, 645, 647 and the names of
 * 613 «Рентгенография копчика в 2-х проекциях», 614 «Рентгенография поясничного отдела позвоночника в 4х-проекциях
 * с функциональной нагрузкой», 643 «Работа анестезиолога … ASA III-ASA V» and 647.
 */
describe('extract: PDF row numbers, «Клиника 2 прайс 2025 год.PDF» page 14 (text layer lost most rows)', () => {
  const extracted = read('clinic2-2025-pages-13-14.pdf');

  it('names in the report every number of the page that was not extracted, and no other', async () => {
    const { rows, issues } = await extracted;
    const page = rows.filter((r) => r.source.table === 'page 2').map((r) => r.name);
    expect(page.some((n) => /Рентгенография копчика в 2-х проекциях/.test(n))).toBe(true);
    expect(page.some((n) => /поясничного отдела позвоночника в 4х-проекциях/.test(n))).toBe(true);
    expect(page.some((n) => /ASA I1I-ASA V|ASA III-ASA V/.test(n))).toBe(true);
    expect(page).toContain('Наркоз внутривенный до 1 часа');
    const extractedNumbers = new Set([613, 614, 643, 647]);
    // 648–649 follow the excerpt's last number: no later page bounds them here.
    const lost = Array.from({ length: 647 - 598 + 1 }, (_, i) => 598 + i).filter((n) => !extractedNumbers.has(n));
    expect(notExtracted(await extracted)).toEqual(lost);
    expect((issues ?? []).filter((i) => i.code === 'ROWS_NOT_EXTRACTED').map((i) => i.table)).toEqual(['page 2']);
  });
});
