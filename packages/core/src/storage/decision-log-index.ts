/**
 * The standing decisions of the embedded store's log, in memory, in log order, with what the decision log
 * screen, an undo and a repeated decision ask of them: by id, the newest, a page newest first of one action,
 * the newest about a position, the decisions of a batch. Decisions are held compact (`previous` as the fields a
 * decision changes), so the log costs memory per decision, not per copy of a position.
 *
 * The work of a batch undo is proportional to the batch: its decisions are listed from an index by batch, and each
 * is found in the log by binary search on the order it was added in (no scan of the log).
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
  /** The standing decisions of one batch (a bulk acceptance), oldest first; empty for an unknown batch. */
  batch(batchId: string): readonly StoredDecision[];
}

export function createDecisionLogIndex(): DecisionLogIndex {
  const log: StoredDecision[] = [];
  const byAction: Record<Decision['action'], StoredDecision[]> = { match: [], skip: [] };
  const byId = new Map<string, StoredDecision>();
  const byBatch = new Map<string, StoredDecision[]>();
  // When each standing decision was added: the log and each list above are in this order, so a decision is found in
  // any of them by binary search.
  const addedAt = new Map<StoredDecision, number>();
  let added = 0;
  /** Removes `decision` from `list` (sorted by `addedAt`), found by binary search. */
  const drop = (list: StoredDecision[], decision: StoredDecision) => {
    const at = addedAt.get(decision)!;
    let low = 0;
    let high = list.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const here = addedAt.get(list[middle]!)!;
      if (here === at) {
        list.splice(middle, 1);
        return;
      }
      if (here < at) low = middle + 1;
      else high = middle - 1;
    }
  };
  return {
    get size() {
      return log.length;
    },
    add(decision) {
      // A decision id written again (a move of a store) replaces the old record, as the other stores upsert.
      if (byId.has(decision.decision_id)) this.remove(decision.decision_id);
      addedAt.set(decision, (added += 1));
      log.push(decision);
      byAction[decision.action].push(decision);
      byId.set(decision.decision_id, decision);
      if (decision.batch_id != null) {
        const batch = byBatch.get(decision.batch_id);
        if (batch) batch.push(decision);
        else byBatch.set(decision.batch_id, [decision]);
      }
    },
    remove(decisionId) {
      const decision = byId.get(decisionId);
      if (!decision) return undefined;
      byId.delete(decisionId);
      drop(log, decision);
      drop(byAction[decision.action], decision);
      if (decision.batch_id != null) {
        const batch = byBatch.get(decision.batch_id)!;
        drop(batch, decision);
        if (batch.length === 0) byBatch.delete(decision.batch_id);
      }
      addedAt.delete(decision);
      return decision;
    },
    get: (decisionId) => byId.get(decisionId),
    last: () => log.at(-1),
    all: () => log,
    page: (query) => pageOfDecisions(query.action === undefined ? log : byAction[query.action], { limit: query.limit, offset: query.offset }),
    lastAbout: (positionId, action) => lastDecisionAbout(byAction[action], positionId, action),
    batch: (batchId) => byBatch.get(batchId) ?? [],
  };
}
