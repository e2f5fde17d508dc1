/**
 * `GET /api/export.xlsx` end to end over HTTP on two real lists of the archive (`Клиника 1 прайс 2024.docx`,
 * `Клиника 7_Прайс 2026.xls`) plus one small list whose service name starts with `=`, read back with
 * SheetJS. Prices read from the documents: the plain «Магнитотерапия» row costs 3 000 at Клиника 1 (FT25.17)
 * and 1 900 at Клиника 7 (sheet row 2028); «Консультация второго врача» (U1.5) costs 3 600 at Клиника 1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicSummary, Service, Stats } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { startTestServer, type TestServer } from './test-server.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const ARCHIVE = join(process.env.PRICECAT_DATA_DIR ?? join(REPO_ROOT, '../shared/data'), 'archive');
const FILES = ['Клиника 1 прайс 2024.docx', 'Клиника 7_Прайс 2026.xls'] as const;
const FORMULA_NAME = '=HYPERLINK("http://example.com";"Прием терапевта")';

type Row = Record<string, unknown>;

async function upload(server: TestServer, bytes: Uint8Array, fileName: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), fileName);
  const response = await fetch(server.at('api/ingest'), { method: 'POST', body: form });
  expect(response.status).toBe(200);
}

/** A one-row list whose name is text that looks like a formula (SheetJS writes it as a string cell). */
function formulaLikeList(): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['№', 'Наименование услуги', 'Цена, тенге'],
    [1, FORMULA_NAME, 5000],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'прайс');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe.skipIf(!existsSync(ARCHIVE))(`GET /api/export.xlsx on real lists (${ARCHIVE})`, () => {
  let server: TestServer;
  let services: Service[];
  let response: Response;
  let book: XLSX.WorkBook;
  let clinics: ClinicSummary[];

  beforeAll(async () => {
    services = await loadDefaultDictionary();
    server = await startTestServer({ services });
    for (const name of FILES) await upload(server, new Uint8Array(readFileSync(join(ARCHIVE, name))), name);
    await upload(server, formulaLikeList(), 'Клиника Формула прайс 2026.xlsx');
    response = await fetch(server.at('api/export.xlsx'));
    book = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: 'buffer' });
    clinics = ((await (await fetch(server.at('api/partners?limit=100'))).json()) as { items: ClinicSummary[] }).items;
  });
  afterAll(() => server?.close());

  const sheetRows = (name: string) => XLSX.utils.sheet_to_json<Row>(book.Sheets[name]!, { defval: null });
  const columnOf = (clinicName: string) => {
    const clinic = clinics.find((c) => c.name === clinicName)!;
    return clinic.city ? `${clinic.name} (${clinic.city})` : clinic.name;
  };

  it('answers an XLSX attachment with a file name', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="pricecat-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(book.SheetNames).toEqual(['Каталог', 'Все позиции']);
  });

  it('gives every clinic its own price column in the catalogue sheet', () => {
    const header = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Каталог']!, { header: 1 })[0] as string[];
    expect(header.slice(0, 5)).toEqual(['ID услуги', 'Услуга', 'Категория', 'Код тарифа', 'Источник']);
    expect(header.slice(-4)).toEqual(['Медиана', 'Мин', 'Макс', 'Клиник']);
    expect(header.slice(5, -4).sort()).toEqual(clinics.map((c) => columnOf(c.name)).sort());
    expect(clinics.map((c) => c.name)).toEqual(expect.arrayContaining(['Клиника 1', 'Клиника 7']));
  });

  it('shows the representative prices read from the lists, with median, min, max and the clinic count', () => {
    const magnet = services.find((s) => s.name === 'Магнитотерапия')!;
    const row = sheetRows('Каталог').find((r) => r['ID услуги'] === magnet.service_id)!;
    expect(row).toMatchObject({
      [columnOf('Клиника 1')]: 3000,
      [columnOf('Клиника 7')]: 1900,
      'Медиана': 2450,
      'Мин': 1900,
      'Макс': 3000,
      'Клиник': 2,
      'Источник': 'справочник',
    });
  });

  it('keeps each catalogue row consistent: the count, min and max are those of its clinic cells', () => {
    const rows = sheetRows('Каталог');
    expect(rows.length).toBeGreaterThan(50);
    const clinicColumns = clinics.map((c) => columnOf(c.name));
    for (const row of rows) {
      const prices = clinicColumns.map((column) => row[column]).filter((v): v is number => typeof v === 'number');
      expect(row['Клиник']).toBe(prices.length);
      expect(row['Мин']).toBe(Math.min(...prices));
      expect(row['Макс']).toBe(Math.max(...prices));
    }
  });

  it('lists every position in «Все позиции», with the statuses the statistics count', async () => {
    const stats = (await (await fetch(server.at('api/stats'))).json()) as Stats;
    const rows = sheetRows('Все позиции');
    expect(rows).toHaveLength(stats.positions);
    const count = (status: string) => rows.filter((r) => r['Статус'] === status).length;
    expect([count('нормализована'), count('на проверке'), count('не распознана')]).toEqual([stats.normalized, stats.queued, stats.unrecognized]);
    expect(rows.find((r) => r['Наименование в прайсе'] === 'Консультация второго врача')).toMatchObject({
      'Клиника': 'Клиника 1',
      'Файл': 'Клиника 1 прайс 2024.docx',
      'Код': 'U1.5',
      'Цена': 3600,
    });
  });

  it('keeps a name starting with "=" as text: no cell of the workbook is a formula', () => {
    const row = sheetRows('Все позиции').find((r) => r['Файл'] === 'Клиника Формула прайс 2026.xlsx')!;
    expect(row['Наименование в прайсе']).toBe(FORMULA_NAME);
    for (const name of book.SheetNames) {
      const sheet = book.Sheets[name]!;
      const formulas = Object.keys(sheet).filter((key) => !key.startsWith('!') && (sheet[key] as XLSX.CellObject).f !== undefined);
      expect(formulas, name).toEqual([]);
    }
  });
});
