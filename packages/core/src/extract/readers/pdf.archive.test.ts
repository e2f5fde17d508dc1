/**
 * The archive's PDF scans end to end (bytes → `readDocument` → `extractPriceRows`). Skips visibly when
 * the archive is absent.
 *
 * How the expected figures were checked: every page was rendered to PNG (`pdftoppm -r 70`, some
 * regions at 110–150 dpi) and read by a person. Page counts of priced rows were counted on the images
 * (numbered rows plus unnumbered priced sub-rows, headings left out). Whole-file bounds come from the
 * row numbering printed on the pages: «Клиника 2 прайс 2025 год.PDF» numbers its rows 1–1076, and its
 * pages 7 and 14 have the price column cut off by the scan (no price can be read there); «Клиника 2
 * прайс 2026.pdf» numbers 1–846 and adds a few unnumbered priced sub-rows. The lower bounds leave room
 * for prices the OCR layer garbled beyond repair (faded cells on «Клиника 3», cut digits on
 * «Клиника 2 2025»); they are measured floors, set a little under what the reader gets today.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows, type ExtractedRows } from '../extract-rows.js';
import { readDocument } from './index.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../..');
const DATA_DIR = process.env.PRICECAT_DATA_DIR ?? join(REPO_ROOT, '../shared/data');
const ARCHIVE = join(DATA_DIR, 'archive');

const cache = new Map<string, Promise<ExtractedRows>>();
function extract(fileName: string): Promise<ExtractedRows> {
  let rows = cache.get(fileName);
  if (!rows) {
    rows = readDocument(new Uint8Array(readFileSync(join(ARCHIVE, fileName))), fileName).then(extractPriceRows);
    cache.set(fileName, rows);
  }
  return rows;
}

const onPage = (rows: ExtractedRows, table: string): number => rows.rows.filter((r) => r.source.table === table).length;
const valuesOf = (rows: ExtractedRows, name: string): number[] | undefined => rows.rows.find((r) => r.name === name)?.prices.map((p) => p.value);

describe.skipIf(!existsSync(ARCHIVE))('extract: PDF scans of the archive', () => {
  it('«Клиника 2 прайс 2025 год.PDF»: 36 priced rows on page 1, the cut-off page\'s rows kept without prices and flagged, 820–1076 in all', { timeout: 60_000 }, async () => {
    const rows = await extract('Клиника 2 прайс 2025 год.PDF');
    expect(onPage(rows, 'page 1')).toBe(36);
    // Page 7 prints rows 300–350 with the price column cut off by the scan: every row is kept, none priced.
    const page7 = rows.rows.filter((r) => r.source.table === 'page 7');
    expect(page7.length).toBeGreaterThanOrEqual(45);
    expect(page7.every((r) => r.prices.length === 0 && (r.flags ?? []).length > 0)).toBe(true);
    expect(page7.some((r) => r.name === 'Пункция лобной пазухи')).toBe(true);
    expect(rows.rows.length).toBeGreaterThanOrEqual(820);
    expect(rows.rows.length).toBeLessThanOrEqual(1076);
    expect(valuesOf(rows, 'Прием врача первичный')).toEqual([10800]);
    expect(valuesOf(rows, 'Консультация реабилитолога')).toEqual([9600]);
    expect(valuesOf(rows, 'ЛФК индивидуальная 20 минут')).toEqual([3600]);
  });

  it('«Клиника 2 прайс 2026.pdf»: 42 of the 43 priced rows of page 1, 800–900 in all, three prices per row', { timeout: 60_000 }, async () => {
    const rows = await extract('Клиника 2 прайс 2026.pdf');
    // The image shows 43 (rows 1–41 with prices, plus the two italic sub-rows of row 35); the two
    // sub-rows sit so close that their lines are read as one row today.
    expect(onPage(rows, 'page 1')).toBeGreaterThanOrEqual(42);
    expect(onPage(rows, 'page 1')).toBeLessThanOrEqual(43);
    expect(rows.rows.length).toBeGreaterThanOrEqual(800);
    expect(rows.rows.length).toBeLessThanOrEqual(900);
    const first = rows.rows.find((r) => r.source.table === 'page 1' && r.name.startsWith('Прием врача первичный'));
    expect(first?.prices.map((p) => p.value)).toEqual([9900, 15000, 30000]);
  });

  it('«Клиника 3 прайс 2026.PDF»: the tilted page 1\'s rows with their price and partner price, 650 or more in all', { timeout: 60_000 }, async () => {
    const rows = await extract('Клиника 3 прайс 2026.PDF');
    expect(onPage(rows, 'page 1')).toBeGreaterThanOrEqual(27);
    expect(rows.rows.length).toBeGreaterThanOrEqual(650);
    expect(valuesOf(rows, 'Альфа-1-антитрипсин')).toEqual([7360, 5520]);
    expect(valuesOf(rows, 'Альбумин')).toEqual([1780, 1335]);
    // Printed «1 880 / 1410»; the OCR layer lost the «1» of 1 880: the list's 75 % partner ratio restores it.
    expect(valuesOf(rows, 'Общий анализ крови (OAK без СОЭ)')).toEqual([1880, 1410]);
    // Page 9: the last line «… ИФА-методом» (an abbreviation joined to a lower-case word) stays with its row.
    expect(rows.rows.filter((r) => r.source.table === 'page 9' && /Эпштейн-Барра \(ВПГ-IV\)/.test(r.name)).map((r) => r.name)).toEqual([
      'Определение IgG к ядерному антигену вируса Эпштейн-Барра (ВПГ-IV) в сыворотке крови ИФА-методом',
      'Определение IgG к раннему антигену вируса Эпштейн-Барра (ВПГ-IV) в сыворотке крови ИФА-методом',
      'Определение IgM к капсидному антигену вируса Эпштейн-Барра (ВПГ-IV) в сыворотке крови ИФА-методом',
      'Определение IgG к капсидному антигену вируса Эпштейн-Барра (ВПГ-IV) в сыворотке крови ИФА-методом',
    ]);
    // A name in a top-aligned cell keeps its last line («эритроцитов. (ОАК + СОЭ)»).
    expect(rows.rows.find((r) => r.name.startsWith('Клинический анализ крови'))?.name).toMatch(/эритроцитов\. \(ОАК \+ СОЭ\)/);
  });

  // Known failure without OCR, page 1 row 8: «Определение титра антиэритроцитарных антител / в непрямом тесте Кумбса
  // в ID-картах» (6 880 / 5 160): the text layer has neither its number nor its prices, so the row has no price to
  // keep and is reported as skipped; with tesseract its prices are read from the image (pdf-lost-number-column.test.ts).
  it.fails('«Клиника 3 прайс 2026.PDF»: all 28 priced rows of page 1 (row 8 is lost today)', { timeout: 60_000 }, async () => {
    const rows = await extract('Клиника 3 прайс 2026.PDF');
    expect(onPage(rows, 'page 1')).toBe(28);
  });

  it('«Клиника 4 прайс 2026.pdf»: 7 of 8 and 13 priced rows on pages 1 and 2, the halves 3–4 joined, 420 or more in all', { timeout: 60_000 }, async () => {
    const rows = await extract('Клиника 4 прайс 2026.pdf');
    // Page 1 shows 8 priced rows; row 8 shares the merged name cell «Онлайн консультация врача» with
    // row 7 and is lost today (its name goes to row 7 only).
    expect(onPage(rows, 'page 1')).toBeGreaterThanOrEqual(7);
    expect(onPage(rows, 'page 1')).toBeLessThanOrEqual(8);
    expect(onPage(rows, 'page 2')).toBe(13);
    expect(onPage(rows, 'pages 3-4')).toBeGreaterThanOrEqual(19);
    expect(rows.rows.length).toBeGreaterThanOrEqual(420);
    expect(valuesOf(rows, 'Демонтаж аппарата Илизарова')).toEqual([18700, 21000, 23600]);
    expect(valuesOf(rows, 'Выездная консультация врача до 15 пациентов в день')).toEqual([148500, 166400, 186400]);
  });
});
