import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { xlsxFile, zipFiles } from '../../test/helpers/files.js';
import { amplifyingCsvZip, manyEntriesZip, manyRowsXlsx } from '../hostile-inputs.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { PricecatError } from '../errors.js';
import { createMemoryStorage } from '../storage/memory.js';
import type { Service } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import { createCatalogue } from './create-catalogue.js';

let dictionary: Service[];
beforeAll(async () => {
  dictionary = await loadDefaultDictionary();
});

const therapist = (price: number) => xlsxFile([['№', 'Наименование услуги', 'Цена, тенге'], [1, 'Прием терапевта', price]]);
const csv = (text: string) => strToU8(text);

describe('catalogue: ingest of hostile and junk files (issue #18)', () => {
  // Regression: #18, each of these returned 200 and created a clinic with an empty price list.
  it.each([
    ['a Markdown note renamed .zip', 'notes.zip', csv('# Заметки по прайсам\n\nНаименование услуги, цена, что сделать\nПрием терапевта, уточнить, позвонить в клинику\nУЗИ брюшной полости, уточнить, написать письмо\n')],
    ['a CSV with only a header', 'Клиника 1 прайс.csv', csv('Наименование услуги;Цена\n')],
    ['a CSV with names and no prices', 'Клиника 2 прайс.csv', csv('Наименование услуги;Цена\nПрием терапевта;\nПрием хирурга;\nУЗИ;\n')],
  ])('refuses %s and stores nothing', async (_, fileName, bytes) => {
    const catalogue = await createCatalogue({ services: dictionary });
    const report = await catalogue.ingest({ fileName, bytes });
    expect(report.files).toHaveLength(1);
    expect(report.files[0]).toMatchObject({ status: 'error' });
    expect(['NO_PRICE_TABLE', 'UNSUPPORTED_FORMAT']).toContain((report.files[0] as { code: string }).code);
    expect(await catalogue.listPriceLists()).toEqual([]);
    expect((await catalogue.listPartners()).items).toEqual([]);
  });

  // Regression: #18, a stray `mimetype` made the whole ZIP be read as one office file and refused.
  it('ingests a ZIP of price lists with a stray mimetype and [Content_Types].xml at its root', async () => {
    const catalogue = await createCatalogue({ services: dictionary });
    const zip = zipFiles({ mimetype: csv('application/zip'), '[Content_Types].xml': csv('<Types/>'), 'Клиника Альфа прайс.xlsx': therapist(9000) });
    const report = await catalogue.ingest({ fileName: 'прайсы.zip', bytes: zip });
    expect(report).toMatchObject({ source: 'archive', errors: 0, positions: 1 });
  });

  // Regression: #18, a UTF-16 CSV was called «binary data of an unknown kind».
  it.each([
    ['little-endian', 'utf-16le'],
    ['big-endian', 'utf-16be'],
  ])('reads a UTF-16 %s CSV with its byte-order mark', async (_, encoding) => {
    const text = '\uFEFFНаименование услуги\tЦена\r\nПрием терапевта\t9000\r\n';
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const [first, second] = encoding === 'utf-16le' ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff];
      bytes[2 * i] = first;
      bytes[2 * i + 1] = second;
    }
    const catalogue = await createCatalogue({ services: dictionary });
    const report = await catalogue.ingest({ fileName: 'Клиника Альфа прайс.csv', bytes });
    expect(report).toMatchObject({ errors: 0, positions: 1 });
  });

  // Regression: #18, a truncated XLSX was called «not a readable ZIP archive».
  it('calls a truncated XLSX a damaged or truncated spreadsheet', async () => {
    const whole = therapist(9000);
    const catalogue = await createCatalogue({ services: dictionary });
    const report = await catalogue.ingest({ fileName: 'Клиника Альфа прайс.xlsx', bytes: whole.subarray(0, Math.floor(whole.length / 2)) });
    expect(report.files[0]).toMatchObject({ status: 'error', code: 'EXTRACT_FAILED', message: expect.stringContaining('повреждена или обрезана') });
  });

  // Regression: #18, the documented 200,000-row cap was never reached (a 125k-row sheet gave a 500 first).
  it('refuses a sheet of a million rows with LIMIT_EXCEEDED within seconds, storing nothing', async () => {
    const started = Date.now();
    const catalogue = await createCatalogue({ services: dictionary });
    const report = await catalogue.ingest({ fileName: 'Клиника Альфа прайс.xlsx', bytes: manyRowsXlsx(1_000_000) });
    expect(report.files[0]).toMatchObject({ status: 'error', code: 'LIMIT_EXCEEDED', message: expect.stringContaining(`больше ${(200_000).toLocaleString('ru-RU')} строк`) });
    expect(await catalogue.listPriceLists()).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses the 59 KB ZIP of sixteen 1 MiB CSVs before unpacking it', async () => {
    const catalogue = await createCatalogue({ services: dictionary });
    const zip = amplifyingCsvZip(16);
    expect(zip.length).toBeLessThan(100 * 1024);
    await expect(catalogue.ingest({ fileName: 'прайсы.zip', bytes: zip })).rejects.toMatchObject({ code: 'ARCHIVE_LIMIT' });
    expect(await catalogue.listPriceLists()).toEqual([]);
  });

  it('refuses a ZIP of 100,000 entries before unpacking it', async () => {
    const catalogue = await createCatalogue({ services: dictionary });
    await expect(catalogue.ingest({ fileName: 'прайсы.zip', bytes: manyEntriesZip(100_000) })).rejects.toMatchObject({
      code: 'ARCHIVE_LIMIT',
      message: expect.stringContaining('лимит maxEntries'),
    });
  });

  it('refuses a file that would pass the positions limit of the upload, keeping the files before it', async () => {
    const catalogue = await createCatalogue({ services: dictionary, ingestLimits: { maxPositionsPerUpload: 1 } });
    const zip = zipFiles({ 'Клиника Альфа прайс.xlsx': therapist(9000), 'Клиника Бета прайс.xlsx': therapist(9500) });
    const report = await catalogue.ingest({ fileName: 'прайсы.zip', bytes: zip });
    expect(report.files.map((f) => [f.file, f.status])).toEqual([
      ['Клиника Альфа прайс.xlsx', 'ok'],
      ['Клиника Бета прайс.xlsx', 'error'],
    ]);
    // The Russian text, with its catalogue code and values beside it for a client in another language.
    expect(report.files[1]).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      message: expect.stringMatching(/^В Клиника Бета прайс\.xlsx строк с ценой: 1 — больше, чем 0, .* 1 позиций\. Загрузите этот файл отдельным запросом\. Из этого файла ничего не сохранено\.$/),
      message_code: 'UPLOAD_POSITIONS_LIMIT',
      params: { file: 'Клиника Бета прайс.xlsx', rows: 1, remaining: 0, max: 1 },
    });
    expect(await catalogue.listPriceLists()).toHaveLength(1);
  });

  it('refuses a file that would pass the rows limit of the upload', async () => {
    const catalogue = await createCatalogue({ services: dictionary, ingestLimits: { maxRowsPerUpload: 3 } });
    const zip = zipFiles({ 'Клиника Альфа прайс.xlsx': therapist(9000), 'Клиника Бета прайс.xlsx': therapist(9500) });
    const report = await catalogue.ingest({ fileName: 'прайсы.zip', bytes: zip });
    expect(report.files.map((f) => (f.status === 'error' ? f.code : f.status))).toEqual(['ok', 'LIMIT_EXCEEDED']);
  });

  // Regression: #18, a file failing mid-way gave a 500 with no report of the files committed before it.
  it('reports what was committed when the store fails mid-way, and reads no file after it', async () => {
    const storage = failingOnSecondSave(createMemoryStorage());
    const catalogue = await createCatalogue({ storage, services: dictionary });
    const zip = zipFiles({ 'Клиника Альфа прайс.xlsx': therapist(9000), 'Клиника Бета прайс.xlsx': therapist(9500), 'Клиника Гамма прайс.xlsx': therapist(9900) });
    const report = await catalogue.ingest({ fileName: 'прайсы.zip', bytes: zip });
    expect(report.files.map((f) => [f.file, f.status === 'error' ? f.code : f.status])).toEqual([
      ['Клиника Альфа прайс.xlsx', 'ok'],
      ['Клиника Бета прайс.xlsx', 'STORAGE_FAILED'],
      ['Клиника Гамма прайс.xlsx', 'NOT_PROCESSED'],
    ]);
    expect(report.failure).toMatchObject({ code: 'STORAGE_FAILED' });
    expect(report.files[2]).toMatchObject({ message_code: 'FILE_NOT_PROCESSED', params: { file: 'Клиника Гамма прайс.xlsx' } });
    expect(report.files[2]!.status === 'error' && report.files[2]!.message).toMatch(/^Клиника Гамма прайс\.xlsx не прочитан: хранилище данных дало сбой/);
    expect(await catalogue.listPriceLists()).toHaveLength(1);
  });

  it('reports an unexpected error of one file as that file\'s error and goes on with the others', async () => {
    const storage = createMemoryStorage();
    let calls = 0;
    const flaky: Storage = {
      ...storage,
      savePriceList: async (write) => {
        if (++calls === 1) throw new TypeError('a bug');
        return storage.savePriceList(write);
      },
    };
    const catalogue = await createCatalogue({ storage: flaky, services: dictionary });
    const zip = zipFiles({ 'Клиника Альфа прайс.xlsx': therapist(9000), 'Клиника Бета прайс.xlsx': therapist(9500) });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const report = await catalogue.ingest({ fileName: 'прайсы.zip', bytes: zip });
      expect(report.files.map((f) => (f.status === 'error' ? f.code : f.status))).toEqual(['INTERNAL', 'ok']);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

function failingOnSecondSave(storage: Storage): Storage {
  let calls = 0;
  return {
    ...storage,
    savePriceList: async (write) => {
      if (++calls === 2) throw new PricecatError('STORAGE_FAILED', 'Could not write the data file: ENOSPC (disk full).');
      return storage.savePriceList(write);
    },
  };
}
