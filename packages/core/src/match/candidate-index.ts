/**
 * The candidate index: an inverted index from stems to dictionary services, so that a name is scored
 * only against services that share a word with it, never against the whole dictionary.
 */
import type { Service } from '../storage/records.js';
import type { StemWeight } from './scorers/token-overlap.js';
import { toStems } from './tokens.js';

/** A dictionary service prepared for matching. */
export interface IndexedService {
  readonly service: Service;
  readonly stems: readonly string[];
}

export interface CandidateIndex {
  readonly services: readonly IndexedService[];
  /** Rarity weight of a stem over the dictionary (inverse document frequency). */
  readonly weight: StemWeight;
  /** Services whose `name_norm` equals the given one; `[]` when none. */
  byNameNorm(nameNorm: string): readonly IndexedService[];
  /** Services whose tariff code is the given one; `[]` when none. */
  byTariffCode(code: string): readonly IndexedService[];
  /**
   * Up to `limit` services sharing at least one stem with `stems`, the ones sharing the most weight first.
   * `[]` when no service shares a stem.
   */
  candidates(stems: readonly string[], limit: number): readonly IndexedService[];
}

/** Builds the index once per dictionary version; lookups are then cheap. */
export function createCandidateIndex(services: readonly Service[]): CandidateIndex {
  const indexed = services.map((service) => ({ service, stems: toStems(service.name_norm) }));
  const postings = new Map<string, number[]>();
  const byName = new Map<string, IndexedService[]>();
  const byCode = new Map<string, IndexedService[]>();
  indexed.forEach((entry, i) => {
    for (const stem of new Set(entry.stems)) pushTo(postings, stem, i);
    pushTo(byName, entry.service.name_norm, entry);
    if (entry.service.tariff_code) pushTo(byCode, entry.service.tariff_code, entry);
  });
  const count = Math.max(indexed.length, 1);
  const maxWeight = Math.log(1 + count);
  const weight: StemWeight = (stem) => {
    const df = postings.get(stem)?.length ?? 0;
    return df === 0 ? maxWeight : Math.log(1 + count / df);
  };

  return {
    services: indexed,
    weight,
    byNameNorm: (nameNorm) => byName.get(nameNorm) ?? [],
    byTariffCode: (code) => byCode.get(code) ?? [],
    candidates(stems, limit) {
      const shared = new Map<number, number>();
      for (const stem of new Set(stems)) {
        const list = postings.get(stem);
        if (!list) continue;
        const w = weight(stem);
        for (const i of list) shared.set(i, (shared.get(i) ?? 0) + w);
      }
      return [...shared.entries()]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, limit)
        .map(([i]) => indexed[i]!);
    },
  };
}

// ---- internal helpers ----

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
