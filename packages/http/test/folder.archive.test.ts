/**
 * The watched folder end to end over HTTP, on a real price list of the archive (`Клиника 1 прайс 2024.docx`):
 * settings validation, a scan that ingests it, a renamed copy skipped, the file changed in place (one price
 * edited, as a clinic would send an update) ingested again, concurrent scans, a restart, and the built-in
 * schedule. Prices were read from the document: «Консультация второго врача» (U1.5) costs 3 600.
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, type Position, type Service } from '@pricecat/core';
import { createNodeFolderAccess, loadDefaultDictionary } from '@pricecat/core/node';
import { createLowdbStorageInDir } from '@pricecat/core/storage/lowdb';
import { startServer, type ServerOptions } from '../src/index.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const ARCHIVE = join(process.env.PRICECAT_DATA_DIR ?? join(REPO_ROOT, '../shared/data'), 'archive');
const LIST = 'Клиника 1 прайс 2024.docx';
const ROW = 'Консультация второго врача';

interface Running {
  readonly url: string;
  api(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

async function start(dataDir: string, services: readonly Service[], schedule: ServerOptions['scanSchedule'] = false): Promise<Running> {
  const catalogue = await createCatalogue({ storage: await createLowdbStorageInDir(dataDir), services, folder: createNodeFolderAccess({ roots: [ARCHIVE, tmpdir()] }) });
  const server = await startServer({ catalogue, port: 0, host: '127.0.0.1', scanSchedule: schedule });
  return {
    url: server.url,
    api: (path, init) => fetch(new URL(`api/${path}`, server.url), init),
    close: async () => (await server.close(), await catalogue.close()),
  };
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The docx with the price of {@link ROW} replaced: its first `3 600` cell after the name. */
function withSecondDoctorPrice(docx: Uint8Array, price: string): Uint8Array {
  const files = unzipSync(docx);
  const xml = strFromU8(files['word/document.xml']!);
  const at = xml.indexOf(ROW);
  const cell = xml.indexOf('>3 600<', at);
  expect(at).toBeGreaterThan(0);
  files['word/document.xml'] = strToU8(`${xml.slice(0, cell)}>${price}<${xml.slice(cell + '>3 600<'.length)}`);
  return zipSync(files);
}

