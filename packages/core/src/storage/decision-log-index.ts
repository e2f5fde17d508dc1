/**
 * The standing decisions of the embedded store's log, in memory, in log order, with what the decision log
 * screen, an undo and a repeated decision ask of them: by id, the newest, a page newest first of one action,
 * the newest about a position. Decisions are held compact (`previous` as the fields a decision changes), so the
 * log costs memory per decision, not per copy of a position.
 *
 * @module
 */
import type { StoredDecision } from './compact-records.js';
import { lastDecisionAbout, pageOfDecisions } from './decisions.js';
import type { Decision } from './records.js';

export interface DecisionLogIndex {
  readonly size: number;
  add(decision: StoredDecision): void;
  /** Drops the decision (an undo); returns it, or undefined for an unknown id. */
  remove(decisionId: string): StoredDecision | undefined;
  get(decisionId: string): StoredDecision | undefined;
  last(): StoredDecision | undefined;
  /** Every standing decision, oldest first (the caller may not mutate the array). */
  all(): readonly StoredDecision[];
  page(query: { readonly action?: Decision['action']; readonly limit: number; readonly offset: number }): { decisions: StoredDecision[]; total: number };
  lastAbout(positionId: string, action: Decision['action']): StoredDecision | null;
}

export function createDecisionLogIndex(): DecisionLogIndex {
  const log: StoredDecision[] = [];
  const byAction: Record<Decision['action'], StoredDecision[]> = { match: [], skip: [] };
  const byId = new Map<string, StoredDecision>();
  return {
    get size() {
      return log.length;
    },
    add(decision) {
      // A decision id written again (a move of a store) replaces the old record, as the other stores upsert.
      if (byId.has(decision.decision_id)) this.remove(decision.decision_id);
      log.push(decision);
      byAction[decision.action].push(decision);
      byId.set(decision.decision_id, decision);
    },
    remove(decisionId) {
      const decision = byId.get(decisionId);
      if (!decision) return undefined;
      byId.delete(decisionId);
      // NOTE: an undo is nearly always of a recent decision: searched from the end.
      log.splice(log.lastIndexOf(decision), 1);
      const ofAction = byAction[decision.action];
      ofAction.splice(ofAction.lastIndexOf(decision), 1);
      return decision;
    },
    get: (decisionId) => byId.get(decisionId),
    last: () => log.at(-1),
    all: () => log,
    page: (query) => pageOfDecisions(query.action === undefined ? log : byAction[query.action], { limit: query.limit, offset: query.offset }),
    lastAbout: (positionId, action) => lastDecisionAbout(byAction[action], positionId, action),
  };
}
