// Shared by fit-ranker.mjs and evaluate-matching.mjs: the labelled rows with their candidates' feature vectors,
// the ranker fitted on them, its leave-one-clinic-out (grouped) cross-validation, and the figures of a set of
// decisions. The labelled rows are read from the samples' own fields (raw_name, code, section), as extracted
// when they were labelled, so no ingest is needed. Uses the built dist.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FEATURES,
  applyIsotonic,
  createMatcher,
  createSiblingDecider,
  dictionaryStructureOf,
  fitIsotonic,
  fitLogistic,
  isCodeMnemonic,
  logisticScore,
} from '../dist/internal.js';

const here = fileURLToPath(new URL('.', import.meta.url));
export const fixtures = join(here, '../test/fixtures');
export const readSample = (name) => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));

/**
 * The labelled samples the ranker is fitted on, by key: the development sample, the old held-out sample and the
 * second training sample (matching-train-2.json, labelled blind for fitting). Never the fresh held-out samples.
 */
export const FITTING_FILES = { dev: 'matching-sample.json', held: 'matching-holdout.json', train2: 'matching-train-2.json' };
export const SAMPLE_TITLES = { dev: 'dev', held: 'old held-out', train2: 'train-2' };
/** The samples labelled blind for fitting (the ablation "without the blind training rows" leaves them out). */
export const BLIND_TRAINING = ['train2'];
/** The fitting samples read, `without` some keys (for the comparison with and without a sample). */
export const fittingSamples = (without = []) =>
  Object.fromEntries(Object.entries(FITTING_FILES).filter(([key]) => !without.includes(key)).map(([key, file]) => [key, readSample(file)]));

/** The L2 penalty of the fit (per example, standardized features), chosen in grouped CV among 1e-4 … 1 (`node bench/fit-ranker.mjs --l2`). */
export const L2 = 0.1;
/** The precision automatic matches must keep out of sample. */
export const TARGET_PRECISION = 0.97;

/** "Клиника 2" of `Клиника 2 прайс 2025 год.PDF`: the CV groups. */
export const clinicOf = (file) => (file.match(/Клиника \d+/) ?? [file])[0];

/**
 * Each label with its candidates (service_id, name, feature vector, right or not) and the hand-rule cascade's
 * outcome (the "before"). A candidate is right when it is the labelled entry or one of the same name — after the
 * sibling decider has read the row (the ranker picks an entry, the row's code, method or material then pick among
 * its siblings, as in the matcher), so `IgE специфический аллергены` is right for a row coded as the ИХЛ entry
 * labelled `IgE специфический возбудители`.
 */
export function labelledRows(services, samples) {
  const nameOf = new Map(services.map((s) => [s.service_id, s.name]));
  const matcher = createMatcher({ services, ranker: null });
  const structure = dictionaryStructureOf(services);
  const siblings = createSiblingDecider(structure, services);
  const classOf = (id) => structure.classOf(id)?.class_id ?? id;
  const rows = [];
  for (const [sample, labels] of Object.entries(samples)) {
    for (const label of labels) {
      const input = { raw_name: label.raw_name, code: label.code ?? null, section: label.section ?? null };
      const right = (id) => Boolean(id && label.service_id && (id === label.service_id || nameOf.get(id) === label.service_name));
      const decided = (id) => {
        const decision = siblings.decide(input, id);
        return decision.kind === 'switched' ? decision.service_id : id;
      };
      const { candidates } = matcher.features(input);
      rows.push({
        sample,
        clinic: clinicOf(label.file),
        label,
        mnemonic: isCodeMnemonic(label.raw_name),
        hasEntry: Boolean(label.service_id),
        candidates: candidates.map((c) => {
          const id = decided(c.service_id);
          // Class level: a duplicate of the labelled entry (dictionary-structure.ts) counts too. Reported, not fitted.
          const classRight = right(id) || Boolean(label.service_id && classOf(id) === classOf(label.service_id));
          return { ...c, right: right(id), exactly: id === label.service_id, classRight };
        }),
        rules: matcher.match(input),
        right,
      });
    }
  }
  return rows;
}

/** Keeps the features whose group is not in `drop`. */
export function maskOf(drop = []) {
  return FEATURES.map((f) => !drop.includes(f.group));
}
const pick = (features, mask) => features.filter((_, j) => mask[j]);

/** Fits the logistic ranker on rows' candidates (features masked). */
export function fitRows(rows, mask, l2 = L2) {
  const xs = [];
  const ys = [];
  for (const row of rows) for (const c of row.candidates) {
    xs.push(pick(c.features, mask));
    ys.push(c.right ? 1 : 0);
  }
  return fitLogistic(xs, ys, { l2 });
}

/** A row ranked by a model: candidates best first (distinct names), the best one's score. */
export function rankRow(row, model, mask) {
  const scored = row.candidates.map((c) => ({ ...c, score: logisticScore(model, pick(c.features, mask)) })).sort((a, b) => b.score - a.score);
  const distinct = [];
  for (const c of scored) if (!distinct.some((d) => d.name === c.name)) distinct.push(c);
  return { row, ranked: distinct, top: distinct[0] ?? null, score: distinct[0]?.score ?? -Infinity };
}

