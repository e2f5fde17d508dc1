/**
 * DESIGN §4 rule 1: a match is withdrawn (sent to the verification queue) only when its confidence is
 * below 0.72 AND it falls inside a concentrated group — a dictionary service that has collected many
 * distinct names in one clinic. Confident matches stay even when a service has many name variants.
 */
import type { MatchOutcome } from './cascade.js';

/** What the rule reads of an outcome; the status may also be one the analysts' decisions gave (`skipped`). */
export type WithdrawableOutcome = Omit<MatchOutcome, 'status'> & { readonly status: MatchOutcome['status'] | 'skipped' };

/** The confidence below which a match inside a concentrated group is withdrawn. Exact, from the spec. */
export const WITHDRAWAL_CONFIDENCE = 0.72;

/**
 * How many distinct names one service must collect in one clinic to form a concentrated group.
 * NOTE: the specification says "many" without a number; three distinct names for one dictionary entry in
 * one list is already unusual for a real price list (one service, one line), so we start there.
 */
export const CONCENTRATED_GROUP_SIZE = 3;

/**
 * Applies rule 1 to the outcomes of one clinic's positions (same order in and out). Only
 * machine matches are considered (`code`, `fuzzy`, `embedding`); exact names, learned synonyms and
 * manual decisions are never withdrawn.
 */
export function withdrawConcentratedGroups<T extends WithdrawableOutcome>(outcomes: readonly T[]): T[] {
  const namesByService = new Map<string, Set<string>>();
  for (const outcome of outcomes) {
    if (outcome.status !== 'normalized' || !outcome.service_id) continue;
    const names = namesByService.get(outcome.service_id) ?? new Set<string>();
    names.add(outcome.name_norm);
    namesByService.set(outcome.service_id, names);
  }
  return outcomes.map((outcome) => {
    const groupSize = outcome.service_id ? (namesByService.get(outcome.service_id)?.size ?? 0) : 0;
    const withdrawable = outcome.method === 'code' || outcome.method === 'fuzzy' || outcome.method === 'embedding';
    if (outcome.status === 'normalized' && withdrawable && outcome.confidence < WITHDRAWAL_CONFIDENCE && groupSize >= CONCENTRATED_GROUP_SIZE) {
      return { ...outcome, service_id: null, method: null, status: 'queued' };
    }
    return outcome;
  });
}
