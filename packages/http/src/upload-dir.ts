/**
 * The directory of upload temp files. The ingest route removes each request's files when the request
 * ends; a server killed mid-upload leaves its file behind, so `pricecat serve` empties the directory at
 * start-up. It must be pricecat's own directory (the CLI uses `<data dir>/uploads`), never a shared
 * one such as /tmp.
 *
 * @module
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Creates `dir` if needed and removes whatever an earlier run left in it; resolves to the count removed. */
export async function cleanUploadDir(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  const leftovers = await readdir(dir);
  await Promise.all(leftovers.map((name) => rm(join(dir, name), { recursive: true, force: true })));
  return leftovers.length;
}
