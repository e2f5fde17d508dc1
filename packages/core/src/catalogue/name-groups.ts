/**
 * The grouping key of an unmatched name, used to propose new dictionary services: two names denote the
 * same service when they have the same key. The key is the matcher's own (`toTerms(normalizeName(raw))`,
 * as a set), so a group created from it is exactly what the cascade will treat as one name later, plus
 * two distinctions the matcher's stop words erase but a price list means:
 *
 * - a capital single letter after the first word is a letter designation, not a preposition:
 *   «Вирус гепатита В» and «Вирус гепатита С» are two services (the matcher drops «в» and «с»);
 * - «без» left after the noise phrases («без стоимости консультации» and «без контраста» are such) negates
 *   what follows: «Удаление папилломы без анестезии» and «… с анестезией» are two services.
 *
 * A name that says nothing specific on its own («Прием врача», «УЗИ») is keyed together with its section
 * heading (see {@link needsSection}).
 */
import { normalizeName } from '../match/normalize.js';
import { letterDesignationsOf } from '../match/letter-designations.js';
import { dropNoisePhrases } from '../match/noise-words.js';
import { toTerms } from '../match/terms.js';
import { cleanSectionHeading } from './service-name.js';

/** What the key is built from: the row's name and its section heading. */
export interface NamedRow {
  readonly raw_name: string;
  readonly section: string | null;
}

/**
 * The grouping key of a name alone: sorted terms plus the markers above; `''` for a name with no terms.
 * Pass the name's `name_norm` when it is known (positions carry it) to save normalizing it again.
 */
export function nameKey(rawName: string, nameNorm: string = normalizeName(rawName)): string {
  const terms = toTerms(nameNorm);
  if (terms.length === 0) return '';
  return [...terms.sort(), ...markersOf(rawName, nameNorm)].join(' ');
}

/** The terms of a section heading, sorted, as a key suffix; `''` when there is no heading. */
export function sectionKey(section: string | null): string {
  if (!section) return '';
  let key = sectionKeys.get(section);
  if (key === undefined) {
    // A list has a few dozen headings repeated on thousands of rows: compute each once.
    if (sectionKeys.size > 10_000) sectionKeys.clear();
    // Without its numbering: «31.5.Биохимия» in one list is «Биохимия» in another.
    key = toTerms(normalizeName(cleanSectionHeading(section))).sort().join(' ');
    sectionKeys.set(section, key);
  }
  return key;
}

const sectionKeys = new Map<string, string>();

/** The key of a row whose name needs its section: `name key § section key`. */
export function withSection(key: string, section: string | null): string {
  return `${key} § ${sectionKey(section)}`;
}

/**
 * True when a name's terms are all common in the dictionary (each appears in at least
 * {@link GENERIC_TERM_SHARE} of its entries' names, like «прием», «узи», «удаление»): such a name names a
 * kind of service, and only its section says which one. `documentFrequency` counts dictionary entries
 * per term.
 */
export function isGenericName(key: string, documentFrequency: (term: string) => number, dictionarySize: number): boolean {
  const terms = key.split(' ').filter((term) => !term.startsWith('¬') && !term.startsWith('#'));
  const floor = Math.max(2, GENERIC_TERM_SHARE * dictionarySize);
  return terms.length > 0 && terms.every((term) => documentFrequency(term) >= floor);
}

/**
 * A term this common in the dictionary (share of entries) names a kind of service, not a service:
 * «прием» is in ~8 % of the client's entries, «узи» ~5 %, «удаление» ~2.4 %; «белок» ~1 %.
 */
export const GENERIC_TERM_SHARE = 0.02;

/** A row of a price list as {@link needsSection} reads it. */
export interface KeyedRow {
  readonly key: string;
  readonly price_list_id: string;
  readonly section: string | null;
  readonly price: number | null;
}

/**
 * Keys that need their section: generic names (see {@link isGenericName}), and names one price list
 * prices under at least {@link SECTION_DEPENDENT_SPREAD} section headings at as many different prices
 * (the list itself says the name depends on the section: «Перевязка» under «Офтальмология», «Хирургия»
 * and «Урология» at 1 440, 3 600 and 3 000). One or two repeats are not enough: a list often repeats a
 * service inside a check-up programme at a package price (С-реактивный белок at 1 350 and 1 850).
 */
export function needsSection(rows: readonly KeyedRow[], isGeneric: (key: string) => boolean): Set<string> {
  const spread = new Map<string, { sections: Set<string>; prices: Set<number> }>();
  const result = new Set<string>();
  const specific = new Set<string>();
  for (const row of rows) {
    if (row.key === '' || result.has(row.key)) continue;
    if (!specific.has(row.key)) {
      if (isGeneric(row.key)) {
        result.add(row.key);
        continue;
      }
      specific.add(row.key);
    }
    const id = `${row.price_list_id}\u0000${row.key}`;
    const seen = spread.get(id) ?? { sections: new Set<string>(), prices: new Set<number>() };
    seen.sections.add(sectionKey(row.section));
    if (row.price !== null) seen.prices.add(row.price);
    spread.set(id, seen);
    if (seen.sections.size >= SECTION_DEPENDENT_SPREAD && seen.prices.size >= SECTION_DEPENDENT_SPREAD) result.add(row.key);
  }
  return result;
}

/** How many sections and prices of one name in one list make it section-dependent. */
export const SECTION_DEPENDENT_SPREAD = 3;

// ---- internal helpers ----

function markersOf(rawName: string, nameNorm: string): string[] {
  const markers = new Set<string>();
  // Cyrillic letter designations (`гепатит В`) the matcher's terms lose as prepositions; Latin ones are terms.
  for (const letter of letterDesignationsOf(rawName)) markers.add(`#${letter}`);
  if (nameNorm.includes('без') && dropNoisePhrases(nameNorm).split(' ').includes('без')) markers.add('¬без');
  return [...markers].sort();
}
