import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage/memory.js';
import { createNodeFolderAccess } from '../watch/node-folder-access.js';
import { createCatalogue } from './create-catalogue.js';

describe('catalogue: settings of the watched folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-settings-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const open = (storage = createMemoryStorage()) => createCatalogue({ storage, folder: createNodeFolderAccess({ roots: [tmpdir()] }) });

  it('starts with no folder and the schedule off', async () => {
    const catalogue = await open();
    expect(await catalogue.getSettings()).toEqual({ watch_folder: null, scan_interval_minutes: 0, last_scan: null });
  });

  it('stores an existing folder and an interval, and reads them back after a restart on the same store', async () => {
    const storage = createMemoryStorage();
    const first = await open(storage);
    await first.updateSettings({ watch_folder: dir, scan_interval_minutes: 15 });
    const second = await open(storage);
    expect(await second.getSettings()).toMatchObject({ watch_folder: dir, scan_interval_minutes: 15 });
  });

  it('rejects a folder that does not exist, naming the path and why', async () => {
    const catalogue = await open();
    const missing = join(dir, 'нет такой папки');
    await expect(catalogue.updateSettings({ watch_folder: missing })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining(`«${missing}»: не существует`),
    });
  });

  it('rejects a file given as the folder, and a relative path', async () => {
    const catalogue = await open();
    const file = join(dir, 'прайс.xlsx');
    await writeFile(file, 'x');
    await expect(catalogue.updateSettings({ watch_folder: file })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('это файл, а не папка'),
    });
    await expect(catalogue.updateSettings({ watch_folder: 'inbox' })).rejects.toMatchObject({
      message: expect.stringContaining('не абсолютный путь'),
    });
  });

  it.skipIf(process.getuid?.() === 0)('rejects a folder the server cannot read', async () => {
    const locked = join(dir, 'locked');
    await mkdir(locked, { mode: 0o000 });
    const catalogue = await open();
    await expect(catalogue.updateSettings({ watch_folder: locked })).rejects.toMatchObject({
      message: expect.stringContaining('недоступна серверу для чтения'),
    });
  });

  it('accepts intervals 0 to 1440 and rejects others without changing anything', async () => {
    const catalogue = await open();
    await catalogue.updateSettings({ watch_folder: dir, scan_interval_minutes: 1440 });
    for (const bad of [-1, 1441, 2.5, Number.NaN]) {
      await expect(catalogue.updateSettings({ watch_folder: null, scan_interval_minutes: bad })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringContaining('scan_interval_minutes'),
      });
    }
    expect(await catalogue.getSettings()).toMatchObject({ watch_folder: dir, scan_interval_minutes: 1440 });
    await catalogue.updateSettings({ scan_interval_minutes: 0 });
    expect((await catalogue.getSettings()).scan_interval_minutes).toBe(0);
  });

  it('refuses a watch folder when the catalogue has no file system access', async () => {
    const catalogue = await createCatalogue();
    await expect(catalogue.updateSettings({ watch_folder: dir })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
