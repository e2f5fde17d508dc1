/**
 * The decision log as the audit screen shows it: each match or skip still standing, newest first, with what was
 * decided, when, by whom, from which suggestion, and whether an undo can still put it back.
 */
import type { Page, PageRequest } from '../model/catalogue-types.js';
import { checkPage } from './paging.js';
import type { CandidateView } from './position-view.js';
import { viewCandidates } from './position-view.js';
import type { Decision, Position, PositionStatus, Service } from '../storage/records.js';
import type { QueryPort } from '../storage/query-port.js';
import type { Storage } from '../storage/storage.js';
import { pageOfDecisions } from '../storage/decisions.js';

/** Filter and page of {@link listDecisionLog}. */
export interface DecisionLogQuery extends PageRequest {
  readonly action?: Decision['action'];
}

/** One decision of the log. */
export interface DecisionLogEntry {
  readonly decision_id: string;
  readonly action: Decision['action'];
  readonly created_at: string;
  /** Who decided: the user's name once there are accounts, the API token's name until then; null without authentication. */
  readonly user: string | null;
  /** The batch of a bulk acceptance, or null. */
  readonly batch_id: string | null;
  /** The service a match assigned; null for a skip. */
  readonly service: Pick<Service, 'service_id' | 'name' | 'category'> | null;
  /** The position the analyst decided (the first of the decision). */
  readonly position: {
    readonly position_id: string;
    readonly raw_name: string;
    readonly clinic_id: string;
    readonly clinic_name: string;
    /** Its status before the decision. */
    readonly status_before: PositionStatus;
  };
  /** Identical names the same decision settled (besides the first position). */
  readonly identical: number;
  /** What the matcher suggested for the position before the decision (its first candidate), or null. */
  readonly suggestion: CandidateView | null;
  /** True when a match assigned exactly the suggestion. */
  readonly followed_suggestion: boolean;
  /** True while every position is still as the decision left it, so an undo puts all of them back. */
  readonly undoable: boolean;
}

/** The log, newest first, paged with the total. */
export async function listDecisionLog(storage: Storage, queries: QueryPort, query: DecisionLogQuery = {}): Promise<Page<DecisionLogEntry>> {
  const { limit, offset } = checkPage(query);
  const wanted = { ...(query.action !== undefined && { action: query.action }), limit, offset };
  // The store pages its log when it can (an index on the embedded store, an indexed query in SQL); else the whole log.
  const { decisions: newestFirst, total } = storage.decisionPage
    ? await storage.decisionPage(wanted)
    : pageOfDecisions(await storage.listDecisions(), wanted);
  const model = await queries.directory();
  const items: DecisionLogEntry[] = [];
  for (const decision of newestFirst) {
    const first = decision.previous[0];
    if (!first) continue;
    const service = decision.service_id === null ? undefined : model.servicesById.get(decision.service_id);
    const [suggestion] = viewCandidates(model, first.candidates);
    items.push({
      decision_id: decision.decision_id,
      action: decision.action,
      created_at: decision.created_at,
      user: decision.decided_by ?? null,
      batch_id: decision.batch_id ?? null,
      service: service ? { service_id: service.service_id, name: service.name, category: service.category } : null,
      position: {
        position_id: first.position_id,
        raw_name: first.raw_name,
        clinic_id: first.clinic_id,
        clinic_name: model.clinicsById.get(first.clinic_id)?.name ?? first.clinic_id,
        status_before: first.status,
      },
      identical: decision.previous.length - 1,
      suggestion: suggestion ?? null,
      followed_suggestion: decision.action === 'match' && suggestion?.service_id === decision.service_id,
      undoable: await isStanding(queries, decision),
    });
  }
  return { items, total, limit, offset };
}

// ---- internal helpers ----

async function isStanding(queries: QueryPort, decision: Decision): Promise<boolean> {
  for (const before of decision.previous) {
    const now = await queries.getPosition(before.position_id);
    if (!now || !isAsDecided(now, decision)) return false;
  }
  return true;
}

function isAsDecided(position: Position, decision: Decision): boolean {
  if (decision.action === 'skip') return position.status === 'skipped';
  return position.status === 'normalized' && position.method === 'manual' && position.service_id === decision.service_id;
}
