/**
 * The real price lists of the archive, end to end (bytes → rows). Expected values were read by a
 * person from the files opened in Excel / Word; row numbers are the rows shown there.
 * Row counts were checked independently: every table row with a name and a price above 0
 * (Python over document.xml for the DOCX; SheetJS raw cell values for the spreadsheets).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows, type ExtractedRows } from './extract-rows.js';
import type { PriceRow } from './price-row.js';
import { readDocument } from './readers/index.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const DATA_DIR = process.env.PRICECAT_DATA_DIR ?? join(REPO_ROOT, '../shared/data');
const ARCHIVE = join(DATA_DIR, 'archive');

async function extract(fileName: string): Promise<ExtractedRows> {
  const bytes = new Uint8Array(readFileSync(join(ARCHIVE, fileName)));
  return extractPriceRows(await readDocument(bytes, fileName));
}

function at(rows: readonly PriceRow[], sourceRow: number): PriceRow {
  const row = rows.find((r) => r.source.row === sourceRow);
  if (!row) throw new Error(`no position from row ${sourceRow}`);
  return row;
}

const pricesOf = (row: PriceRow): [string, number][] => row.prices.map((p) => [p.role, p.value]);

/**
 * Headings, headers and titles must never be positions: the rows a person marked as such in the
 * file are absent, and no position reads like a header or title.
 */
function expectNoNonServiceRows(rows: readonly PriceRow[], nonServiceRows: readonly number[]): void {
  const positions = new Set(rows.map((r) => r.source.row));
  for (const r of nonServiceRows) expect(positions.has(r), `row ${r} became a position`).toBe(false);
  for (const row of rows) {
    expect(row.name).not.toMatch(/^(Наименование|Код|Прейскурант|ПРЕЙСКУРАНТ|Итого|Всего|Приложение)/);
    expect(row.prices.length).toBeGreaterThan(0);
  }
}

