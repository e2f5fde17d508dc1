/**
 * Decisions of the verification queue: match a position to a service (confirming the suggestion or
 * choosing another), skip it, and undo the last decision. Every decision is logged in the store, so an
 * undo works after a restart too. A match writes a learned synonym, so the next ingest of the same name
 * is normalized with method `synonym`.
 *
 * Match and skip read the position and its namesakes through the query port (by id, by `name_norm`):
 * the catalogue runs them in its write queue and every write updates the read side, so what they read
 * is current. After the write they report the changed positions, nothing else (no reload).
 */
import { PricecatError, isPricecatError } from '../errors.js';
import type { Decision, LearnedSynonym, Position, PositionStatus, Service } from '../storage/records.js';
import type { CatalogueContext } from './context.js';
import type { QueryPort } from '../storage/query-port.js';
import type { DecisionWrite } from '../storage/storage.js';
import { lastDecisionAbout } from '../storage/decisions.js';
import { newId } from './ids.js';
import { detail } from '../messages/message-catalogue.js';
import { describePositionState } from '../storage/position-state.js';
import { positionsById } from './positions-by-id.js';

/** Body of `POST /match`. */
export interface MatchRequest {
  readonly position_id: string;
  /** The service to assign; omitted = confirm the position's suggestion (its first candidate). */
  readonly service_id?: string;
  /**
   * Give the same decision to every other position with the same `name_norm` still to decide (queued or unrecognized,
   * or, when correcting an automatic match, matched automatically to the same service) with the
   * same `name_norm`, in any clinic. @default true
   */
  readonly apply_to_identical?: boolean;
  /**
   * The position's status when the analyst saw it (the queue shows `queued`). When it is no longer so and this
   * decision is not what settled it, the decision is refused with CONFLICT (someone else decided meanwhile);
   * omitted: the decision corrects whatever the position is now.
   */
  readonly expected_status?: PositionStatus;
  /** Who decided: the name of the API token used (set by the HTTP layer, never by the body). */
  readonly decided_by?: string;
  /** The batch this decision belongs to (set by {@link acceptSuggestions}, never by the body). */
  readonly batch_id?: string;
}

/** Body of `POST /skip`. */
export interface SkipRequest {
  readonly position_id: string;
  /** See {@link MatchRequest.expected_status}. */
  readonly expected_status?: PositionStatus;
  /** Who decided (see {@link MatchRequest.decided_by}). */
  readonly decided_by?: string;
}

/** What a match or a skip did. */
export interface DecisionResult {
  /** The decision written; for an `already_decided` answer, the logged decision that settled the position (null if gone). */
  readonly decision_id: string | null;
  /**
   * True when an earlier decision (often a twin's, applied to identical names) had already settled the position
   * exactly so: nothing was written, and the request is a success all the same (decisions are idempotent).
   */
  readonly already_decided: boolean;
  readonly action: Decision['action'];
  /** The service assigned (match); null for a skip. */
  readonly service: Service | null;
  /** Every position decided: the requested one first, then the identical names. */
  readonly position_ids: readonly string[];
  /** The synonym written by a match (null for a skip, or a name that normalises to nothing). */
  readonly learned_synonym: LearnedSynonym | null;
  readonly created_at: string;
  /** The token name the decision is attributed to; null without authentication. */
  readonly decided_by: string | null;
}

/** Which decision `POST /undo` takes back. */
export interface UndoRequest {
  /** This logged decision (and, if it belongs to a batch, the whole batch); omitted = the latest one and its batch. */
  readonly decision_id?: string;
}

/** What an undo did. */
export interface UndoResult {
  readonly decision_id: string;
  /** How many logged decisions were taken back: 1, or the size of the batch. */
  readonly decisions: number;
  /** The batch taken back, or null for a decision of its own. */
  readonly batch_id: string | null;
  readonly action: Decision['action'];
  readonly service_id: string | null;
  /** The positions put back as they were before the decision. */
  readonly position_ids: readonly string[];
}

