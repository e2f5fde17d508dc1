import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileDurably } from './durable-json-file.js';

describe('storage: a failed durable write leaves no temp file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-full-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  // Regression: #18, a failed write on a full disk left the store's temp file filling the volume.
  it('removes its temp file when the write cannot complete, and keeps what was there', async () => {
    const target = join(dir, 'catalogue.json');
    // A directory where the file should go: the temp file is written, the rename over it fails.
    await mkdir(target);
    await writeFile(join(target, 'kept'), 'x');
    await expect(writeFileDurably(target, '{"a":1}')).rejects.toThrow();
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(join(target, 'kept'))).toBe(true);
  });
});
