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
  let next = withUpdatedPositions(data, write.positions);
  if (decision.synonym) next = withLearnedSynonyms(next, [decision.synonym]);
  return {
    ...next,
    skippedItems: [...next.skippedItems, ...decision.skipped_items],
    decisions: [...(next.decisions ?? []), decision],
  };
}

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
  let next = withUpdatedPositions(data, restorable);

  const synonym = decision.synonym;
  if (synonym && next.learnedSynonyms.some((s) => sameSynonym(s, synonym))) {
    next = { ...next, learnedSynonyms: next.learnedSynonyms.filter((s) => !sameSynonym(s, synonym)) };
    if (decision.replaced_synonym) next = withLearnedSynonyms(next, [decision.replaced_synonym]);
  }
  const written = decision.skipped_items;
  return {
    ...next,
    skippedItems: next.skippedItems.filter((item) => !written.some((w) => sameSkippedItem(w, item))),
    decisions: decisions.filter((d) => d.decision_id !== decisionId),
  };
}

/** The newest decision of `log` with this action whose `previous` positions include `positionId`, or null. */
export function lastDecisionAbout(log: readonly Decision[], positionId: string, action: Decision['action']): Decision | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const decision = log[i]!;
    if (decision.action === action && decision.previous.some((p) => p.position_id === positionId)) return decision;
  }
  return null;
}

// ---- internal helpers ----

function isAsDecided(position: Position, decision: Decision): boolean {
  if (decision.action === 'skip') return position.status === 'skipped';
  return position.status === 'normalized' && position.method === 'manual' && position.service_id === decision.service_id;
}

function sameSynonym(a: LearnedSynonym, b: LearnedSynonym): boolean {
  return a.name_norm === b.name_norm && a.service_id === b.service_id && a.created_at === b.created_at;
}

function sameSkippedItem(a: SkippedItem, b: SkippedItem): boolean {
  return a.position_id === b.position_id && a.created_at === b.created_at;
}