describe.skipIf(!existsSync(ARCHIVE))(`extract: the real archive (${ARCHIVE})`, () => {
  describe('Клиника 1 прайс 2024.docx', () => {
    let result: ExtractedRows;
    it('extracts 2,623 priced rows from the one Word table of 2,727 rows', async () => {
      result = await extract('Клиника 1 прайс 2024.docx');
      // 2,646 rows carry a price cell; 23 package components priced «0» (included) are not positions.
      expect(result.rows).toHaveLength(2623);
      expect(result.columns).toEqual([{ index: 2, header: 'Стоимость, тенге', role: 'resident' }]);
    });

    it('reads the first service with its code, section and price', () => {
      const row = at(result.rows, 4);
      expect([row.section, row.code, row.name, row.unit]).toEqual(['Раздел 1.Консультации специалистов', 'U1.1', 'Консультативный прием врача д.м.н.', null]);
      expect(pricesOf(row)).toEqual([['resident', 14400]]);
    });

    it('keeps the package «Ведение беременности 1 триместр» (no code) and its components', () => {
      const pack = at(result.rows, 193);
      expect([pack.section, pack.code, pack.name]).toEqual(['Раздел 10.Ведение Беременности', null, 'Ведение беременности 1 триместр']);
      expect(pricesOf(pack)).toEqual([['resident', 160650]]);
      const part = at(result.rows, 194);
      expect([part.code, part.name]).toEqual(['GK9.1', 'Прием врача гинеколога 1']);
      expect(pricesOf(part)).toEqual([['resident', 8000]]);
    });

    it('reads codes as written («LA. 001.040») and NBSP-grouped prices («3 960»)', () => {
      const smear = at(result.rows, 2720);
      expect([smear.code, smear.name]).toEqual(['LA. 001.040', 'Гинекологический мазок на степень чистоты']);
      expect(pricesOf(smear)).toEqual([['resident', 1550]]);
      const squid = at(result.rows, 2384);
      expect([squid.section, squid.code, squid.name]).toEqual(['31.21.Определение специфических IgE к пищевым аллергенам', 'B06.457.006.283', 'Тихоокеанский кальмар, f58']);
      expect(pricesOf(squid)).toEqual([['resident', 3960]]);
    });

    it('keeps «от 1000» as a lower-bound price with a warning', () => {
      const row = at(result.rows, 1121);
      expect(row.name).toBe('Осмотр ответственным медицинским работником за пределами клиники');
      expect(row.section).toBe('Предсменное медицинское освидетельствование');
      expect(pricesOf(row)).toEqual([['resident', 1000]]);
      expect(row.warnings).toHaveLength(1);
    });

    it('names the Word table in Russian in the file report («таблица 1», not the reader\'s «table 1»)', () => {
      const skipped = result.issues.find((issue) => issue.code === 'ROWS_WITHOUT_PRICE_SKIPPED');
      expect(skipped?.message).toMatch(/^\[ROWS_WITHOUT_PRICE_SKIPPED\] таблица 1: /);
      expect(result.issues.map((issue) => issue.message).join('\n')).not.toMatch(/\btable \d/);
    });

    it('makes no position of the title, the header or a section row', () => {
      // 1 title, 2 header, 3/192/404/405 sections, 960 a spanning note, 1119 a two-cell heading, 2234 blank.
      expectNoNonServiceRows(result.rows, [1, 2, 3, 192, 404, 405, 960, 1119, 2234, 2679]);
    });
  });

  describe('Клиника 6 прайс 2026.xlsx', () => {
    let result: ExtractedRows;
    it('extracts 5,026 priced rows from under the header on row 11', async () => {
      result = await extract('Клиника 6 прайс 2026.xlsx');
      expect(result.rows).toHaveLength(5026);
      expect(result.columns.map((c) => [c.index, c.role])).toEqual([
        [5, 'without_vat'],
        [6, 'resident'],
        [7, 'nonresident'],
        [8, 'nonresident_far'],
      ]);
      expect(result.rows[0]!.source.row).toBe(14);
    });

    it('reads row 19: tariff code, unit, section and four prices with their roles', () => {
      const row = at(result.rows, 19);
      expect([row.section, row.code, row.name, row.unit]).toEqual([
        '1. СТАЦИОНАР',
        'E01.000.004.1',
        'Взрослая палата постнаркозного пробуждения 1 койко-день',
        'койко-день',
      ]);
      // Excel shows «12,968» without VAT; the cell holds the formula result 12967.5, which we keep.
      expect(pricesOf(row)).toEqual([
        ['without_vat', 12967.5],
        ['resident', 13650],
        ['nonresident', 16400],
        ['nonresident_far', 20500],
      ]);
      expect(row.prices[0]!.raw).toBe('12,968');
    });

    it('reads row 212, priced only for non-residents (0 and empty are not prices)', () => {
      const row = at(result.rows, 212);
      expect([row.section, row.code, row.name]).toEqual(['1.1 Блок хирургии', 'E02.000.167', 'Аутогенная трансплантация гемопоэтических стволовых клеток']);
      expect(pricesOf(row)).toEqual([
        ['nonresident', 250000],
        ['nonresident_far', 320000],
      ]);
    });

    it('reads rows 2490 and 5164 with their sections', () => {
      const platelets = at(result.rows, 2490);
      expect([platelets.section, platelets.code, platelets.name, platelets.unit]).toEqual(['15.1 Гематологические исследования', 'B04.063.002.1', 'Агрегация тромбоцитов с АДФ', 'услуга']);
      expect(pricesOf(platelets)).toEqual([
        ['without_vat', 14725],
        ['resident', 15500],
        ['nonresident', 18600],
        ['nonresident_far', 23300],
      ]);
      const gift = at(result.rows, 5164);
      expect([gift.section, gift.code, gift.name, gift.unit]).toEqual(['27. Прочие услуги', 'E29.000.087', 'Подарочный сертификат номиналом 50 000 тенге', 'штука']);
      expect(pricesOf(gift)).toEqual([
        ['without_vat', 49875],
        ['resident', 52500],
      ]);
    });

    it('makes no position of the approval block, header, column numbers, sections or «исключение услуги»', () => {
      // 1–9 approval block and title, 11 header, 12 column numbers, 13/53/5163 sections, 134 «исключение услуги».
      expectNoNonServiceRows(result.rows, [1, 2, 3, 4, 8, 9, 11, 12, 13, 53, 134, 217, 5163]);
      expect(result.rows.some((r) => r.name === 'исключение услуги')).toBe(false);
    });
  });

  describe('Клиника 7_Прайс 2026.xls', () => {
    let result: ExtractedRows;
    it('extracts 2,883 priced rows from the old binary XLS', async () => {
      result = await extract('Клиника 7_Прайс 2026.xls');
      expect(result.rows).toHaveLength(2883);
      expect(result.columns.map((c) => [c.index, c.role])).toEqual([
        [3, 'resident'],
        [4, 'nonresident'],
        [5, 'nonresident_far'],
      ]);
    });

    it('reads row 8 under «ПРИЕМ ВРАЧА» with unit «1 посещение» and three prices', () => {
      const row = at(result.rows, 8);
      expect([row.section, row.code, row.name, row.unit]).toEqual(['ПРИЕМ ВРАЧА', null, 'Первичный консультативный прием врача', '1 посещение']);
      expect(pricesOf(row)).toEqual([
        ['resident', 12600],
        ['nonresident', 16380],
        ['nonresident_far', 21420],
      ]);
    });

    it('reads nested sections: row 194 under «Специфические белки», row 2752 under «Абдоминопластика»', () => {
      const protein = at(result.rows, 194);
      expect([protein.section, protein.name, protein.unit]).toEqual(['Специфические белки', 'Альфа - 1 - антитрипсин', '1 исследование']);
      expect(pricesOf(protein)).toEqual([
        ['resident', 5050],
        ['nonresident', 6565],
        ['nonresident_far', 8585],
      ]);
      const plastic = at(result.rows, 2752);
      expect([plastic.section, plastic.name]).toEqual(['Абдоминопластика', 'Миниабдоминопластика']);
      expect(pricesOf(plastic)).toEqual([
        ['resident', 997500],
        ['nonresident', 1296750],
        ['nonresident_far', 1695750],
      ]);
    });

    it('keeps «от 252 950» pregnancy programmes as lower-bound resident prices', () => {
      const row = at(result.rows, 2200);
      expect([row.section, row.name, row.unit]).toEqual(['ВЕДЕНИЕ БЕРЕМЕННОСТИ*', 'I триместр (8 – 20 недель беременности)', '1 программа']);
      expect(pricesOf(row)).toEqual([['resident', 252950]]);
      expect(row.warnings).toHaveLength(1);
    });

    it('makes no position of the title, header or section rows, nor of the unpriced row 691', () => {
      // 1 approval, 3 title, 6 header, 7/36/83/84/85/2199 sections, 691 a service without a price.
      expectNoNonServiceRows(result.rows, [1, 3, 6, 7, 36, 83, 84, 85, 691, 2199, 2751]);
    });
  });
});
