/**
 * Alias files on disk (Node only: exported from `@pricecat/core/node`). A deployment with its own dictionary brings
 * the aliases of its entry names as a file (vocabulary.ts tells the format: TSV or JSON) and names it in
 * `PRICECAT_ALIASES`; `pricecat serve` and `pricecat ingest` read it.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { PricecatError } from '../errors.js';
import { parseAliasTable, type AliasTable } from './vocabulary.js';
import { detail } from '../messages/message-catalogue.js';

/**
 * Reads and validates an alias file.
 * @throws PricecatError `NOT_FOUND` when the file is missing; `INVALID_INPUT` naming the line of a malformed entry.
 */
export async function loadAliasFile(path: string): Promise<AliasTable> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new PricecatError('NOT_FOUND', detail('ALIAS_FILE_MISSING', { path }), { cause: error });
    }
    throw error;
  }
  return parseAliasTable(text, basename(path));
}

/** The alias file named by `PRICECAT_ALIASES`, or undefined when the variable is unset or blank. */
export async function aliasesFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): Promise<AliasTable | undefined> {
  const path = env.PRICECAT_ALIASES?.trim();
  return path ? loadAliasFile(path) : undefined;
}
