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
  const coverage = createCoverage(services, index.weights);

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

    const rowCoverage = coverage.ofRow(rowTerms);
    const entries = [...merged];
    const signals = entries.map((entry): CandidateSignals => {
      const i = position.get(entry)!;
      const id = entry.service.service_id;
      const termScore = termScores.get(id) ?? helpers.scoreRow(row, entry);
      const ngram = cosines.cosine(i);
      const coverEntry = rowCoverage.coverEntry(i);
      const coverRow = rowCoverage.coverRow(i);
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

/**
 * The two coverage signals of a candidate, how much of the entry's weight the row has and of the row's the entry, with the dictionary's terms as ids and a row's terms marked in a dense array (a row meets
 * some thirty candidates, each with a few readings): the sums are added in the order of the terms, as over sets.
 */
function createCoverage(services: readonly IndexedService[], weights: TermWeights) {
  const ids = new Map<string, number>();
  const idOf = (term: string) => {
    let id = ids.get(term);
    if (id === undefined) ids.set(term, (id = ids.size));
    return id;
  };
  // Each entry's name and readings, once per dictionary, in contiguous arrays: the entry's lists (`listStart`), each
  // list's terms (`termStart`) as ids and weights, and each list's total weight; and the ids of every term of the
  // entry's name and readings (`idStart`).
  const listStart = [0];
  const termStart = [0];
  const termIds: number[] = [];
  const termWeights: number[] = [];
  const listWeights: number[] = [];
  const idStart = [0];
  const entryIds: number[] = [];
  for (const entry of services) {
    for (const terms of [entry.terms, ...entry.readings]) {
      for (let k = 0; k < terms.length; k += 1) termIds.push(idOf(terms[k]!));
      termWeights.push(...weightsOf(terms, weights));
      termStart.push(termIds.length);
      listWeights.push(weightOf(terms, weights));
    }
    listStart.push(listWeights.length);
    for (const term of new Set([...entry.terms, ...entry.readings.flat()])) entryIds.push(idOf(term));
    idStart.push(entryIds.length);
  }
  const lists = {
    start: Int32Array.from(listStart),
    termStart: Int32Array.from(termStart),
    ids: Int32Array.from(termIds),
    weights: Float64Array.from(termWeights),
    weight: Float64Array.from(listWeights),
  };
  const entryTerms = { start: Int32Array.from(idStart), ids: Int32Array.from(entryIds) };
  const rowMark = new Int32Array(ids.size);
  const entryMark = new Int32Array(ids.size);
  let rowStamp = 0;
  let entryStamp = 0;
  return {
    /** The signals of one row against the entries (by index) asked, until the next row. */
    ofRow(rowTerms: readonly string[]) {
      rowStamp += 1;
      const stamp = rowStamp;
      const rowIds = new Int32Array(rowTerms.length);
      for (let k = 0; k < rowTerms.length; k += 1) {
        const id = ids.get(rowTerms[k]!) ?? -1;
        rowIds[k] = id;
        if (id >= 0) rowMark[id] = stamp;
      }
      const rowTermWeights = weightsOf(rowTerms, weights);
      const rowWeight = weightOf(rowTerms, weights);
      const current = () => {
        if (stamp !== rowStamp) throw new Error('ranked-stage: the coverage of an earlier row was read after a later row');
      };
      return {
        /** The best over the entry's name and readings of the rarity-weighted share of its terms the row has. */
        coverEntry(entry: number): number {
          current();
          let cover = 0;
          for (let list = lists.start[entry]!; list < lists.start[entry + 1]!; list += 1) {
            let shared = 0;
            for (let k = lists.termStart[list]!; k < lists.termStart[list + 1]!; k += 1) if (rowMark[lists.ids[k]!] === stamp) shared += lists.weights[k]!;
            cover = Math.max(cover, shared / (lists.weight[list]! || 1));
          }
          return cover;
        },
        /** The rarity-weighted share of the row's terms that the entry's name or readings have. */
        coverRow(entry: number): number {
          current();
          if (rowWeight === 0) return 0;
          entryStamp += 1;
          for (let k = entryTerms.start[entry]!; k < entryTerms.start[entry + 1]!; k += 1) entryMark[entryTerms.ids[k]!] = entryStamp;
          let shared = 0;
          for (let k = 0; k < rowIds.length; k += 1) if (rowIds[k]! >= 0 && entryMark[rowIds[k]!] === entryStamp) shared += rowTermWeights[k]!;
          return shared / rowWeight;
        },
      };
    },
  };
}

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



function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