/**
 * Normalizes the position (and, by default, its identical names) to the chosen service with method
 * `manual`, confidence 1, and learns the name. Idempotent: a position an analyst's decision (its own or a twin's)
 * already matched to that service is answered with success and `already_decided: true`, nothing written; a
 * position an analyst decided otherwise is corrected by this new decision. Throws NOT_FOUND for an unknown
 * position or service, INVALID_INPUT for a malformed request or a confirm of a position without a suggestion.
 */
export async function matchPosition(ctx: CatalogueContext, request: MatchRequest): Promise<DecisionResult> {
  const positionId = requireId(request?.position_id, 'position_id');
  const chosenId = request.service_id === undefined ? undefined : requireId(request.service_id, 'service_id');
  if (request.apply_to_identical !== undefined && typeof request.apply_to_identical !== 'boolean') {
    throw new PricecatError('INVALID_INPUT', detail('APPLY_TO_IDENTICAL_INVALID', { got: String(JSON.stringify(request.apply_to_identical)) }));
  }
  const model = ctx.queries;
  const position = await decidablePosition(model, positionId);
  const serviceId = chosenId ?? position.candidates[0]?.service_id;
  if (serviceId === undefined) {
    throw new PricecatError(
      'INVALID_INPUT',
      detail('NO_SUGGESTION_TO_CONFIRM', { id: positionId, name: position.raw_name }),
    );
  }
  const service = (await model.directory()).servicesById.get(serviceId);
  if (!service) {
    throw new PricecatError('NOT_FOUND', detail('SERVICE_NOT_FOUND', { id: serviceId }));
  }
  if (settledBy(position) === 'match' && position.service_id === service.service_id) {
    return alreadyDecided(ctx, position, 'match', service, request.decided_by);
  }
  refuseIfChanged(position, request.expected_status);

  const identical = request.apply_to_identical !== false && position.name_norm !== '' ? await namesakesToDecide(model, position) : [];
  const targets = [position, ...identical];
  const createdAt = ctx.now().toISOString();
  const synonym: LearnedSynonym | null =
    position.name_norm === ''
      ? null
      : { name_norm: position.name_norm, service_id: service.service_id, raw_name: position.raw_name, clinic_id: position.clinic_id, created_at: createdAt };
  const replaced = synonym ? await learnedSynonymOf(ctx, synonym.name_norm) : null;
  const decision: Decision = {
    decision_id: newId('dec'),
    action: 'match',
    created_at: createdAt,
    decided_by: request.decided_by ?? null,
    service_id: service.service_id,
    previous: targets,
    synonym,
    replaced_synonym: replaced,
    skipped_items: [],
    ...(request.batch_id !== undefined && { batch_id: request.batch_id }),
  };
  const positions = targets.map(
    (p): Position => ({ ...p, service_id: service.service_id, method: 'manual', confidence: 1, status: 'normalized' }),
  );
  await saveDecisionOrRefresh(ctx, { decision, positions });
  ctx.changed({ type: 'positions', positions });
  // The new synonym must reach the matcher, so the next ingest of this name gets method `synonym`.
  ctx.changed({ type: 'synonyms' });
  return {
    decision_id: decision.decision_id,
    already_decided: false,
    action: 'match',
    service,
    position_ids: targets.map((p) => p.position_id),
    learned_synonym: synonym,
    created_at: createdAt,
    decided_by: decision.decided_by ?? null,
  };
}

/**
 * Marks the position skipped and records a skipped item; the queue never shows it again. Idempotent like
 * {@link matchPosition}: a position an analyst already skipped is a success with `already_decided: true`.
 */