describe.skipIf(!existsSync(ARCHIVE))(`the watched folder over HTTP on a real list (${ARCHIVE})`, () => {
  let dataDir: string;
  let watchDir: string;
  let services: Service[];
  let server: Running;
  let original: Uint8Array;

  const json = async <T>(response: Response | Promise<Response>, status = 200): Promise<T> => {
    const answer = await response;
    expect(answer.status, await answer.clone().text()).toBe(status);
    return (await answer.json()) as T;
  };
  const pricesOfRow = async () =>
    (await json<{ items: Position[] }>(server.api(`positions?limit=50&q=${encodeURIComponent(ROW)}`))).items
      .filter((p) => p.raw_name.trim() === ROW)
      .map((p) => p.price ?? 0)
      .sort((a, b) => a - b);
  const priceListCount = async () => (await json<{ items: unknown[] }>(server.api('price-lists'))).items.length;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pricecat-folder-data-'));
    watchDir = await mkdtemp(join(tmpdir(), 'pricecat-folder-inbox-'));
    services = await loadDefaultDictionary();
    original = new Uint8Array(readFileSync(join(ARCHIVE, LIST)));
    server = await start(dataDir, services);
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(watchDir, { recursive: true, force: true });
  });

  it('refuses to scan before a folder is set', async () => {
    const answer = await json<{ error: { code: string; message: string } }>(server.api('scan', { method: 'POST' }), 400);
    expect(answer.error.message).toContain('Папка для просмотра не задана');
  });

  it('rejects a folder that does not exist or is a file, naming the path and why, and keeps the settings', async () => {
    const missing = join(watchDir, 'нет');
    const bad = await json<{ error: { code: string; message: string } }>(server.api('settings', postJson({ watch_folder: missing })), 400);
    expect(bad.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining(`«${missing}»: не существует`) });
    const file = join(watchDir, 'не папка.txt');
    await writeFile(file, 'x');
    const notDir = await json<{ error: { message: string } }>(server.api('settings', postJson({ watch_folder: file })), 400);
    expect(notDir.error.message).toContain('это файл, а не папка');
    await rm(file);
    const interval = await json<{ error: { message: string } }>(server.api('settings', postJson({ scan_interval_minutes: 1441 })), 400);
    expect(interval.error.message).toContain('scan_interval_minutes');
    const unknown = await json<{ error: { message: string } }>(server.api('settings', postJson({ folder: watchDir })), 400);
    expect(unknown.error.message).toContain('`folder`');
    expect(await json(server.api('settings'))).toEqual({ watch_folder: null, scan_interval_minutes: 0, last_scan: null });
  });

  it('stores a readable folder and ingests its price list on a scan, with the upload report', async () => {
    const settings = await json<{ watch_folder: string }>(server.api('settings', postJson({ watch_folder: watchDir })));
    expect(settings.watch_folder).toBe(watchDir);
    await copyFile(join(ARCHIVE, LIST), join(watchDir, LIST));
    const report = await json<{ files: { file: string; status: string; clinic_name: string; positions: number }[]; skipped: unknown[] }>(
      server.api('scan', { method: 'POST' }),
    );
    expect(report.files).toHaveLength(1);
    expect(report.files[0]).toMatchObject({ file: LIST, clinic_name: 'Клиника 1' });
    expect(report.files[0]!.status).not.toBe('error');
    expect(report.files[0]!.positions).toBeGreaterThan(1000);
    expect(report.skipped).toEqual([]);
    expect(await pricesOfRow()).toEqual([3600]);
  });

  it('skips a renamed copy of the list: same content, not ingested twice', async () => {
    await copyFile(join(watchDir, LIST), join(watchDir, 'прайс от клиники (копия).docx'));
    const report = await json<{ files: unknown[]; skipped: { file: string; known_as: string }[] }>(server.api('scan', { method: 'POST' }));
    expect(report.files).toEqual([]);
    expect(report.skipped.map((s) => [s.file, s.known_as]).sort()).toEqual(
      [
        ['прайс от клиники (копия).docx', LIST],
        [LIST, LIST],
      ].sort(),
    );
    expect(await priceListCount()).toBe(1);
  });

  it('ingests the list again once it changes in place: the new price is a new version, the old one stays', async () => {
    await writeFile(join(watchDir, LIST), withSecondDoctorPrice(original, '3 900'));
    const report = await json<{ files: { file: string; status: string }[]; skipped: { file: string }[] }>(server.api('scan', { method: 'POST' }));
    expect(report.files.map((f) => [f.file, f.status === 'error' ? 'error' : 'ingested'])).toEqual([[LIST, 'ingested']]);
    expect(report.skipped.map((s) => s.file)).toEqual(['прайс от клиники (копия).docx']);
    expect(await pricesOfRow()).toEqual([3600, 3900]);
    expect(await priceListCount()).toBe(2);
  });

  it('never runs two scans at once: of two simultaneous requests one scans and the other gets 409', async () => {
    await writeFile(join(watchDir, LIST), withSecondDoctorPrice(original, '4 200'));
    const answers = await Promise.all([server.api('scan', { method: 'POST' }), server.api('scan', { method: 'POST' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const conflict = answers.find((a) => a.status === 409)!;
    expect(((await conflict.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');
    expect(await pricesOfRow()).toEqual([3600, 3900, 4200]);
  });

  it('keeps the settings, the last scan and the file log across a restart', async () => {
    const last = await json<{ finished_at: string }>(server.api('scan/last'));
    await server.close();
    server = await start(dataDir, services);
    const settings = await json<{ watch_folder: string; last_scan: { finished_at: string; files: number } }>(server.api('settings'));
    expect(settings.watch_folder).toBe(watchDir);
    expect(settings.last_scan).toMatchObject({ finished_at: last.finished_at, files: 1 });
    const report = await json<{ files: unknown[]; skipped: unknown[] }>(server.api('scan', { method: 'POST' }));
    expect(report.files).toEqual([]);
    expect(report.skipped).toHaveLength(2);
  });

  it('scans on the built-in schedule without a request, and stops with the server', async () => {
    await server.close();
    // A "minute" of 50 ms keeps the test short; the schedule's rules are the same.
    server = await start(dataDir, services, { minuteMs: 50, checkEveryMs: 20 });
    await json(server.api('settings', postJson({ scan_interval_minutes: 1 })));
    await writeFile(join(watchDir, LIST), withSecondDoctorPrice(original, '4 500'));
    // While the scheduled scan parses the list the event loop is busy: a poll may meet a keep-alive
    // connection the server is just closing (ECONNRESET), so a failed poll is simply repeated.
    const count = () => priceListCount().catch(() => 0);
    for (let waited = 0; (await count()) < 4 && waited < 60_000; waited += 200) await new Promise((r) => setTimeout(r, 200));
    expect(await pricesOfRow()).toEqual([3600, 3900, 4200, 4500]);
    // The list is stored before the scan ends; its report becomes the last one when the scan finishes.
    const lastTrigger = () =>
      server.api('scan/last').then(async (r) => ((await r.json()) as { trigger: string }).trigger, () => '');
    for (let waited = 0; (await lastTrigger()) !== 'schedule' && waited < 60_000; waited += 200) await new Promise((r) => setTimeout(r, 200));
    expect(await lastTrigger()).toBe('schedule');
  });
});
