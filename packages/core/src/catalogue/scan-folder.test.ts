import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { xlsxFile, zipFiles } from '../../test/helpers/files.js';
import { createMemoryStorage } from '../storage/memory.js';
import { createNodeFolderAccess } from '../watch/node-folder-access.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';

/** A small list of one clinic, named by its file; `price` makes versions with different content. */
function list(price: number): Uint8Array {
  return xlsxFile([
    ['№', 'Наименование услуги', 'Цена, тенге'],
    [1, 'Прием терапевта', price],
    [2, 'Общий анализ крови', 2500],
  ]);
}

describe('catalogue: scan of the watched folder', () => {
  let dir: string;
  let catalogue: Catalogue;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-scan-'));
    catalogue = await createCatalogue({ storage: createMemoryStorage(), folder: createNodeFolderAccess({ roots: [tmpdir()] }) });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const priceLists = async () => (await catalogue.listPriceLists()).length;

  it('refuses to scan before a folder is set', async () => {
    await expect(catalogue.scan()).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('Папка для просмотра не задана') });
  });

  it('ingests the price files of the folder and its sub-folders, then skips them on the next scan', async () => {
    await mkdir(join(dir, 'Алматы'));
    await writeFile(join(dir, 'Клиника Альфа прайс 2026.xlsx'), list(9000));
    await writeFile(join(dir, 'Алматы', 'Клиника Бета прайс 2026.xlsx'), list(9500));
    await catalogue.updateSettings({ watch_folder: dir });

    const first = await catalogue.scan();
    expect(first.files.map((f) => [f.file, f.status])).toEqual([
      ['Алматы/Клиника Бета прайс 2026.xlsx', 'ok'],
      ['Клиника Альфа прайс 2026.xlsx', 'ok'],
    ]);
    expect(first.positions).toBe(4);
    expect(first.skipped).toEqual([]);

    const second = await catalogue.scan();
    expect(second.files).toEqual([]);
    expect(second.skipped.map((s) => s.file)).toEqual(['Алматы/Клиника Бета прайс 2026.xlsx', 'Клиника Альфа прайс 2026.xlsx']);
    expect(await priceLists()).toBe(2);
  });

  it('skips a renamed copy of an ingested file and ingests a file changed in place', async () => {
    const path = join(dir, 'Клиника Альфа прайс 2026.xlsx');
    await writeFile(path, list(9000));
    await catalogue.updateSettings({ watch_folder: dir });
    await catalogue.scan();

    await copyFile(path, join(dir, 'копия от бухгалтерии.xlsx'));
    await writeFile(path, list(9900));
    const report = await catalogue.scan();
    expect(report.files.map((f) => f.file)).toEqual(['Клиника Альфа прайс 2026.xlsx']);
    expect(report.skipped).toMatchObject([{ file: 'копия от бухгалтерии.xlsx', known_as: 'Клиника Альфа прайс 2026.xlsx' }]);
    expect(await priceLists()).toBe(2);
  });

  it('keeps skipping a copy of the old version after the original was changed in place', async () => {
    const path = join(dir, 'Клиника Альфа прайс 2026.xlsx');
    await writeFile(path, list(9000));
    await catalogue.updateSettings({ watch_folder: dir });
    await catalogue.scan();
    await writeFile(path, list(9900));
    await catalogue.scan();
    await writeFile(join(dir, 'старая версия.xlsx'), list(9000));
    const report = await catalogue.scan();
    expect(report.files).toEqual([]);
    expect(report.skipped.map((s) => s.file).sort()).toEqual(['Клиника Альфа прайс 2026.xlsx', 'старая версия.xlsx']);
    expect(await priceLists()).toBe(2);
  });

  it('skips a file uploaded before through ingest, whatever its name in the folder', async () => {
    await catalogue.ingest({ fileName: 'Клиника Альфа прайс 2026.xlsx', bytes: list(9000) });
    await writeFile(join(dir, 'alpha.xlsx'), list(9000));
    await catalogue.updateSettings({ watch_folder: dir });
    const report = await catalogue.scan();
    expect(report.files).toEqual([]);
    expect(report.skipped.map((s) => s.file)).toEqual(['alpha.xlsx']);
  });

  it('unpacks a ZIP, ingesting only the entries not seen before, and skips the ZIP itself next time', async () => {
    await catalogue.ingest({ fileName: 'Клиника Альфа прайс 2026.xlsx', bytes: list(9000) });
    await writeFile(
      join(dir, 'март.zip'),
      zipFiles({ 'Клиника Альфа прайс 2026.xlsx': list(9000), 'Клиника Гамма прайс 2026.xlsx': list(8000) }),
    );
    await catalogue.updateSettings({ watch_folder: dir });
    const first = await catalogue.scan();
    expect(first.files.map((f) => [f.file, f.status])).toEqual([['март.zip/Клиника Гамма прайс 2026.xlsx', 'ok']]);
    expect(first.skipped.map((s) => s.file)).toEqual(['март.zip/Клиника Альфа прайс 2026.xlsx']);

    const second = await catalogue.scan();
    expect(second.files).toEqual([]);
    expect(second.skipped.map((s) => s.file)).toEqual(['март.zip']);
  });

  it('reports a file it cannot read once, not on every scan', async () => {
    await writeFile(join(dir, 'заметки.txt'), 'позвонить в клинику');
    await catalogue.updateSettings({ watch_folder: dir });
    const first = await catalogue.scan();
    expect(first.files).toMatchObject([{ file: 'заметки.txt', status: 'error' }]);
    expect(first.errors).toBe(1);
    const second = await catalogue.scan();
    expect(second.files).toEqual([]);
    expect(second.skipped.map((s) => s.file)).toEqual(['заметки.txt']);
  });

  it('never runs two scans at once: the second gets CONFLICT while the first runs', async () => {
    await writeFile(join(dir, 'Клиника Альфа прайс 2026.xlsx'), list(9000));
    await catalogue.updateSettings({ watch_folder: dir });
    const first = catalogue.scan();
    await expect(catalogue.scan()).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await first).files).toHaveLength(1);
    expect(await priceLists()).toBe(1);
  });

  it('keeps the last scan, in brief with the settings and in full', async () => {
    await writeFile(join(dir, 'Клиника Альфа прайс 2026.xlsx'), list(9000));
    await catalogue.updateSettings({ watch_folder: dir });
    expect(await catalogue.lastScan()).toBeNull();
    const report = await catalogue.scan();
    expect(await catalogue.lastScan()).toEqual(report);
    expect((await catalogue.getSettings()).last_scan).toMatchObject({ folder: dir, trigger: 'request', files: 1, skipped: 0, positions: 2 });
  });
});
