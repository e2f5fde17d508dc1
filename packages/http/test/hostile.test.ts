/**
 * Hostile uploads against the real server on 127.0.0.1 (issue #18). Every input is generated here;
 * each heavy case must end within 10 s with a clear error, the server's memory under 1 GiB.
 */
import { strToU8 } from 'fflate';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCatalogue, createMemoryStorage, PricecatError, type Service, type Storage } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { amplifyingCsvZip, manyEntriesZip, manyRowsXlsx } from '@pricecat/core/testing';
import { CLINIC7_CSV_NAME, clinic7CsvBytes } from './price-file.js';
import { startTestServer, type TestServer } from './test-server.js';

const GiB = 1024 * 1024 * 1024;

interface ErrorAnswer {
  error: { code: string; message: string };
  report?: { files: { file: string; status: string; code?: string }[] };
}

function form(bytes: Uint8Array, fileName: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([bytes]), fileName);
  return body;
}

describe('hostile uploads', () => {
  let services: Service[];
  let uploadDir: string;
  let server: TestServer | undefined;
  beforeAll(async () => {
    services = await loadDefaultDictionary();
  });
  beforeEach(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'pricecat-hostile-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await rm(uploadDir, { recursive: true, force: true });
  });

  async function post(bytes: Uint8Array, fileName: string): Promise<{ status: number; body: ErrorAnswer; ms: number }> {
    server ??= await startTestServer({ services, uploadLimits: { uploadDir } });
    const started = Date.now();
    const response = await fetch(server.at('api/ingest'), { method: 'POST', body: form(bytes, fileName) });
    const body = (await response.json()) as ErrorAnswer;
    return { status: response.status, body, ms: Date.now() - started };
  }

  async function expectNothingStored(): Promise<void> {
    expect(await server!.catalogue.listPriceLists()).toEqual([]);
    expect(await readdir(uploadDir)).toEqual([]);
    expect(process.memoryUsage().rss).toBeLessThan(GiB);
  }

  // Regression: #18, the documented 200,000-row cap was never reached: such sheets answered 500 first.
  it('answers a 1,000,000-row sheet with 413 LIMIT_EXCEEDED within 10 s', async () => {
    const { status, body, ms } = await post(manyRowsXlsx(1_000_000), 'Клиника Альфа прайс.xlsx');
    expect(status).toBe(413);
    expect(body.error).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining(`больше ${(200_000).toLocaleString('ru-RU')} строк`) });
    expect(body.report?.files).toEqual([expect.objectContaining({ status: 'error', code: 'LIMIT_EXCEEDED' })]);
    expect(ms).toBeLessThan(10_000);
    await expectNothingStored();
  });

  // Regression: #18, `Math.max(0, ...rows)` overflowed the stack at ~125k rows: 500 and no report.
  it('answers a 130,000-row sheet without prices with 422 and a report, not 500', async () => {
    const { status, body } = await post(manyRowsXlsx(130_000, { priced: false }), 'Клиника Альфа прайс.xlsx');
    expect(status).toBe(422);
    expect(body.error.code).toBe('NO_PRICE_TABLE');
    await expectNothingStored();
  });

  it('answers a ZIP of 100,000 entries with 413 ARCHIVE_LIMIT within 10 s', async () => {
    const { status, body, ms } = await post(manyEntriesZip(100_000), 'прайсы.zip');
    expect(status).toBe(413);
    expect(body.error).toMatchObject({ code: 'ARCHIVE_LIMIT', message: expect.stringContaining('maxEntries') });
    expect(ms).toBeLessThan(10_000);
    await expectNothingStored();
  });

  // Regression: #18, sixteen 1 MiB CSVs in 59 KB added 258k positions and took the server to 3.9 GiB.
  it('answers the 59 KB amplifying ZIP with 413 ARCHIVE_LIMIT within 10 s', async () => {
    const zip = amplifyingCsvZip(16);
    expect(zip.length).toBeLessThan(100 * 1024);
    const { status, body, ms } = await post(zip, 'прайсы.zip');
    expect(status).toBe(413);
    expect(body.error).toMatchObject({ code: 'ARCHIVE_LIMIT', message: expect.stringContaining('zip-бомб') });
    expect(ms).toBeLessThan(10_000);
    await expectNothingStored();
  });

  // Regression: #18, a single unreadable upload came back 200 with `errors: 1` (docs: 415 / 422).
  it.each([
    ['bytes of an unknown kind', '\u0000\u0001\u0002 binary', 'data.bin', 415, 'UNSUPPORTED_FORMAT'],
    ['a CSV with only a header', 'Наименование услуги;Цена\n', 'Клиника 1 прайс.csv', 422, 'NO_PRICE_TABLE'],
    ['a CSV with names and no prices', 'Наименование услуги;Цена\nПрием терапевта;\nУЗИ;\n', 'Клиника 2 прайс.csv', 422, 'NO_PRICE_TABLE'],
  ])('answers %s with 415 or 422 and the report, storing nothing', async (_, text, fileName, expected, code) => {
    const { status, body } = await post(strToU8(text), fileName);
    expect([status, body.error.code]).toEqual([expected, code]);
    expect(body.report?.files).toEqual([expect.objectContaining({ file: fileName, status: 'error', code })]);
    await expectNothingStored();
  });

  it('answers a Markdown note named notes.zip with a 4xx, storing nothing', async () => {
    const { status, body } = await post(strToU8('# Заметки по прайсам\n\nНаименование услуги, цена, что сделать\nПрием терапевта, уточнить, позвонить в клинику\nУЗИ брюшной полости, уточнить, написать письмо\n'), 'notes.zip');
    expect([415, 422]).toContain(status);
    expect(['UNSUPPORTED_FORMAT', 'NO_PRICE_TABLE']).toContain(body.error.code);
    await expectNothingStored();
  });

  // Regression: #18, a storage failure came back 200 with `errors: 1` (docs: 500).
  it('answers a storage failure with 500, the JSON error and the report of what was committed', async () => {
    const memory = createMemoryStorage();
    const broken: Storage = {
      ...memory,
      savePriceList: async () => {
        throw new PricecatError('STORAGE_FAILED', 'Could not write the data file /srv/pricecat.json: ENOSPC (disk full).');
      },
    };
    server = await startTestServer({ catalogue: await createCatalogue({ storage: broken, services }), uploadLimits: { uploadDir } });
    const { status, body } = await post(clinic7CsvBytes(), CLINIC7_CSV_NAME);
    expect(status).toBe(500);
    expect(body.error).toMatchObject({ code: 'STORAGE_FAILED', message: expect.stringContaining('ENOSPC') });
    expect(body.report?.files).toEqual([expect.objectContaining({ status: 'error', code: 'STORAGE_FAILED' })]);
    expect(await readdir(uploadDir)).toEqual([]);
  });
});
