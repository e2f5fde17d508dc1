import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSONFile } from 'lowdb/node';
import type { Adapter } from 'lowdb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PricecatError } from '../errors.js';
import { createLowdbStorage, createLowdbStorageInDir } from './lowdb.js';
import { sampleClinic, samplePosition, sampleService, sampleWrite } from './sample-records.js';
import { defineStorageSuite } from './storage.suite.js';

describe('storage: lowdb', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  defineStorageSuite(() => createLowdbStorage({ file: join(dir, 'db.json') }), { persistent: true });

  it('leaves a valid JSON file with the saved data and a version after a write', async () => {
    const store = await createLowdbStorageInDir(join(dir, 'data'));
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1')]));
    await store.close();
    const saved = JSON.parse(await readFile(join(dir, 'data', 'pricecat.json'), 'utf-8'));
    expect(saved.version).toBe(1);
    expect(saved.clinics).toEqual([sampleClinic('c-1')]);
    expect(saved.positions.map((position: { price: number }) => position.price)).toEqual([12600]);
  });

  it('creates missing directories of the data file, and the file only on the first change', async () => {
    const file = join(dir, 'a', 'b', 'db.json');
    const store = await createLowdbStorage({ file });
    expect(await store.listClinics()).toEqual([]);
    expect(existsSync(file)).toBe(false);
    await store.setSetting('language', 'ru');
    expect(existsSync(file)).toBe(true);
    await store.close();
  });

  it('writes the file once per change: an ingest with 3 positions is one write, reads are none', async () => {
    const file = join(dir, 'db.json');
    const counted = countingAdapter(new JSONFile<unknown>(file));
    const store = await createLowdbStorage({ file, adapter: counted });
    const positions = ['p-1', 'p-2', 'p-3'].map((id) => samplePosition(id, 'pl-1', 'c-1'));
    await store.savePriceList(sampleWrite('c-1', 'pl-1', positions));
    expect(counted.writes).toBe(1);

    await store.listPositions();
    await store.getPosition('p-1');
    expect(counted.writes).toBe(1);

    await store.saveServices([sampleService('s-1'), sampleService('s-2')]);
    await store.updatePositions(positions);
    await store.setSetting('language', 'ru');
    expect(counted.writes).toBe(4);
    await store.close();
  });

  it('refuses a data file that is not valid JSON with an error saying what to do, and leaves it alone', async () => {
    const file = join(dir, 'db.json');
    await writeFile(file, '{"version": 1, "clinics": [', 'utf-8');
    const error = await createLowdbStorage({ file }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PricecatError);
    expect((error as PricecatError).code).toBe('STORAGE_FAILED');
    expect((error as PricecatError).message).toContain(`The data file ${file} is not valid JSON`);
    expect((error as PricecatError).message).toContain('Restore it from a backup');
    expect(await readFile(file, 'utf-8')).toBe('{"version": 1, "clinics": [');
  });

  it('refuses JSON that is not a pricecat data file', async () => {
    const file = join(dir, 'db.json');
    await writeFile(file, '[1, 2, 3]', 'utf-8');
    await expect(createLowdbStorage({ file })).rejects.toThrow(/is not a pricecat data file/);
    await writeFile(file, '{"version": 2, "clinics": []}', 'utf-8');
    await expect(createLowdbStorage({ file })).rejects.toThrow(/written by a newer pricecat/);
  });

  it('keeps the last committed data readable after a failed write, and writes again once it can', async () => {
    const file = join(dir, 'db.json');
    const store = await createLowdbStorage({ file });
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1')]));

    // A real failure of the file system: lowdb writes `.db.json.tmp` and renames it over the file;
    // a directory in that place makes the write fail (EISDIR) even for root, unlike a chmod.
    const obstacle = join(dir, '.db.json.tmp');
    await mkdir(obstacle);
    const failed = await store
      .savePriceList(sampleWrite('c-2', 'pl-2', [samplePosition('p-2', 'pl-2', 'c-2')]))
      .catch((caught: unknown) => caught);
    expect(failed).toBeInstanceOf(PricecatError);
    expect((failed as PricecatError).code).toBe('STORAGE_FAILED');
    expect((failed as PricecatError).message).toContain(`Could not write the data file ${file}`);
    expect((await store.listPriceLists()).map((list) => list.price_list_id)).toEqual(['pl-1']);
    expect((await store.listPositions()).map((position) => position.position_id)).toEqual(['p-1']);

    await rmdir(obstacle);
    await store.savePriceList(sampleWrite('c-3', 'pl-3', []));
    await store.close();
    const reopened = await createLowdbStorage({ file });
    expect((await reopened.listPriceLists()).map((list) => list.price_list_id)).toEqual(['pl-1', 'pl-3']);
    await reopened.close();
  });

  it('saves every change accepted before close', async () => {
    const file = join(dir, 'db.json');
    const store = await createLowdbStorage({ file });
    const pending = store.setSetting('language', 'kk');
    await store.close();
    await pending;
    await expect(store.listClinics()).rejects.toThrow(/is closed/);
    const reopened = await createLowdbStorage({ file });
    expect(await reopened.getSetting('language')).toBe('kk');
    await reopened.close();
  });
});

/** Wraps a real lowdb adapter and counts the writes that reach it. */
function countingAdapter(inner: Adapter<unknown>): Adapter<unknown> & { writes: number } {
  const counted = {
    writes: 0,
    read: () => inner.read(),
    write: async (data: unknown) => {
      counted.writes += 1;
      await inner.write(data);
    },
  };
  return counted;
}
