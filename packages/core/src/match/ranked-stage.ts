/**
 * The ranked stage: the candidates of every generator merged (the term index, character 3-grams, the tariff
 * code, the hand rules' pick), described by their features (ranker/features.ts), ordered by the fitted ranker,
 * and the best one's calibrated probability taken as the confidence. At or above the model's acceptance
 * probability the match is automatic; below it the row is queued with the top five distinct suggestions, but a
 * code mnemonic, which is never queued (DESIGN §4 rule 2).
 */
import type { MatchCandidate } from '../storage/records.js';
import type { CandidateIndex, IndexedService } from './candidate-index.js';
import type { MatchInput, MatchOutcome, MatchThresholds, RowTerms, RuleOutcome } from './match-types.js';
import { isCodeMnemonic } from './code-mnemonic.js';
import { createCharNgramIndex } from './generators/char-ngrams.js';
import { featureVectors, type CandidateSignals, type RowSignals } from './ranker/features.js';
import type { Ranker } from './ranker/ranker.js';
import type { TermWeights } from './scorers/term-coverage.js';
import { tariffCodesOf } from './tariff-code.js';
import type { MatchTrace } from './trace.js';

/** What the cascade knows of a row when it reaches this stage. */
export interface RankedContext {
  readonly input: MatchInput;
  readonly nameNorm: string;
  readonly position: RowTerms;
  /** The term index's candidates and their term scores, best first. */
  readonly entries: readonly IndexedService[];
  readonly scored: readonly MatchCandidate[];
  readonly rules: RuleOutcome;
  readonly thresholds: MatchThresholds;
}

/** What the cascade lends the stage: its term scorer and its combination guards. */
export interface RankedStageHelpers {
  scoreRow(row: RowTerms, entry: IndexedService): number;
  guarded(input: MatchInput, row: RowTerms, entry: IndexedService): boolean;
}

export interface RankedStage {
  decide(ranker: Ranker, context: RankedContext): MatchOutcome;
  /** The merged candidates with their feature vectors, in generator order (for fitting). */
  features(context: RankedContext): { service_id: string; name: string; features: number[] }[];
}

/** How many candidates the 3-gram generator adds. */
const NGRAM_LIMIT = 15;
/** The 3-gram generator adds no entry below this cosine: a word or two in common is no candidate. */
const NGRAM_FLOOR = 0.35;
/** 3-grams in more than this share of the dictionary's texts are skipped by the 3-gram query (speed; CV unchanged). */
const NGRAM_COMMON_SHARE = 0.15;
/** How many entries sharing the row's tariff code the code generator adds. */
const CODE_LIMIT = 15;
/** How many suggestions a queued row keeps. */
const KEPT = 5;

