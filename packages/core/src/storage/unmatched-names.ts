/**
 * The unmatched positions by name, computed over positions in memory: what the in-memory query port answers
 * for {@link QueryPort.unmatchedNames}, {@link QueryPort.unmatchedPricesByList} and
 * {@link QueryPort.unmatchedPositions} (the PostgreSQL port answers the same in SQL). Memory grows with the
 * distinct names, not with the positions.
 */
import type { QueryPort, UnmatchedCandidate, UnmatchedLine, UnmatchedListPrices, UnmatchedName, UnmatchedNameRef } from './query-port.js';
import { UNMATCHED_NAME_PRICES } from './query-port.js';
import type { Position } from './records.js';

/** One row per distinct (raw_name, name_norm, section) of `unmatched` (in ingest order), in order of first position. */
export function unmatchedNamesOf(unmatched: Iterable<Position>): UnmatchedName[] {
  const byName = new NameMap<NameFigures>();
  const inOrder: NameFigures[] = [];
  for (const p of unmatched) {
    let figures = byName.get(p);
    if (!figures) {
      figures = { raw_name: p.raw_name, name_norm: p.name_norm, section: p.section, positions: 0, clinics: new Set(), prices: new Set(), candidates: new Map() };
      byName.set(p, figures);
      inOrder.push(figures);
    }
    figures.positions++;
    figures.clinics.add(p.clinic_id);
    if (p.price !== null && figures.prices.size < UNMATCHED_NAME_PRICES) figures.prices.add(p.price);
    for (const candidate of p.candidates) {
      const seen = figures.candidates.get(candidate.service_id);
      if (seen) {
        seen.score = Math.max(seen.score, candidate.score);
        seen.count++;
      } else {
        figures.candidates.set(candidate.service_id, { service_id: candidate.service_id, score: candidate.score, count: 1 });
      }
    }
  }
  return inOrder.map((f) => ({
    raw_name: f.raw_name,
    name_norm: f.name_norm,
    section: f.section,
    positions: f.positions,
    clinic_ids: [...f.clinics],
    prices: [...f.prices],
    candidates: [...f.candidates.values()],
  }));
}

/** See {@link QueryPort.unmatchedPricesByList}; `unmatched` in any order. */
export function unmatchedPricesByListOf(
  unmatched: Iterable<Position>,
  names: readonly UnmatchedNameRef[],
  maxPrices: number,
): UnmatchedListPrices[] {
  const wanted = new NameMap<Map<string, { price_list_id: string; raw_name: string; name_norm: string; section: string | null; prices: Set<number> }>>();
  for (const name of names) wanted.set(name, new Map());
  const rows = [];
  for (const p of unmatched) {
    const byList = wanted.get(p);
    if (!byList) continue;
    let row = byList.get(p.price_list_id);
    if (!row) {
      byList.set(p.price_list_id, (row = { price_list_id: p.price_list_id, raw_name: p.raw_name, name_norm: p.name_norm, section: p.section, prices: new Set() }));
      rows.push(row);
    }
    if (p.price !== null && row.prices.size < maxPrices) row.prices.add(p.price);
  }
  return rows.map((row) => ({ ...row, prices: [...row.prices] }));
}

/** A filter of positions carrying one of `names` (raw_name, name_norm and section exactly). */
export function carriesNameOf(names: readonly UnmatchedNameRef[]): (position: Position) => boolean {
  const wanted = new NameMap<true>();
  for (const name of names) wanted.set(name, true);
  return (position) => wanted.get(position) !== undefined;
}

/** The fields of an unmatched position that {@link QueryPort.unmatchedPositions} gives. */
export function toUnmatchedLine(p: Position): UnmatchedLine {
  return {
    position_id: p.position_id,
    raw_name: p.raw_name,
    name_norm: p.name_norm,
    clinic_id: p.clinic_id,
    price_list_id: p.price_list_id,
    section: p.section,
    price: p.price,
    status: p.status as UnmatchedLine['status'],
  };
}

// ---- internal helpers ----

interface NameFigures extends UnmatchedNameRef {
  positions: number;
  readonly clinics: Set<string>;
  readonly prices: Set<number>;
  readonly candidates: Map<string, { -readonly [K in keyof UnmatchedCandidate]: UnmatchedCandidate[K] }>;
}

/**
 * Values by name, in nested maps keyed by the records' own strings: no key string is built per position (a million
 * concatenations and their hashes were most of the time), and a string's hash is computed once.
 */
class NameMap<T> {
  readonly #byRaw = new Map<string, Map<string, Map<string | null, T>>>();

  get(name: UnmatchedNameRef): T | undefined {
    return this.#byRaw.get(name.raw_name)?.get(name.name_norm)?.get(name.section);
  }

  set(name: UnmatchedNameRef, value: T): void {
    let byNorm = this.#byRaw.get(name.raw_name);
    if (!byNorm) this.#byRaw.set(name.raw_name, (byNorm = new Map()));
    let bySection = byNorm.get(name.name_norm);
    if (!bySection) byNorm.set(name.name_norm, (bySection = new Map()));
    bySection.set(name.section, value);
  }
}
