/**
 * The candidate index: an inverted index from terms to dictionary services, so that a name is scored
 * only against services that share a term with it, never against the whole dictionary.
 */
import type { Service } from '../storage/records.js';
import type { TermWeights } from './scorers/term-coverage.js';
import { termIdsOf } from './scorers/term-ids.js';
import { entryReadingsOf, termsOf } from './entry-readings.js';
import { termsKey } from './terms.js';
import { BUNDLED_ALIASES, type AliasTable } from './vocabulary.js';

/** A dictionary service prepared for matching. */
export interface IndexedService {
  readonly service: Service;
  /** The matching key of its name (terms.ts). */
  readonly terms: readonly string[];
  /** The terms of its name outside brackets. */
  readonly unbracketed: readonly string[];
  /**
   * Other readings of its name: without its brackets, with a final gloss in place of what it glosses, its curated
   * aliases (entry-readings.ts).
   */
  readonly readings: readonly (readonly string[])[];
}

export interface CandidateIndex {
  readonly services: readonly IndexedService[];
  /** Rarity weights of terms over the dictionary (inverse document frequency). */
  readonly weights: TermWeights;
  /** Services whose `name_norm` equals the given one; `[]` when none. */
  byNameNorm(nameNorm: string): readonly IndexedService[];
  /** The terms of a service's name; `[]` for a service the index does not hold. */
  termsOf(serviceId: string): readonly string[];
  /** Services whose tariff code is the given one; `[]` when none. */
  byTariffCode(code: string): readonly IndexedService[];
  /**
   * Up to `limit` services sharing at least one term with `terms`, the ones sharing the most weight first.
   * `[]` when no service shares a term.
   */
  candidates(terms: readonly string[], limit: number): readonly IndexedService[];
  /**
   * {@link candidates} of a row's name terms, and of its name and section terms together (`[]` without section
   * terms), in one pass over the postings.
   */
  rowCandidates(
    terms: readonly string[],
    limit: number,
    sectionTerms: readonly string[],
    sectionLimit: number,
  ): { readonly byName: readonly IndexedService[]; readonly withSection: readonly IndexedService[] };
}

/**
 * Builds the index once per dictionary version; lookups are then cheap. `aliases`: the curated aliases of the
 * dictionary's names (default: the bundled dictionary's).
 */
export function createCandidateIndex(services: readonly Service[], aliases: AliasTable = BUNDLED_ALIASES): CandidateIndex {
  const prepared = services.map((service) => {
    const terms = termsOf(service.name);
    return { service, terms, ...entryReadingsOf(service.name, terms, aliases) };
  });
  // An alias that reads exactly as another entry's name, or as one of its readings, is that entry's wording, not
  // this one's (`Допплерография плода` of `Доплер УЗИ плода` reads `узи плод`, as `УЗИ плода (для беременных)` does).
  const nameKeys = new Map<string, string>();
  for (const entry of prepared) {
    for (const terms of [...entry.readings, entry.terms]) nameKeys.set(termsKey(terms), entry.service.name_norm);
  }
  const indexed: IndexedService[] = prepared.map(({ aliases, ...entry }) => {
    const own = aliases.filter((alias) => (nameKeys.get(termsKey(alias)) ?? entry.service.name_norm) === entry.service.name_norm);
    return { ...entry, readings: [...entry.readings, ...own] };
  });
  // Every term of the entries is given its id now (scorers/term-ids.ts), not when the scorer first meets the entry:
  // the rows' credits and near terms are then found once, never brought up to new ids.
  for (const entry of indexed) for (const terms of [entry.terms, entry.unbracketed, ...entry.readings]) termIdsOf(terms);
  // The rarity of a term counts dictionary names only; an alias makes its entry a candidate without making its
  // words common (a word only an alias uses weighs as much as the rarest).
  const postings = new Map<string, number[]>();
  const readingPostings = new Map<string, number[]>();
  const byName = new Map<string, IndexedService[]>();
  const byCode = new Map<string, IndexedService[]>();
  indexed.forEach((entry, i) => {
    for (const term of entry.terms) pushTo(postings, term, i);
    const readingTerms = new Set(entry.readings.flat().filter((term) => !entry.terms.includes(term)));
    for (const term of readingTerms) pushTo(readingPostings, term, i);
    pushTo(byName, entry.service.name_norm, entry);
    if (entry.service.tariff_code) pushTo(byCode, entry.service.tariff_code, entry);
  });
  const byId = new Map(indexed.map((entry) => [entry.service.service_id, entry]));
  const count = Math.max(indexed.length, 1);
  const maxWeight = Math.log(1 + count);
  // Remembered per term: the scorers ask for the same terms' weights many times per name.
  const weightByTerm = new Map<string, number>();
  const weights: TermWeights = {
    weight(term) {
      let weight = weightByTerm.get(term);
      if (weight === undefined) {
        const df = postings.get(term)?.length ?? 0;
        weight = df === 0 ? maxWeight : Math.log(1 + count / df);
        if (weightByTerm.size < 200_000) weightByTerm.set(term, weight);
      }
      return weight;
    },
    known: (term) => postings.has(term),
    maxWeight,
  };

  // The shared weight per service in a dense array, and the services met; cleared after each lookup.
  const shared = new Float64Array(indexed.length);
  const seen = new Uint8Array(indexed.length);
  const met: number[] = [];
  const add = (term: string) => {
    const w = weights.weight(term);
    for (const list of [postings.get(term), readingPostings.get(term)]) {
      if (!list) continue;
      for (const i of list) {
        if (!seen[i]) {
          seen[i] = 1;
          met.push(i);
        }
        shared[i]! += w;
      }
    }
  };
  /** The `limit` services met sharing the most weight, ties by index: what sorting them all would put first. */
  const before = (i: number, j: number) => shared[i]! > shared[j]! || (shared[i] === shared[j] && i < j);
  const best = (limit: number): IndexedService[] => {
    const kept: number[] = [];
    for (const i of met) {
      if (kept.length === limit && !before(i, kept[limit - 1]!)) continue;
      // Inserted by shifting the ones it beats down (the last falls off a full list).
      let at = kept.length < limit ? kept.length : limit - 1;
      while (at > 0 && before(i, kept[at - 1]!)) {
        kept[at] = kept[at - 1]!;
        at -= 1;
      }
      kept[at] = i;
    }
    return kept.map((i) => indexed[i]!);
  };
  const clear = () => {
    for (const i of met) {
      shared[i] = 0;
      seen[i] = 0;
    }
    met.length = 0;
  };

  return {
    services: indexed,
    weights,
    byNameNorm: (nameNorm) => byName.get(nameNorm) ?? [],
    byTariffCode: (code) => byCode.get(code) ?? [],
    termsOf: (serviceId) => byId.get(serviceId)?.terms ?? [],
    candidates(terms, limit) {
      for (const term of new Set(terms)) add(term);
      const found = best(limit);
      clear();
      return found;
    },
    rowCandidates(terms, limit, sectionTerms, sectionLimit) {
      // The name's terms, then the section's it lacks: each service's sums are added in the order `candidates` adds them.
      const distinct = new Set(terms);
      for (const term of distinct) add(term);
      const byName = best(limit);
      if (sectionTerms.length === 0) {
        clear();
        return { byName, withSection: [] };
      }
      for (const term of new Set(sectionTerms)) if (!distinct.has(term)) add(term);
      const withSection = best(sectionLimit);
      clear();
      return { byName, withSection };
    },
  };
}

// ---- internal helpers ----

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
