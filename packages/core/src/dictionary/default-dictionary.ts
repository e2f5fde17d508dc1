/**
 * The client's reference dictionary bundled with the package (Node only: it reads a file). Exported
 * from `@pricecat/core/node`, never from the browser-safe index.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PricecatError } from '../errors.js';
import type { Service } from '../storage/records.js';
import { loadDictionary } from './load-dictionary.js';
import { detail } from '../messages/message-catalogue.js';

/** File name of the bundled dictionary inside `packages/core/assets/`. */
export const DEFAULT_DICTIONARY_FILE = 'dictionary.xlsx';

/**
 * Where the bundled dictionary may be, relative to this module. NOTE: two candidates because the module
 * runs from `src/dictionary/` (tests, two levels below the package root) and from `dist/` after tsup
 * bundles it into `dist/node.js` (one level).
 */
const CANDIDATES: readonly URL[] = [
  new URL(`../assets/${DEFAULT_DICTIONARY_FILE}`, import.meta.url),
  new URL(`../../assets/${DEFAULT_DICTIONARY_FILE}`, import.meta.url),
];

/**
 * Load the client's dictionary shipped in `packages/core/assets/dictionary.xlsx` (1,281 services).
 * @throws PricecatError `NOT_FOUND` when the package was installed without its `assets/` folder.
 */
export async function loadDefaultDictionary(): Promise<Service[]> {
  for (const candidate of CANDIDATES) {
    const bytes = await readIfExists(candidate);
    if (bytes) return loadDictionary(bytes, DEFAULT_DICTIONARY_FILE);
  }
  throw new PricecatError(
    'NOT_FOUND',
    detail('BUNDLED_DICTIONARY_MISSING', { paths: CANDIDATES.map((url) => fileURLToPath(url)).join(' или ') }),
  );
}

// ---- internal helpers ----

async function readIfExists(url: URL): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(url));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
