/**
 * Which alias table a matcher uses. Aliases are keyed by the names of one dictionary: the bundled table
 * (`assets/vocabulary/aliases.dictionary.tsv`) means nothing for another dictionary, whose deployment brings its own
 * file (`aliases` of createMatcher / createCatalogue, `PRICECAT_ALIASES` for the CLI and server).
 */
import type { Service } from '../storage/records.js';
import { BUNDLED_ALIASES, checkAliasTable, NO_ALIASES, type AliasTable } from './vocabulary.js';

/**
 * Below this share of its entry names found in the dictionary, the bundled table is taken to belong to another
 * dictionary and is left out. A revision of the client's dictionary that renames a few entries keeps it.
 */
export const BUNDLED_ALIASES_MIN_SHARE = 0.5;

/** How many unknown entry names a warning quotes. */
const QUOTED = 5;

/**
 * The alias table for `services`: `given` when there is one (its entry names that name no entry are reported to
 * `warn`: they apply to nothing), else the bundled table when the dictionary is the bundled one (at least
 * {@link BUNDLED_ALIASES_MIN_SHARE} of its entry names are the dictionary's), else none, with a warning.
 */
export function aliasesForDictionary(services: readonly Service[], given: AliasTable | undefined, warn: (message: string) => void): AliasTable {
  if (services.length === 0) return given ?? BUNDLED_ALIASES;
  const table = given ?? BUNDLED_ALIASES;
  const check = checkAliasTable(table, services.map((s) => s.name));
  const found = check.entries - check.unknown.length;
  if (!given && check.entries > 0 && found / check.entries < BUNDLED_ALIASES_MIN_SHARE) {
    warn(
      `справочник не встроенный (его услуги называют только ${found} из ${check.entries} записей ${table.source}): ` +
        'встроенные сокращения выключены; передайте свой файл сокращений (параметр `aliases` или PRICECAT_ALIASES)',
    );
    return NO_ALIASES;
  }
  if (given && check.unknown.length > 0) {
    const quoted = check.unknown.slice(0, QUOTED).map((name) => `«${name}»`).join(', ');
    warn(
      `${check.unknown.length} из ${check.entries} записей ${table.source} не называют ни одной услуги справочника и ни к чему не применяются: ` +
        `${quoted}${check.unknown.length > QUOTED ? ', …' : ''}`,
    );
  }
  return table;
}
