/**
 * Refits the ranker and its calibration from labelled rows: the bundled training rows plus the analysts'
 * decisions (issue 15, part 4). The same protocol as `npm run fit:ranker`: a logistic regression over every
 * candidate of every row, leave-one-group-out (per clinic) cross-validation whose out-of-fold scores are
 * calibrated by an isotonic fit on the other groups, the acceptance probability chosen in that cross-validation
 * to keep precision at the target, the final model fitted on every row. The figures before (the model in use,
 * on the same rows) and after (the refit, out of fold) are returned for the log; the caller decides whether to
 * keep the refit.
 */
import type { Service } from '../../storage/records.js';
import { createMatcher } from '../cascade.js';
import { createSiblingDecider } from '../sibling-decider.js';
import { dictionaryStructureOf } from '../dictionary-structure.js';
import { FEATURES } from './features.js';
import { applyIsotonic, fitIsotonic } from './isotonic.js';
import { fitLogistic, logisticScore, type LogisticModel } from './logistic.js';
import { createRanker, type RankerModel } from './ranker.js';

/** One labelled row: what the matcher reads, the group for the cross-validation, and the right entry (or none). */
export interface LabelledRow {
  readonly raw_name: string;
  readonly code: string | null;
  readonly section: string | null;
  /** The cross-validation's group, normally the clinic: no clinic's rows are scored by a model fitted on them. */
  readonly group: string;
  /** The right entry; null when the row has none (a skip). */
  readonly service_id: string | null;
}

/** What a model does on labelled rows under its acceptance probability. */
export interface RefitFigures {
  readonly rows: number;
  readonly with_entry: number;
  readonly automatic: number;
  /** Share of automatic matches that are right; null without any. */
  readonly precision: number | null;
  /** Share of rows with an entry matched automatically and right. */
  readonly recall: number | null;
  /** Share of rows with an entry left to the queue whose right entry is among the first five suggestions. */
  readonly top5: number | null;
  /** Expected calibration error of every row's top suggestion (probability against being right). */
  readonly ece: number | null;
}

export interface RefitResult {
  readonly model: RankerModel;
  /** The model in use, on the same rows (in sample where they trained it). */
  readonly before: RefitFigures;
  /**
   * The refit, out of fold (leave-one-group-out): each clinic's rows scored and calibrated by models fitted on the
   * other clinics, and accepted at the threshold chosen on the other clinics.
   */
  readonly after: RefitFigures;
  /** How many groups the cross-validation had. */
  readonly groups: number;
}

export interface RefitOptions {
  readonly services: readonly Service[];
  readonly rows: readonly LabelledRow[];
  /** The model in use (for the "before"). */
  readonly current: RankerModel;
  /** Precision automatic matches must keep out of fold. @default 0.97 */
  readonly targetPrecision?: number;
  /** L2 penalty of the logistic fit (standardized features). @default 0.1, as `npm run fit:ranker` */
  readonly l2?: number;
}

/** The fewest groups a leave-one-group-out cross-validation is worth running with. */
export const MIN_REFIT_GROUPS = 3;

/**
 * Refits the ranker on `rows`. Throws when the rows hold fewer than {@link MIN_REFIT_GROUPS} groups: a
 * cross-validation over fewer says nothing about clinics not yet seen.
 */
export function refitRanker(options: RefitOptions): RefitResult {
  const { services, rows, current, targetPrecision = 0.97, l2 = 0.1 } = options;
  const prepared = prepareRows(services, rows);
  const groups = [...new Set(prepared.map((r) => r.group))].sort();
  if (groups.length < MIN_REFIT_GROUPS) {
    throw new Error(`a refit needs labelled rows of at least ${MIN_REFIT_GROUPS} clinics; these come from ${groups.length}`);
  }
  const outOfFold: Ranked[] = [];
  for (const group of groups) {
    const model = fitOn(prepared.filter((r) => r.group !== group), l2);
    for (const row of prepared.filter((r) => r.group === group)) outOfFold.push(rank(row, model));
  }
  for (const group of groups) {
    const calibration = calibrationOf(outOfFold.filter((r) => r.row.group !== group));
    for (const r of outOfFold) if (r.row.group === group) r.probability = r.top ? applyIsotonic(calibration, r.score) : 0;
  }
  const accept = acceptanceOf(outOfFold, targetPrecision);
  // For the figures, each clinic's rows are accepted at the threshold chosen on the other clinics (nested), so the
  // precision reported is out of sample too, not true by construction.
  const acceptOf = new Map(groups.map((group) => [group, acceptanceOf(outOfFold.filter((r) => r.row.group !== group), targetPrecision)]));
  const logistic = fitOn(prepared, l2);
  const calibration = calibrationOf(outOfFold);
  const model: RankerModel = {
    features: FEATURES.map((f) => f.name),
    logistic,
    calibration,
    accept,
    queue: current.queue,
    fit: { rows: prepared.length, groups: groups.length, target_precision: targetPrecision, l2 },
  };
  const ranker = createRanker(current);
  const currentRanked = prepared.map((row) => {
    const r = rank(row, current.logistic);
    r.probability = r.top ? ranker.probability(r.score) : 0;
    return r;
  });
  return {
    model,
    before: figuresOf(currentRanked, () => current.accept),
    after: figuresOf(outOfFold, (r) => acceptOf.get(r.row.group) ?? accept),
    groups: groups.length,
  };
}

