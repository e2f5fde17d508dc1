/**
 * The fitted ranker: a logistic regression over the candidate features (features.ts) orders a row's candidates,
 * and an isotonic calibration turns the best one's score into the probability that it is right, which becomes
 * the position's `confidence`. Both, the acceptance threshold and the figures of the fit, are one data file
 * (`assets/ranker.json`) written by `npm run fit:ranker` (bench/fit-ranker.mjs).
 */
import { FEATURES } from './features.js';
import { applyIsotonic, type IsotonicModel } from './isotonic.js';
import { logisticScore, type LogisticModel } from './logistic.js';

/** The stored model (assets/ranker.json). */
export interface RankerModel {
  /** Feature names in vector order; must equal {@link FEATURES}' names. */
  readonly features: readonly string[];
  readonly logistic: LogisticModel;
  /** Calibration of the best candidate's logistic score into the probability that it is right. */
  readonly calibration: IsotonicModel;
  /** Calibrated probability at or above which a match is automatic (precision ≥ 97 % in grouped CV). */
  readonly accept: number;
  /** Below this probability a row with no plausible candidate is left unrecognized rather than queued. */
  readonly queue: number;
  /** What the fit measured (free-form, for people). */
  readonly fit?: unknown;
}

export interface Ranker {
  readonly model: RankerModel;
  /** The logistic score (log-odds) of one feature vector: orders a row's candidates. */
  score(features: readonly number[]): number;
  /** The calibrated probability that a row's best candidate, of this score, is right. */
  probability(score: number): number;
}

/** Checks a model against the features this build computes and wraps it; throws on a mismatch. */
export function createRanker(model: RankerModel): Ranker {
  const expected = FEATURES.map((f) => f.name);
  if (model.features.length !== expected.length || model.features.some((name, i) => name !== expected[i])) {
    throw new Error(`ranker model features [${model.features.join(', ')}] differ from this build's [${expected.join(', ')}]: run npm run fit:ranker`);
  }
  return {
    model,
    score: (features) => logisticScore(model.logistic, features),
    probability: (score) => applyIsotonic(model.calibration, score),
  };
}
