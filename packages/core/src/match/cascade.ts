/**
 * The matching cascade (DESIGN §4), cheapest stage first: clinic code → exact `name_norm` → learned
 * synonym → fuzzy. Each stage records its `method`. The embedding stage joins in a later version.
 */
import type { LearnedSynonym, MatchCandidate, MatchMethod, Service } from '../storage/records.js';
import { createCandidateIndex, type CandidateIndex, type IndexedService } from './candidate-index.js';
import { isCodeMnemonic } from './code-mnemonic.js';
import { tariffCodesOf } from './tariff-code.js';
import { normalizeName } from './normalize.js';
import { scoreNameSimilarity } from './scorers/name-similarity.js';
import { toStems } from './tokens.js';

/** What the cascade is asked to match: one priced row. */
export interface MatchInput {
  readonly raw_name: string;
  readonly code: string | null;
  readonly section: string | null;
}

/** The cascade's decision for one row, before the concentrated-group rule (see concentrated-groups.ts). */
export interface MatchOutcome {
  readonly name_norm: string;
  readonly service_id: string | null;
  readonly confidence: number;
  readonly method: MatchMethod | null;
  readonly status: 'normalized' | 'queued' | 'unrecognized';
  readonly candidates: readonly MatchCandidate[];
}

/** Score limits of the fuzzy stage. */
export interface MatchThresholds {
  /** At or above: normalized automatically (rule 1 may still withdraw it below 0.72). @default 0.62 */
  readonly accept: number;
  /** At or above (and below `accept`): queued for verification with candidates; below: unrecognized. @default 0.45 */
  readonly queue: number;
}

export const DEFAULT_THRESHOLDS: MatchThresholds = { accept: 0.62, queue: 0.45 };

export interface Matcher {
  match(input: MatchInput): MatchOutcome;
}

export interface MatcherOptions {
  readonly services: readonly Service[];
  readonly synonyms?: readonly LearnedSynonym[];
  readonly thresholds?: Partial<MatchThresholds>;
}

/** How many index candidates the fuzzy stage scores per name. */
const CANDIDATE_LIMIT = 40;
/** How many candidates a position keeps for the verification queue. */
const KEPT_CANDIDATES = 5;
/** A code match needs at least this name similarity: codes are shared by several dictionary entries. */
const CODE_NAME_FLOOR = 0.45;

/** Builds a matcher over one dictionary version and the synonyms learned so far. */
export function createMatcher(options: MatcherOptions): Matcher {
  const thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  const index = createCandidateIndex(options.services);
  const servicesById = new Map(options.services.map((s) => [s.service_id, s]));
  const synonyms = new Map<string, string>();
  for (const synonym of options.synonyms ?? []) {
    if (servicesById.has(synonym.service_id)) synonyms.set(synonym.name_norm, synonym.service_id);
  }

  return {
    match(input) {
      const nameNorm = normalizeName(input.raw_name);
      const stems = toStems(nameNorm);
      const scored = scoreCandidates(index, stems);
      const candidates = scored.slice(0, KEPT_CANDIDATES);

      const byCode = matchByCode(index, input.code, stems);
      if (byCode) return normalized(nameNorm, byCode.service, byCode.confidence, 'code', candidates);

      const exact = index.byNameNorm(nameNorm);
      if (exact.length > 0) {
        // Several specialties may list the same name; the match is right but the entry is a guess.
        return normalized(nameNorm, exact[0]!.service, exact.length === 1 ? 1 : 0.95, 'exact', candidates);
      }

      const synonymId = synonyms.get(nameNorm);
      const learned = synonymId ? servicesById.get(synonymId) : undefined;
      if (learned) return normalized(nameNorm, learned, 1, 'synonym', candidates);

      const best = scored[0];
      if (best && best.score >= thresholds.accept) {
        return normalized(nameNorm, servicesById.get(best.service_id)!, best.score, 'fuzzy', candidates);
      }
      const plausible = best !== undefined && best.score >= thresholds.queue;
      // DESIGN §4 rule 2: a code mnemonic never goes to the verification queue.
      const status = plausible && !isCodeMnemonic(input.raw_name) ? 'queued' : 'unrecognized';
      return { name_norm: nameNorm, service_id: null, confidence: best?.score ?? 0, method: null, status, candidates };
    },
  };
}

// ---- internal helpers ----

function scoreCandidates(index: CandidateIndex, stems: readonly string[]): MatchCandidate[] {
  return index
    .candidates(stems, CANDIDATE_LIMIT)
    .map((entry) => toCandidate(entry, round(scoreNameSimilarity(stems, entry.stems, index.weight)), 'fuzzy'))
    .sort((a, b) => b.score - a.score);
}

function matchByCode(
  index: CandidateIndex,
  code: string | null,
  stems: readonly string[],
): { service: Service; confidence: number } | null {
  for (const tariffCode of tariffCodesOf(code)) {
    const sharing = index.byTariffCode(tariffCode);
    let best: { entry: IndexedService; score: number } | null = null;
    for (const entry of sharing) {
      const score = scoreNameSimilarity(stems, entry.stems, index.weight);
      if (!best || score > best.score) best = { entry, score };
    }
    if (best && best.score >= CODE_NAME_FLOOR) {
      // The code narrows the candidates; the name decides among the entries sharing it.
      return { service: best.entry.service, confidence: round(Math.min(0.99, 0.5 + 0.5 * best.score)) };
    }
  }
  return null;
}

function normalized(
  nameNorm: string,
  service: Service,
  confidence: number,
  method: MatchMethod,
  candidates: readonly MatchCandidate[],
): MatchOutcome {
  return { name_norm: nameNorm, service_id: service.service_id, confidence, method, status: 'normalized', candidates };
}

function toCandidate(entry: IndexedService, score: number, method: MatchMethod): MatchCandidate {
  return { service_id: entry.service.service_id, name: entry.service.name, score, method };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