// ---- internal helpers ----

interface PreparedRow {
  readonly group: string;
  readonly hasEntry: boolean;
  readonly candidates: readonly { readonly name: string; readonly features: readonly number[]; readonly right: boolean }[];
}

interface Ranked {
  readonly row: PreparedRow;
  readonly ranked: readonly { readonly name: string; readonly right: boolean; readonly score: number }[];
  readonly top: { readonly right: boolean } | null;
  readonly score: number;
  probability: number;
}

/** Each row's candidates with their features, right when they are the labelled entry after the sibling decider. */
function prepareRows(services: readonly Service[], rows: readonly LabelledRow[]): PreparedRow[] {
  const matcher = createMatcher({ services, ranker: null });
  const siblings = createSiblingDecider(dictionaryStructureOf(services), services);
  const nameOf = new Map(services.map((s) => [s.service_id, s.name]));
  return rows.map((row) => {
    const input = { raw_name: row.raw_name, code: row.code, section: row.section };
    const decided = (id: string) => {
      const decision = siblings.decide(input, id);
      return decision.kind === 'switched' ? decision.service_id : id;
    };
    const labelName = row.service_id === null ? undefined : nameOf.get(row.service_id);
    const right = (id: string) => row.service_id !== null && (id === row.service_id || (labelName !== undefined && nameOf.get(id) === labelName));
    return {
      group: row.group,
      hasEntry: row.service_id !== null,
      candidates: matcher.features(input).candidates.map((c) => ({ name: c.name, features: c.features, right: right(decided(c.service_id)) })),
    };
  });
}

function fitOn(rows: readonly PreparedRow[], l2: number): LogisticModel {
  const xs: (readonly number[])[] = [];
  const ys: number[] = [];
  for (const row of rows) {
    for (const c of row.candidates) {
      xs.push(c.features);
      ys.push(c.right ? 1 : 0);
    }
  }
  return fitLogistic(xs, ys, { l2 });
}

/** Candidates best first, one per name. */
function rank(row: PreparedRow, model: LogisticModel): Ranked {
  const scored = row.candidates.map((c) => ({ name: c.name, right: c.right, score: logisticScore(model, c.features) })).sort((a, b) => b.score - a.score);
  const distinct: typeof scored = [];
  const seen = new Set<string>();
  for (const c of scored) {
    if (seen.has(c.name)) continue;
    seen.add(c.name);
    distinct.push(c);
  }
  return { row, ranked: distinct, top: distinct[0] ?? null, score: distinct[0]?.score ?? -Infinity, probability: 0 };
}

function calibrationOf(ranked: readonly Ranked[]) {
  const withTop = ranked.filter((r) => r.top !== null);
  return fitIsotonic(
    withTop.map((r) => r.score),
    withTop.map((r) => (r.top!.right ? 1 : 0)),
  );
}

/** The lowest probability whose accepted rows keep the target precision (every higher one keeping it too). */
function acceptanceOf(ranked: readonly Ranked[], target: number): number {
  const sorted = ranked.filter((r) => r.top !== null).sort((a, b) => b.probability - a.probability);
  let right = 0;
  let best = 1;
  for (let i = 0; i < sorted.length; i += 1) {
    right += sorted[i]!.top!.right ? 1 : 0;
    const next = sorted[i + 1];
    if (next && next.probability === sorted[i]!.probability) continue;
    if (right / (i + 1) >= target) best = sorted[i]!.probability;
    else break;
  }
  return best;
}

const BINS = [0, 0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0001];

function figuresOf(ranked: readonly Ranked[], acceptOf: (row: Ranked) => number): RefitFigures {
  const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
  const isAutomatic = (r: Ranked) => r.top !== null && r.probability >= acceptOf(r);
  const automatic = ranked.filter(isAutomatic);
  const right = automatic.filter((r) => r.top!.right).length;
  const withEntry = ranked.filter((r) => r.row.hasEntry);
  const waiting = withEntry.filter((r) => !isAutomatic(r));
  const withTop = ranked.filter((r) => r.top !== null);
  let ece = 0;
  for (let i = 0; i + 1 < BINS.length; i += 1) {
    const bin = withTop.filter((r) => r.probability >= BINS[i]! && r.probability < BINS[i + 1]!);
    if (bin.length === 0) continue;
    const mean = bin.reduce((sum, r) => sum + r.probability, 0) / bin.length;
    const share = bin.filter((r) => r.top!.right).length / bin.length;
    ece += (bin.length / withTop.length) * Math.abs(mean - share);
  }
  return {
    rows: ranked.length,
    with_entry: withEntry.length,
    automatic: automatic.length,
    precision: ratio(right, automatic.length),
    recall: ratio(right, withEntry.length),
    top5: ratio(waiting.filter((r) => r.ranked.slice(0, 5).some((c) => c.right)).length, waiting.length),
    ece: withTop.length === 0 ? null : ece,
  };
}
