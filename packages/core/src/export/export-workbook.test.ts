import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresTarget } from '../../test/helpers/postgres-cluster.js';
import { xlsxFile } from '../../test/helpers/files.js';
import { createCatalogue } from '../catalogue/create-catalogue.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { createMemoryStorage } from '../storage/memory.js';
import { createPostgresStorage } from '../storage/postgres.js';
import type { Service } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';

let dictionary: Service[];
beforeAll(async () => {
  dictionary = await loadDefaultDictionary();
});

async function exportedBook(catalogue: Awaited<ReturnType<typeof createCatalogue>>) {
  const exported = await catalogue.exportWorkbook();
  const chunks: Uint8Array[] = [];
  for await (const chunk of exported.chunks) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  return { exported, bytes, book: XLSX.read(bytes, { type: 'buffer' }) };
}

const rowsOf = (book: XLSX.WorkBook, sheet: string) =>
  XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[sheet]!, { defval: null });

describe('export: the catalogue workbook', () => {
  it('puts each clinic in its own price column with the median, min, max and clinic count per service', async () => {
    const catalogue = await createCatalogue({ services: dictionary });
    const head = ['№', 'Наименование услуги', 'Цена, тенге'];
    await catalogue.ingest({ fileName: 'Клиника Альфа прайс 2026.xlsx', bytes: xlsxFile([head, [1, 'Прием терапевта', 9000]]) });
    await catalogue.ingest({ fileName: 'Клиника Бета прайс 2026.xlsx', bytes: xlsxFile([head, [1, 'Прием терапевта', 11000]]) });
    const serviceId = (await catalogue.listPositions()).items[0]!.service_id;

    const { exported, book } = await exportedBook(catalogue);
    expect(exported.file_name).toMatch(/^pricecat-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(book.SheetNames).toEqual(['Каталог', 'Все позиции']);
    const clinics = (await catalogue.listPartners()).items;
    const column = (name: string) => {
      const clinic = clinics.find((c) => c.name.includes(name))!;
      return clinic.city ? `${clinic.name} (${clinic.city})` : clinic.name;
    };
    const row = rowsOf(book, 'Каталог').find((r) => r['ID услуги'] === serviceId)!;
    expect(row).toMatchObject({
      [column('Альфа')]: 9000,
      [column('Бета')]: 11000,
      'Медиана': 10000,
      'Мин': 9000,
      'Макс': 11000,
      'Клиник': 2,
      'Источник': 'справочник',
    });
  });

  it('lists every position, the unrecognized too, and keeps a name starting with "=" as text', async () => {
    const catalogue = await createCatalogue({ services: dictionary });
    await catalogue.ingest({
      fileName: 'Клиника Альфа прайс 2026.xlsx',
      bytes: xlsxFile([
        ['№', 'Наименование услуги', 'Цена, тенге'],
        [1, 'Прием терапевта', 9000],
        [2, '=ЗАГЛУШКА(1)+вызов', 700],
      ]),
    });
    const { book, bytes } = await exportedBook(catalogue);
    const rows = rowsOf(book, 'Все позиции');
    expect(rows.map((r) => [r['Наименование в прайсе'], r['Цена']])).toEqual([
      ['Прием терапевта', 9000],
      ['=ЗАГЛУШКА(1)+вызов', 700],
    ]);
    expect(rows[1]!['Статус']).not.toBe('нормализована');
    // The list's date (here the year of its file name) is a date cell, not text: Excel sorts and filters it as a date.
    const dateColumn = Object.keys(rows[0]!).indexOf('Дата прайса');
    const withFormats = XLSX.read(bytes, { type: 'buffer', cellNF: true });
    const dateCell = withFormats.Sheets['Все позиции']![`${XLSX.utils.encode_col(dateColumn)}2`]!;
    expect([dateCell.t, dateCell.v, dateCell.z]).toEqual(['n', 46023, 'dd.mm.yyyy']);
    // Status and method in Russian (the message catalogue), not the API's codes.
    expect(['нормализована', 'на проверке', 'не распознана']).toContain(rows[0]!['Статус']);
    expect(rows.map((r) => r['Статус'])).not.toContain('normalized');
    for (const name of book.SheetNames) {
      const sheet = book.Sheets[name]!;
      expect(Object.keys(sheet).filter((key) => !key.startsWith('!') && (sheet[key] as XLSX.CellObject).f !== undefined)).toEqual([]);
    }
  });

  it('writes a workbook with only headers for an empty catalogue', async () => {
    const { book } = await exportedBook(await createCatalogue());
    expect(rowsOf(book, 'Каталог')).toEqual([]);
    expect(rowsOf(book, 'Все позиции')).toEqual([]);
  });
});

const target = postgresTarget();
const STORES: readonly (readonly [string, string | undefined, () => Promise<Storage>])[] = [
  ['memory', undefined, async () => createMemoryStorage()],
  ['postgres', target.skip, async () => createPostgresStorage({ connectionString: await createTestDatabase(target.url!, 'export'), schema: 'export' })],
];

for (const [store, skip, open] of STORES) {
  describe.skipIf(skip !== undefined)(`export: a store of many positions (${store} store${skip ? `, skipped: ${skip}` : ''})`, () => {
    it('writes every position in ingest order and, for each priced service, the prices its comparison gives', async () => {
      const storage = await open();
      try {
        const catalogue = await createCatalogue({ storage, services: dictionary });
        // More positions than the export reads at once, and more services than its catalogue sheet asks prices of at once.
        const names = [...new Set(dictionary.map((s) => s.name))].slice(0, 250);
        const head = ['№', 'Наименование услуги', 'Цена, тенге'];
        const ingested: string[] = [];
        for (const [i, clinic] of ['Альфа', 'Бета', 'Гамма'].entries()) {
          const rows = Array.from({ length: 1700 }, (_, row) => [row + 1, names[(row * (i + 1)) % names.length]!, 1000 + row * 10 + i * 7]);
          await catalogue.ingest({ fileName: `Клиника ${clinic} прайс 2026.xlsx`, bytes: xlsxFile([head, ...rows]) });
          ingested.push(...rows.map((r) => String(r[1])));
        }
        const { book } = await exportedBook(catalogue);
        const positions = rowsOf(book, 'Все позиции');
        expect(positions.map((r) => r['Наименование в прайсе'])).toEqual(ingested);

        const catalogueRows = rowsOf(book, 'Каталог');
        const clinics = (await catalogue.listPartners()).items;
        const headerOf = new Map(clinics.map((c) => [c.clinic_id, c.city ? `${c.name} (${c.city})` : c.name]));
        const priced: string[] = [];
        for (const service of dictionary) {
          const comparison = await catalogue.compareService(service.service_id);
          if (comparison.partners.length > 0) priced.push(service.service_id);
        }
        expect(priced.length).toBeGreaterThan(100);
        expect(catalogueRows.map((r) => r['ID услуги']).sort()).toEqual(priced.sort());
        for (const row of catalogueRows) {
          const comparison = await catalogue.compareService(String(row['ID услуги']));
          expect(row).toMatchObject({
            'Медиана': comparison.median,
            'Мин': comparison.min,
            'Макс': comparison.max,
            'Клиник': comparison.clinics,
            ...Object.fromEntries(comparison.partners.map((p) => [headerOf.get(p.clinic_id)!, p.price])),
          });
        }
      } finally {
        await storage.close();
      }
    });
  });
}
