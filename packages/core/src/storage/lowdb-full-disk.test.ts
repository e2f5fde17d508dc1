import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSONFile } from 'lowdb/node';
import type { Adapter } from 'lowdb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLowdbStorage, writerTempFile } from './lowdb.js';
import { sampleWrite } from './sample-records.js';

describe('storage: lowdb on a full disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-full-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  // Regression: #18, a failed write on a full disk left `.pricecat.json.tmp` filling the volume.
  it('removes the writer\'s temp file when a write fails', async () => {
    const file = join(dir, 'pricecat.json');
    const inner = new JSONFile<unknown>(file);
    const fullDisk: Adapter<unknown> = {
      read: () => inner.read(),
      write: async () => {
        // What steno does before the disk fills: the temp file exists, half written.
        await writeFile(writerTempFile(file), '{"half": ');
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    };
    const store = await createLowdbStorage({ file, adapter: fullDisk });
    await expect(store.savePriceList(sampleWrite('c-1', 'pl-1', []))).rejects.toMatchObject({ code: 'STORAGE_FAILED' });
    expect(existsSync(writerTempFile(file))).toBe(false);
    expect(writerTempFile(file)).toBe(join(dir, '.pricecat.json.tmp'));
  });
});
