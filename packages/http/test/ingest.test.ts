import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Service } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { CLINIC7_CSV_NAME, clinic7CsvBytes } from './price-file.js';
import { startTestServer, type TestServer } from './test-server.js';
import { describeEachStore } from './test-stores.js';

function upload(field: string, bytes: Uint8Array, fileName: string): FormData {
  const form = new FormData();
  form.append(field, new Blob([bytes]), fileName);
  return form;
}

/** formidable removes a failed upload's file a moment after the response; allow it a second. */
async function expectEmptySoon(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 20 && (await readdir(dir)).length > 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await readdir(dir)).toEqual([]);
}

describeEachStore('POST /api/ingest', (store) => {
  let services: Service[];
  let uploadDir: string;
  let server: TestServer | undefined;
  beforeAll(async () => {
    services = await loadDefaultDictionary();
  });
  beforeEach(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'pricecat-upload-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('ingests a real price list and reports its 5 positions, leaving no temp file', async () => {
    server = await startTestServer({ services, catalogue: await store.openCatalogue(services), uploadLimits: { uploadDir } });
    const response = await fetch(server.at('api/ingest'), {
      method: 'POST',
      body: upload('file', clinic7CsvBytes(), CLINIC7_CSV_NAME),
    });
    expect(response.status).toBe(200);
    const report = (await response.json()) as { files: { file: string; status: string; positions: number }[]; positions: number };
    expect(report.files).toHaveLength(1);
    expect(report.files[0]).toMatchObject({ file: CLINIC7_CSV_NAME, positions: 5 });
    expect(report.positions).toBe(5);
    expect(await readdir(uploadDir)).toEqual([]);

    const found = (await (await fetch(server.at(`api/positions?q=${encodeURIComponent('аутогемотерапия')}`))).json()) as {
      items: { raw_name: string; price: number }[];
    };
    expect(found.items.map((p) => [p.raw_name, p.price])).toEqual([['Аутогемотерапия', 1600]]);
    const lists = (await (await fetch(server.at('api/price-lists'))).json()) as { items: { file_name: string }[] };
    expect(lists.items.map((l) => l.file_name)).toEqual([CLINIC7_CSV_NAME]);
  });

  it('answers 400 naming the field `file` when the upload uses another field', async () => {
    server = await startTestServer({ services, catalogue: await store.openCatalogue(services), uploadLimits: { uploadDir } });
    const response = await fetch(server.at('api/ingest'), {
      method: 'POST',
      body: upload('document', clinic7CsvBytes(), CLINIC7_CSV_NAME),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('`file`');
    expect(error.message).toContain('`document`');
    expect(await readdir(uploadDir)).toEqual([]);
  });

  it('answers 400 naming the field `file` for a POST without a body', async () => {
    server = await startTestServer({ services, catalogue: await store.openCatalogue(services), uploadLimits: { uploadDir } });
    const response = await fetch(server.at('api/ingest'), { method: 'POST' });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.message).toContain('`file`');
  });

  it('reports bytes that are neither a ZIP nor a price file as an error, not a crash', async () => {
    server = await startTestServer({ services, catalogue: await store.openCatalogue(services), uploadLimits: { uploadDir } });
    const noise = new TextEncoder().encode('\u0000\u0001not a price list at all\u0002');
    const response = await fetch(server.at('api/ingest'), { method: 'POST', body: upload('file', noise, 'notes.bin') });
    const body = (await response.json()) as { error?: { code: string }; files?: { status: string; code: string }[] };
    if (response.status === 200) {
      expect(body.files?.map((f) => f.status)).toEqual(['error']);
      expect(body.files?.[0]?.code).toMatch(/^[A-Z_]+$/);
    } else {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(body.error?.code).toMatch(/^[A-Z_]+$/);
    }
    expect(await readdir(uploadDir)).toEqual([]);
  });

  it('answers 413 UPLOAD_TOO_LARGE quoting the limit and removes the partial file', async () => {
    server = await startTestServer({ services, catalogue: await store.openCatalogue(services), uploadLimits: { uploadDir, maxFileSize: 1024 } });
    const big = new Uint8Array(256 * 1024).fill(65);
    const response = await fetch(server.at('api/ingest'), { method: 'POST', body: upload('file', big, 'big.zip') });
    expect(response.status).toBe(413);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('UPLOAD_TOO_LARGE');
    expect(error.message).toContain('1 КБ');
    await expectEmptySoon(uploadDir);
    // The server still answers afterwards.
    expect((await fetch(server.at('api/health'))).status).toBe(200);
  });

  it('answers 400 when two files are sent at once', async () => {
    server = await startTestServer({ services, catalogue: await store.openCatalogue(services), uploadLimits: { uploadDir } });
    const form = upload('file', clinic7CsvBytes(), CLINIC7_CSV_NAME);
    form.append('file', new Blob([clinic7CsvBytes()]), 'second.csv');
    const response = await fetch(server.at('api/ingest'), { method: 'POST', body: form });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.message).toContain('ровно один файл');
    await expectEmptySoon(uploadDir);
  });
});