export function createRankedStage(index: CandidateIndex, helpers: RankedStageHelpers): RankedStage {
  const services = index.services;
  const position = new Map(services.map((entry, i) => [entry, i]));
  const byId = new Map(services.map((entry) => [entry.service.service_id, entry]));
  const ngrams = createCharNgramIndex(
    services.flatMap((entry, i) =>
      [entry.service.name_norm, entry.terms.join(' '), ...entry.readings.map((r) => r.join(' '))].map((text) => ({ entry: i, text })),
    ),
    { maxDocumentShare: NGRAM_COMMON_SHARE },
  );
  const readingTerms = services.map((entry) => new Set([...entry.terms, ...entry.readings.flat()]));
  // Each entry's name and readings with their total weights, summed once per dictionary.
  const readingWeights = services.map((entry) =>
    [entry.terms, ...entry.readings].map((terms) => ({ terms, termWeights: weightsOf(terms, index.weights), weight: weightOf(terms, index.weights) })),
  );

  /** The merged candidates of a row and their signals. */
  const gather = (context: RankedContext): { row: RowSignals; signals: CandidateSignals[]; entries: IndexedService[] } => {
    const { input, nameNorm, position: row, rules } = context;
    const termScores = new Map(context.scored.map((c) => [c.service_id, c.score]));
    const rowTerms = row.full.terms;
    const cosines = ngrams.best(rowTerms.join(' '), NGRAM_LIMIT, NGRAM_FLOOR);
    const codes = tariffCodesOf(input.code);
    const merged = new Set<IndexedService>(context.entries);
    for (const i of cosines.top) merged.add(services[i]!);
    for (const code of codes) for (const entry of index.byTariffCode(code).slice(0, CODE_LIMIT)) merged.add(entry);
    const picked = rules.stage ? byId.get(rules.outcome.service_id!) : undefined;
    if (picked) merged.add(picked);

    const rowSet = new Set(rowTerms);
    const rowTermWeights = weightsOf(rowTerms, index.weights);
    const rowWeight = weightOf(rowTerms, index.weights);
    const entries = [...merged];
    const signals = entries.map((entry): CandidateSignals => {
      const i = position.get(entry)!;
      const id = entry.service.service_id;
      const termScore = termScores.get(id) ?? helpers.scoreRow(row, entry);
      const ngram = cosines.cosine(i);
      const entryTerms = readingTerms[i]!;
      let coverEntry = 0;
      for (const { terms, termWeights, weight } of readingWeights[i]!) coverEntry = Math.max(coverEntry, sharedWeight(terms, termWeights, rowSet) / (weight || 1));
      const coverRow = rowWeight === 0 ? 0 : sharedWeight(rowTerms, rowTermWeights, entryTerms) / rowWeight;
      return {
        serviceId: id,
        name: entry.service.name,
        termScore,
        ngram,
        coverEntry,
        coverRow,
        exact: entry.service.name_norm === nameNorm && !row.allergen,
        codeExact: entry.service.tariff_code !== null && codes.includes(entry.service.tariff_code),
      };
    });
    const rowSignals: RowSignals = {
      allergen: row.allergen,
      ambiguous: rules.ambiguous,
      legacy: picked && rules.stage ? { serviceId: picked.service.service_id, stage: rules.stage, confidence: rules.outcome.confidence } : null,
    };
    return { row: rowSignals, signals, entries };
  };

  return {
    features(context) {
      const { row, signals } = gather(context);
      const vectors = featureVectors(row, signals);
      return signals.map((s, i) => ({ service_id: s.serviceId, name: s.name, features: vectors[i]! }));
    },
    decide(ranker, context) {
      const { input, nameNorm, rules } = context;
      const { row, signals, entries } = gather(context);
      if (signals.length === 0) {
        return { name_norm: nameNorm, service_id: null, confidence: 0, method: null, status: 'unrecognized', candidates: [], trace: { stage: 'ranker' } };
      }
      const vectors = featureVectors(row, signals);
      const order = signals.map((_, i) => ({ i, score: ranker.score(vectors[i]!) })).sort((a, b) => b.score - a.score || a.i - b.i);
      const top = order[0]!;
      const best = signals[top.i]!;
      const probability = round(ranker.probability(top.score));
      const candidates: MatchCandidate[] = [];
      const names = new Set<string>();
      for (const { i, score } of order) {
        const s = signals[i]!;
        if (names.has(s.name)) continue;
        names.add(s.name);
        candidates.push({ service_id: s.serviceId, name: s.name, score: round(ranker.probability(score)), method: 'fuzzy' });
        if (candidates.length === KEPT) break;
      }
      const rule = row.legacy?.serviceId === best.serviceId ? row.legacy.stage : undefined;
      // For the trace: the guards that fire for the chosen entry (the hand rules' pick carries them to the model).
      const combination = helpers.guarded(input, context.position, entries[top.i]!);
      const guards = [...(combination ? ['combination'] : []), ...(row.ambiguous ? ['ambiguous'] : []), ...(row.allergen ? ['allergen'] : [])];
      const trace: MatchTrace = {
        stage: 'ranker',
        ...(rule && { rule }),
        signals: { logit: round2(top.score), term: round2(best.termScore), ngram: round2(best.ngram), margin: round2(vectors[top.i]![2]!) },
        ...(guards.length > 0 && { guards }),
      };
      if (probability >= ranker.model.accept) {
        // The stage's own method when a hand rule chose the same entry (a form number is a code), else fuzzy.
        const method = rule ? (rules.outcome.method ?? 'fuzzy') : 'fuzzy';
        return { name_norm: nameNorm, service_id: best.serviceId, confidence: probability, method, status: 'normalized', candidates, trace };
      }
      // Queued when the hand rules found the row plausible (a term score at or above the queue threshold) or the
      // ranker gives its best candidate the model's queue probability.
      const plausible = probability >= ranker.model.queue || rules.outcome.status !== 'unrecognized';
      // DESIGN §4 rule 2: a code mnemonic never goes to the verification queue.
      const status = plausible && !isCodeMnemonic(input.raw_name) ? 'queued' : 'unrecognized';
      return { name_norm: nameNorm, service_id: null, confidence: probability, method: null, status, candidates, trace };
    },
  };
}

// ---- internal helpers ----

function weightOf(terms: readonly string[], weights: TermWeights): number {
  let sum = 0;
  for (const term of terms) sum += weights.weight(term);
  return sum;
}

/** The weight of each term, in order. */
function weightsOf(terms: readonly string[], weights: TermWeights): Float64Array {
  const found = new Float64Array(terms.length);
  for (let k = 0; k < terms.length; k += 1) found[k] = weights.weight(terms[k]!);
  return found;
}

/** The summed weight (`termWeights`, by position) of the terms that `other` has. */
function sharedWeight(terms: readonly string[], termWeights: Float64Array, other: ReadonlySet<string>): number {
  let sum = 0;
  for (let k = 0; k < terms.length; k += 1) if (other.has(terms[k]!)) sum += termWeights[k]!;
  return sum;
}


function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