/** Calibration pairs: the best candidate's score, and whether it is right (a row without candidates has none). */
const pairsOf = (ranked) => ranked.filter((r) => r.top).map((r) => [r.score, r.top.right ? 1 : 0]);
export const calibrate = (ranked) => {
  const pairs = pairsOf(ranked);
  return fitIsotonic(pairs.map((p) => p[0]), pairs.map((p) => p[1]));
};

/**
 * Leave-one-clinic-out: each clinic's rows ranked by a model fitted on the other clinics, then calibrated by an
 * isotonic fit on the other clinics' out-of-fold scores (nested, so the probabilities are out of sample too).
 * Returns the ranked rows with `probability`, and the out-of-fold rows pooled for the final calibration.
 */
export function groupedCv(rows, mask, l2 = L2) {
  const clinics = [...new Set(rows.map((r) => r.clinic))].sort();
  const outOfFold = [];
  for (const clinic of clinics) {
    const model = fitRows(rows.filter((r) => r.clinic !== clinic), mask, l2);
    for (const row of rows.filter((r) => r.clinic === clinic)) outOfFold.push(rankRow(row, model, mask));
  }
  for (const clinic of clinics) {
    const calibration = calibrate(outOfFold.filter((r) => r.row.clinic !== clinic));
    for (const r of outOfFold.filter((x) => x.row.clinic === clinic)) r.probability = r.top ? applyIsotonic(calibration, r.score) : 0;
  }
  return outOfFold;
}

/** The lowest probability whose accepted rows keep the target precision (each higher one keeps it too). */
export function acceptanceThreshold(ranked, target = TARGET_PRECISION) {
  const sorted = ranked.filter((r) => r.top).sort((a, b) => b.probability - a.probability);
  let right = 0;
  let best = 1;
  for (let i = 0; i < sorted.length; i += 1) {
    right += sorted[i].top.right ? 1 : 0;
    const next = sorted[i + 1];
    // Only between distinct probabilities can a threshold fall.
    if (next && next.probability === sorted[i].probability) continue;
    if (right / (i + 1) >= target) best = sorted[i].probability;
    else break;
  }
  return best;
}

/**
 * The figures of ranked rows under an acceptance threshold: precision of automatic matches, recall of rows with an
 * entry, the correct share end to end (right match, or no match for a row without an entry), the queue's top-1 and
 * top-5 for rows with an entry left to it, the expected calibration error of the automatic matches and of every
 * row's top suggestion, and the reliability bins.
 */
export function figuresOf(ranked, accept) {
  const auto = ranked.filter((r) => r.top && r.probability >= accept);
  const autoRight = auto.filter((r) => r.top.right);
  const withEntry = ranked.filter((r) => r.row.hasEntry);
  const waiting = withEntry.filter((r) => !(r.top && r.probability >= accept));
  const correct = ranked.filter((r) => (r.top && r.probability >= accept ? r.top.right : !r.row.hasEntry));
  return {
    n: ranked.length,
    withEntry: withEntry.length,
    auto: auto.length,
    precision: ratio(autoRight.length, auto.length),
    /** Automatic matches naming the labelled entry itself, not a same-name entry of another specialty. */
    strictPrecision: ratio(auto.filter((r) => r.top.exactly).length, auto.length),
    recall: ratio(autoRight.length, withEntry.length),
    correct: ratio(correct.length, ranked.length),
    waiting: waiting.length,
    top1: ratio(waiting.filter((r) => r.ranked[0]?.right).length, waiting.length),
    top5: ratio(waiting.filter((r) => r.ranked.slice(0, 5).some((c) => c.right)).length, waiting.length),
    eceAuto: ece(auto),
    eceAll: ece(ranked.filter((r) => r.top)),
    bins: reliability(ranked.filter((r) => r.top)),
  };
}

export const BINS = [0, 0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0001];

function reliability(ranked) {
  const out = [];
  for (let i = 0; i + 1 < BINS.length; i += 1) {
    const inBin = ranked.filter((r) => r.probability >= BINS[i] && r.probability < BINS[i + 1]);
    const right = inBin.filter((r) => r.top.right).length;
    const mean = inBin.reduce((s, r) => s + r.probability, 0) / (inBin.length || 1);
    out.push({ low: BINS[i], high: Math.min(1, BINS[i + 1]), n: inBin.length, right, mean });
  }
  return out;
}

function ece(ranked) {
  if (ranked.length === 0) return null;
  return reliability(ranked).reduce((sum, b) => sum + (b.n / ranked.length) * Math.abs(b.mean - (b.n ? b.right / b.n : 0)), 0);
}

const ratio = (a, b) => (b === 0 ? null : a / b);

/** The hand-rule cascade's outcomes as ranked rows (the "before"): its match or its first queue candidate. */
export function rulesAsRanked(rows) {
  return rows.map((row) => {
    const o = row.rules;
    const ranked = (o.service_id ? [{ service_id: o.service_id }, ...o.candidates.filter((c) => c.service_id !== o.service_id)] : o.candidates).map((c) => ({ ...c, right: row.right(c.service_id) }));
    return { row, ranked, top: ranked[0] ?? null, probability: o.status === 'normalized' ? 1 : 0, confidence: o.confidence };
  });
}

export const pct = (x) => (x === null || x === undefined ? '   n/a' : `${(100 * x).toFixed(1).padStart(5)} %`);
