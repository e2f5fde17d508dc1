/**
 * The pure changes behind `Storage.saveDecision` and `Storage.revertDecision`, shared by every adapter
 * (like store-data.ts): a decision of the verification queue is written, or undone, as one new
 * `StoreData`.
 */
import type { Decision, LearnedSynonym, Position, SkippedItem } from './records.js';
import type { DecisionWrite } from './storage.js';
import { withLearnedSynonyms, withUpdatedPositions, type StoreData } from './store-data.js';

/** Applies a decision: its positions, its synonym, its skipped items, and appends it to the log. */
export function withDecision(data: StoreData, write: DecisionWrite): StoreData {
  const { decision } = write;
  const next = withDecisionLessons(withUpdatedPositions(data, write.positions), decision);
  return { ...next, decisions: [...(next.decisions ?? []), decision] };
}

/** What a decision teaches besides its positions: its synonym (upserted) and its skipped items (appended). */
export function withDecisionLessons(data: StoreData, decision: DecisionLessons): StoreData {
  const next = decision.synonym ? withLearnedSynonyms(data, [decision.synonym]) : data;
  return { ...next, skippedItems: [...next.skippedItems, ...decision.skipped_items] };
}

/**
 * The undo of {@link withDecisionLessons}: the decision's synonym is removed while it is still the current one for
 * its name (and the synonym it replaced comes back); its skipped items are removed.
 */
export function withoutDecisionLessons(data: StoreData, decision: DecisionLessons): StoreData {
  let next = data;
  const synonym = decision.synonym;
  if (synonym && next.learnedSynonyms.some((s) => sameSynonym(s, synonym))) {
    next = { ...next, learnedSynonyms: next.learnedSynonyms.filter((s) => !sameSynonym(s, synonym)) };
    if (decision.replaced_synonym) next = withLearnedSynonyms(next, [decision.replaced_synonym]);
  }
  const written = decision.skipped_items;
  if (written.length === 0) return next;
  return { ...next, skippedItems: next.skippedItems.filter((item) => !written.some((w) => sameSkippedItem(w, item))) };
}

/** The part of a decision its lessons are made of. */
export type DecisionLessons = Pick<Decision, 'synonym' | 'replaced_synonym' | 'skipped_items'>;

/**
 * Undoes the logged decision `decisionId` and drops it from the log; an unknown id changes nothing.
 * A position is put back only while it is still as the decision left it, so a later change made by
 * something else (a service created from a group, say) is never silently reverted.
 */
export function withoutDecision(data: StoreData, decisionId: string): StoreData {
  const decisions = data.decisions ?? [];
  const decision = decisions.find((d) => d.decision_id === decisionId);
  if (!decision) return data;

  const current = new Map(data.positions.map((p) => [p.position_id, p]));
  const restorable = decision.previous.filter((old) => {
    const now = current.get(old.position_id);
    return now !== undefined && isAsDecided(now, decision);
  });
  const next = withoutDecisionLessons(withUpdatedPositions(data, restorable), decision);
  return { ...next, decisions: decisions.filter((d) => d.decision_id !== decisionId) };
}

/** The newest decision of `log` with this action whose `previous` positions include `positionId`, or null. */
export function lastDecisionAbout<D extends Pick<Decision, 'action'> & { readonly previous: readonly { readonly position_id: string }[] }>(
  log: readonly D[],
  positionId: string,
  action: Decision['action'],
): D | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const decision = log[i]!;
    if (decision.action === action && decision.previous.some((p) => p.position_id === positionId)) return decision;
  }
  return null;
}

/** One page of `log` (oldest first), newest first, of one action or all; `total` counts the decisions of that action. */
export function pageOfDecisions<D extends Pick<Decision, 'action'>>(
  log: readonly D[],
  query: { readonly action?: Decision['action']; readonly limit: number; readonly offset: number },
): { decisions: D[]; total: number } {
  const all = query.action === undefined ? log : log.filter((d) => d.action === query.action);
  const decisions: D[] = [];
  for (let i = all.length - 1 - query.offset; i >= 0 && decisions.length < query.limit; i--) decisions.push(all[i]!);
  return { decisions, total: all.length };
}

/** True while the position is as the decision left it (an undo may put it back). */
export function isAsDecided(position: Pick<Position, 'status' | 'method' | 'service_id'>, decision: Pick<Decision, 'action' | 'service_id'>): boolean {
  if (decision.action === 'skip') return position.status === 'skipped';
  return position.status === 'normalized' && position.method === 'manual' && position.service_id === decision.service_id;
}

// ---- internal helpers ----

function sameSynonym(a: LearnedSynonym, b: LearnedSynonym): boolean {
  return a.name_norm === b.name_norm && a.service_id === b.service_id && a.created_at === b.created_at;
}

function sameSkippedItem(a: SkippedItem, b: SkippedItem): boolean {
  return a.position_id === b.position_id && a.created_at === b.created_at;
}
