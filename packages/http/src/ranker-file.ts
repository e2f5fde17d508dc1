/**
 * The ranker model a deployment refitted from its analysts' decisions (`pricecat refit --write`): kept as
 * `<data dir>/ranker.json`, loaded at start in place of the bundled model.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createRanker, detail, PricecatError, type RankerModel } from '@pricecat/core';

/** Where the refitted model of a data directory lives. */
export function rankerFileOf(dataDir: string): string {
  return join(resolve(dataDir), 'ranker.json');
}

/** The refitted model of `dataDir`, or undefined when none was written; a damaged or stale file is an error. */
export async function loadRankerFile(dataDir: string): Promise<RankerModel | undefined> {
  const file = rankerFileOf(dataDir);
  if (!existsSync(file)) return undefined;
  try {
    const model = JSON.parse(await readFile(file, 'utf8')) as RankerModel;
    createRanker(model);
    return model;
  } catch (error) {
    throw new PricecatError(
      'INVALID_INPUT',
      detail('RANKER_FILE_UNUSABLE', { file, why: error instanceof Error ? error.message : String(error) }),
    );
  }
}

/** Writes the model atomically (temp file, then rename). */
export async function writeRankerFile(dataDir: string, model: RankerModel): Promise<string> {
  const file = rankerFileOf(dataDir);
  await writeFile(`${file}.tmp`, `${JSON.stringify(model)}\n`);
  await rename(`${file}.tmp`, file);
  return file;
}
