/**
 * The ranker's features: one vector per (row, candidate entry), from the signals the generators and scorers
 * measured. Ranks and margins are relative to the row's other candidates, so they are computed here over the
 * whole candidate list. One feature is read from the dictionary itself: whether the entry's tariff code is one the
 * row's code denotes (`code_exact`). The names and groups are part of the stored model (assets/ranker.json): a
 * model fitted on other features is refused at load. Tried and left out, for they did not improve the
 * out-of-sample figures (see docs/matching.md): the edit similarity of the sorted stems, the length ratio of row
 * and entry, the partial agreement of the row's tariff code with the entry's (first two groups, first group,
 * conflict), the likeness of the row's section heading to the entry's specialty, the number of entries sharing the
 * entry's name, the entry's sibling group and class size, a differently named rival of the same code or sibling
 * group among the candidates, and the guards as features (a combination guard fired for the entry, the hand
 * rules found the row ambiguous, an allergen test): the hand rules' pick already carries them. The guards still
 * show in the trace.
 */

/** How the legacy cascade (hand rules) decided the row, a signal among others. */
import type { LegacyStage } from '../../model/trace.js';

export type { LegacyStage };

/** What is known of the row, the same for each of its candidates. */
export interface RowSignals {
  /** The row is an allergen-specific IgE test (allergen-tests.ts). */
  readonly allergen: boolean;
  /** The hand rules found the best two differently named entries too close. */
  readonly ambiguous: boolean;
  /** The entry the hand rules chose, its stage and confidence; null when they chose none. */
  readonly legacy: { readonly serviceId: string; readonly stage: LegacyStage; readonly confidence: number } | null;
}

/** What the scorers measured of one candidate. */
export interface CandidateSignals {
  readonly serviceId: string;
  readonly name: string;
  /** The term-coverage score (scorers/term-coverage.ts), 0..1. */
  readonly termScore: number;
  /** The character 3-gram TF-IDF cosine (generators/char-ngrams.ts), 0..1. */
  readonly ngram: number;
  /** Rarity-weighted share of the entry's terms the row has, and of the row's terms the entry has. */
  readonly coverEntry: number;
  readonly coverRow: number;
  /** The row's `name_norm` equals the entry's. */
  readonly exact: boolean;
  /** The entry's tariff code is one of the row's (tariff-code.ts: look-alike letters read, sub-codes cut). */
  readonly codeExact: boolean;
}

/** Feature names in vector order, each with its group (the unit of the ablations). */
export const FEATURES: readonly { readonly name: string; readonly group: string }[] = [
  { name: 'term', group: 'term' },
  { name: 'term_rank', group: 'term' },
  { name: 'term_margin', group: 'term' },
  { name: 'ngram', group: 'ngram' },
  { name: 'ngram_rank', group: 'ngram' },
  { name: 'ngram_margin', group: 'ngram' },
  { name: 'cover_entry', group: 'coverage' },
  { name: 'cover_row', group: 'coverage' },
  { name: 'exact', group: 'legacy' },
  { name: 'legacy_pick', group: 'legacy' },
  { name: 'legacy_confidence', group: 'legacy' },
  { name: 'legacy_code', group: 'legacy' },
  { name: 'legacy_rule', group: 'legacy' },
  { name: 'code_exact', group: 'code' },
];

/** The feature vectors of a row's candidates, in the order given. */
export function featureVectors(row: RowSignals, candidates: readonly CandidateSignals[]): number[][] {
  const termRanks = ranksBy(candidates, (c) => c.termScore);
  const ngramRanks = ranksBy(candidates, (c) => c.ngram);
  const termMargins = marginsBy(candidates, (c) => c.termScore);
  const ngramMargins = marginsBy(candidates, (c) => c.ngram);
  return candidates.map((candidate, i) => {
    const picked = row.legacy?.serviceId === candidate.serviceId;
    return [
      candidate.termScore,
      1 / termRanks[i]!,
      termMargins[i]!,
      candidate.ngram,
      1 / ngramRanks[i]!,
      ngramMargins[i]!,
      candidate.coverEntry,
      candidate.coverRow,
      candidate.exact ? 1 : 0,
      picked ? 1 : 0,
      picked ? row.legacy!.confidence : 0,
      picked && row.legacy!.stage === 'code' ? 1 : 0,
      picked && row.legacy!.stage === 'rule' ? 1 : 0,
      candidate.codeExact ? 1 : 0,
    ];
  });
}

// ---- internal helpers ----

/** 1-based rank of each candidate by a signal, highest first; equal values share the better rank. */
function ranksBy(candidates: readonly CandidateSignals[], signal: (c: CandidateSignals) => number): number[] {
  // One more than the number of values above each: ascending in a typed array, found by binary search.
  const sorted = new Float64Array(candidates.length);
  for (let i = 0; i < candidates.length; i += 1) sorted[i] = signal(candidates[i]!);
  sorted.sort();
  return candidates.map((c) => {
    const value = signal(c);
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid]! <= value) low = mid + 1;
      else high = mid;
    }
    return sorted.length - low + 1;
  });
}

/** Each candidate's signal minus the best signal among differently named candidates (0 when none; negative when beaten). */
function marginsBy(candidates: readonly CandidateSignals[], signal: (c: CandidateSignals) => number): number[] {
  // The best value and its name, and the best value under any other name: a candidate's rival is the first unless
  // it bears that name.
  let best = 0;
  let bestName: string | null = null;
  for (const c of candidates) {
    const value = signal(c);
    if (value > best) [best, bestName] = [value, c.name];
  }
  let other = 0;
  for (const c of candidates) if (c.name !== bestName) other = Math.max(other, signal(c));
  return candidates.map((c) => signal(c) - (c.name === bestName ? other : best));
}
