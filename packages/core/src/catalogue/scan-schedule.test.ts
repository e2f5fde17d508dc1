import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { xlsxFile } from '../../test/helpers/files.js';
import { createMemoryStorage } from '../storage/memory.js';
import { createNodeFolderAccess } from '../watch/node-folder-access.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';
import { startScanSchedule } from './scan-schedule.js';

const list = (price: number) => xlsxFile([['№', 'Наименование услуги', 'Цена, тенге'], [1, 'Прием терапевта', price]]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, checking every 10 ms, for at most `ms`. */
async function until(done: () => Promise<boolean>, ms = 5000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < ms; await sleep(10)) if (await done()) return;
  throw new Error('condition not reached in time');
}

describe('catalogue: scheduled scans', () => {
  let dir: string;
  let catalogue: Catalogue;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-schedule-'));
    catalogue = await createCatalogue({ storage: createMemoryStorage(), folder: createNodeFolderAccess({ roots: [tmpdir()] }) });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  // A "minute" of 40 ms: the schedule's arithmetic is the same, the test is fast.
  const MINUTE_MS = 40;

  it('scans at once and then every interval, picking up a file dropped in between', async () => {
    await writeFile(join(dir, 'Клиника Альфа прайс 2026.xlsx'), list(9000));
    await catalogue.updateSettings({ watch_folder: dir, scan_interval_minutes: 2 });
    const schedule = startScanSchedule({ catalogue, minuteMs: MINUTE_MS, checkEveryMs: 10 });
    try {
      await until(async () => (await catalogue.listPriceLists()).length === 1);
      expect((await catalogue.lastScan())?.trigger).toBe('schedule');
      await writeFile(join(dir, 'Клиника Бета прайс 2026.xlsx'), list(9500));
      await until(async () => (await catalogue.listPriceLists()).length === 2);
    } finally {
      await schedule.stop();
    }
  });

  it('does nothing while the interval is 0, and starts once it is set, without a restart', async () => {
    await writeFile(join(dir, 'Клиника Альфа прайс 2026.xlsx'), list(9000));
    await catalogue.updateSettings({ watch_folder: dir, scan_interval_minutes: 0 });
    const schedule = startScanSchedule({ catalogue, minuteMs: MINUTE_MS, checkEveryMs: 10 });
    try {
      await sleep(100);
      expect(await catalogue.lastScan()).toBeNull();
      await catalogue.updateSettings({ scan_interval_minutes: 1 });
      await until(async () => (await catalogue.lastScan()) !== null);
    } finally {
      await schedule.stop();
    }
  });

  it('never overlaps a scan requested by hand: one of the two is refused, nothing is ingested twice', async () => {
    await writeFile(join(dir, 'Клиника Альфа прайс 2026.xlsx'), list(9000));
    await catalogue.updateSettings({ watch_folder: dir, scan_interval_minutes: 1 });
    const manual = catalogue.scan();
    const schedule = startScanSchedule({ catalogue, minuteMs: 60_000, checkEveryMs: 10 });
    await manual;
    await sleep(50);
    await schedule.stop();
    expect(await catalogue.listPriceLists()).toHaveLength(1);
  });

  it('stops: no scan runs after stop() resolved', async () => {
    await catalogue.updateSettings({ watch_folder: dir, scan_interval_minutes: 1 });
    const schedule = startScanSchedule({ catalogue, minuteMs: MINUTE_MS, checkEveryMs: 10 });
    await until(async () => (await catalogue.lastScan()) !== null);
    await schedule.stop();
    const last = await catalogue.lastScan();
    await sleep(150);
    expect(await catalogue.lastScan()).toEqual(last);
  });
});