export async function skipPosition(ctx: CatalogueContext, request: SkipRequest): Promise<DecisionResult> {
  const positionId = requireId(request?.position_id, 'position_id');
  const position = await decidablePosition(ctx.queries, positionId);
  if (settledBy(position) === 'skip') return alreadyDecided(ctx, position, 'skip', null, request.decided_by);
  refuseIfChanged(position, request.expected_status);
  const createdAt = ctx.now().toISOString();
  const decision: Decision = {
    decision_id: newId('dec'),
    action: 'skip',
    created_at: createdAt,
    decided_by: request.decided_by ?? null,
    service_id: null,
    previous: [position],
    synonym: null,
    replaced_synonym: null,
    skipped_items: [{ position_id: position.position_id, name_norm: position.name_norm, created_at: createdAt }],
  };
  const skipped: Position = { ...position, status: 'skipped', service_id: null, method: null, confidence: 0 };
  await saveDecisionOrRefresh(ctx, { decision, positions: [skipped] });
  // A skip teaches too (the clinic's next list skips this row, the machine's answer is rejected): ctx.changed
  // drops the decision memory, read again at the next ingest.
  ctx.changed({ type: 'positions', positions: [skipped] });
  return {
    decision_id: decision.decision_id,
    already_decided: false,
    action: 'skip',
    service: null,
    position_ids: [positionId],
    learned_synonym: null,
    created_at: createdAt,
    decided_by: decision.decided_by ?? null,
  };
}

/**
 * Undoes a logged decision: the one asked for, or the latest; a decision of a batch takes the whole batch back
 * (newest first). CONFLICT when the log is empty; NOT_FOUND for an unknown `decision_id`.
 */
export async function undoDecision(ctx: CatalogueContext, request: UndoRequest = {}): Promise<UndoResult> {
  const wanted = request?.decision_id === undefined ? undefined : requireId(request.decision_id, 'decision_id');
  let target: Decision | null | undefined;
  let log: Decision[] | null = null;
  if (wanted === undefined) {
    target = ctx.storage.lastDecision ? await ctx.storage.lastDecision() : (log = await ctx.storage.listDecisions()).at(-1);
    if (!target) throw new PricecatError('CONFLICT', detail('NOTHING_TO_UNDO'));
  } else {
    // Asked of the store when it can find one decision (an index, a key), else found in the whole log.
    target = ctx.storage.getDecision
      ? await ctx.storage.getDecision(wanted)
      : (log = await ctx.storage.listDecisions()).find((d) => d.decision_id === wanted);
    if (!target) throw new PricecatError('NOT_FOUND', detail('DECISION_NOT_FOUND', { id: wanted }));
  }
  const batchId = target.batch_id ?? null;
  const batch =
    batchId === null
      ? [target]
      : ctx.storage.listBatchDecisions
        ? await ctx.storage.listBatchDecisions(batchId)
        : (log ?? (await ctx.storage.listDecisions())).filter((d) => d.batch_id === batchId);
  const decisions = batchId === null ? batch : [...batch].reverse();
  const restored: string[] = [];
  const current = new Map<string, Position>();
  for (const decision of decisions) {
    await ctx.storage.revertDecision(decision.decision_id);
    const now = await positionsById(ctx.storage, decision.previous.map((p) => p.position_id), (id) => ctx.storage.getPosition(id));
    for (const before of decision.previous) {
      const after = now.get(before.position_id);
      if (!after) continue;
      current.set(after.position_id, after);
      if (after.status === before.status && after.service_id === before.service_id && after.method === before.method) {
        restored.push(before.position_id);
      }
    }
  }
  ctx.changed({ type: 'positions', positions: [...current.values()] });
  if (decisions.some((d) => d.action === 'match')) ctx.changed({ type: 'synonyms' });
  return {
    decision_id: target.decision_id,
    decisions: decisions.length,
    batch_id: batchId,
    action: target.action,
    service_id: target.service_id,
    position_ids: restored,
  };
}

// ---- internal helpers ----

/**
 * Writes the decision. A store shared by several servers (PostgreSQL) refuses, with CONFLICT, a decision on a
 * position another server decided meanwhile; this server's view is then stale, so it is dropped and the
 * analyst's reload shows the position as it now is.
 */
