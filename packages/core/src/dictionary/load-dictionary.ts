/**
 * Loading the reference dictionary of services (XLSX, CSV or JSON) into `Service` records.
 */
import { PricecatError } from '../errors.js';
import { normalizeName } from '../match/normalize.js';
import type { Service } from '../storage/records.js';
import { EXPECTED_NAME_HEADERS, findDictionaryColumns } from './dictionary-columns.js';
import { readDictionaryGrid } from './dictionary-sources.js';
import type { Grid } from './dictionary-sources.js';
import { serviceIdFor, serviceKey } from './service-id.js';
import { normalizeTariffCode } from '../match/tariff-code.js';
import { detail } from '../messages/message-catalogue.js';

/**
 * Read a dictionary file into services.
 *
 * - XLSX/XLS/ODS: the client's sheet `ID, Специальность, Code, Name_ru, TarificatrCode`, columns found
 *   by header text in any order (English or Russian names).
 * - CSV: UTF-8 or Windows-1251, `;` or `,`; columns `name`, `category`, `tariff_code` by header.
 * - JSON: an array of `{ name, category, tariff_code? }`, or `{ "services": [...] }`.
 *
 * Each entry gets a `service_id` derived from its normalized category and name (stable across
 * re-imports and row orders); an exact duplicate (same category and name) is kept once; blank rows
 * are skipped; `tariff_code` is cleaned by {@link normalizeTariffCode} (`#REF!` and junk → null).
 *
 * @throws PricecatError `INVALID_INPUT` when the file has no name column or no services,
 *   `INVALID_INPUT` as well when the bytes cannot be read as the format the name says.
 */
export async function loadDictionary(bytes: Uint8Array, fileName: string): Promise<Service[]> {
  const grid = await readDictionaryGrid(bytes, fileName);
  const services = gridToServices(grid, fileName);
  if (services.length === 0) {
    throw new PricecatError(
      'INVALID_INPUT',
      detail('DICTIONARY_NO_SERVICES', { file: fileName }),
    );
  }
  return services;
}

/**
 * Turn a grid whose header row names the columns into services (see {@link loadDictionary}).
 * @throws PricecatError `INVALID_INPUT` when no name column is found.
 */
export function gridToServices(grid: Grid, fileName: string): Service[] {
  const columns = findDictionaryColumns(grid);
  if (!columns) {
    throw new PricecatError(
      'INVALID_INPUT',
      detail('DICTIONARY_NO_NAME_COLUMN', { file: fileName, headers: EXPECTED_NAME_HEADERS }),
    );
  }
  const byKey = new Map<string, Service>();
  for (const row of grid.slice(columns.headerRow + 1)) {
    const name = cleanText(row[columns.name]);
    if (normalizeName(name) === '') continue;
    const category = cleanText(columns.category >= 0 ? row[columns.category] : '');
    const tariffCode = columns.tariffCode >= 0 ? normalizeTariffCode(row[columns.tariffCode]) : null;
    const key = serviceKey(category, name);
    const known = byKey.get(key);
    if (known) {
      // An exact duplicate adds nothing but, possibly, the code the first copy lacked.
      if (known.tariff_code === null && tariffCode !== null) byKey.set(key, { ...known, tariff_code: tariffCode });
      continue;
    }
    byKey.set(key, {
      service_id: serviceIdFor(category, name),
      name,
      name_norm: normalizeName(name),
      category,
      tariff_code: tariffCode,
      origin: 'dictionary',
    });
  }
  return [...byKey.values()];
}

// ---- internal helpers ----

/** Trim and collapse inner runs of spaces (cells often carry trailing spaces and line breaks). */
function cleanText(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}