async function saveDecisionOrRefresh(ctx: CatalogueContext, write: DecisionWrite): Promise<void> {
  try {
    await ctx.storage.saveDecision(write);
  } catch (error) {
    if (isPricecatError(error) && error.code === 'CONFLICT') {
      // Re-read the positions the decision was about, so the read side shows them as the store now holds them.
      const now = await positionsById(ctx.storage, write.decision.previous.map((p) => p.position_id), (id) => ctx.storage.getPosition(id));
      const fresh = write.decision.previous.flatMap((before) => now.get(before.position_id) ?? []);
      ctx.changed({ type: 'positions', positions: fresh });
    }
    throw error;
  }
}

function requireId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new PricecatError('INVALID_INPUT', detail('FIELD_ID_REQUIRED', { field, got: JSON.stringify(value) ?? 'ничего' }));
  }
  return value.trim();
}

/** The position; NOT_FOUND when the id is unknown. Every existing position may be decided (again). */
async function decidablePosition(model: QueryPort, positionId: string): Promise<Position> {
  const position = await model.getPosition(positionId);
  if (!position) throw new PricecatError('NOT_FOUND', detail('POSITION_NOT_FOUND', { id: positionId }));
  return position;
}

/** CONFLICT when the position is no longer in the status the analyst saw (another analyst or server decided it). */
function refuseIfChanged(position: Position, expected: PositionStatus | undefined): void {
  if (expected === undefined || position.status === expected) return;
  throw new PricecatError(
    'CONFLICT',
    detail('POSITION_CHANGED', { id: position.position_id, name: position.raw_name, state: describePositionState(position) }),
  );
}

/**
 * What an analyst's decision made of the position: `match` (normalized by hand), `skip` (skipped by a decision, not
 * at ingest by a lesson from the clinic's earlier list, whose trace stage is `decision`), or null (still the machine's).
 */
function settledBy(position: Position): 'match' | 'skip' | null {
  if (position.status === 'normalized' && position.method === 'manual') return 'match';
  if (position.status === 'skipped' && position.trace?.stage !== 'decision') return 'skip';
  return null;
}

/** The success answer for a position an earlier decision already settled as asked: nothing is written. */
async function alreadyDecided(
  ctx: CatalogueContext,
  position: Position,
  action: Decision['action'],
  service: Service | null,
  decidedBy: string | undefined,
): Promise<DecisionResult> {
  // The newest logged decision that touched the position: asked of the store when it can answer, since a twin
  // decided by an identical-names match is a common case (copying the whole log cost tens of ms at 1M positions).
  const settling = ctx.storage.lastDecisionAbout
    ? await ctx.storage.lastDecisionAbout(position.position_id, action)
    : lastDecisionAbout(await ctx.storage.listDecisions(), position.position_id, action);
  return {
    decision_id: settling?.decision_id ?? null,
    already_decided: true,
    action,
    service,
    position_ids: [position.position_id],
    learned_synonym: null,
    created_at: settling?.created_at ?? ctx.now().toISOString(),
    decided_by: settling?.decided_by ?? decidedBy ?? null,
  };
}

/** The learned synonym of `nameNorm`, or null: asked of the store when it can answer one name, else found in all. */
async function learnedSynonymOf(ctx: CatalogueContext, nameNorm: string): Promise<LearnedSynonym | null> {
  if (ctx.storage.getLearnedSynonym) return ctx.storage.getLearnedSynonym(nameNorm);
  return (await ctx.storage.listLearnedSynonyms()).find((s) => s.name_norm === nameNorm) ?? null;
}

/**
 * Other positions with the same normalized name that the same decision settles, in ingest order: queued or
 * unrecognized ones, and ones matched automatically to the answer the analyst is correcting (when correcting one).
 */
async function namesakesToDecide(model: QueryPort, position: Position): Promise<Position[]> {
  const corrected = position.status === 'normalized' ? position.service_id : null;
  const { items } = await model.findPositions({
    name_norm: position.name_norm,
    status: corrected !== null ? ['queued', 'unrecognized', 'normalized'] : ['queued', 'unrecognized'],
  });
  return items.filter(
    (p) =>
      p.position_id !== position.position_id &&
      (p.status !== 'normalized' || (p.method !== 'manual' && p.service_id === corrected)),
  );
}
