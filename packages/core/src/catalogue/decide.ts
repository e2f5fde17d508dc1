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
import type { Decision, LearnedSynonym, Position, Service } from '../storage/records.js';
import type { CatalogueContext } from './context.js';
import type { QueryPort } from '../storage/query-port.js';
import type { DecisionWrite } from '../storage/storage.js';
import { newId } from './ids.js';

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
  /** Who decided: the name of the API token used (set by the HTTP layer, never by the body). */
  readonly decided_by?: string;
}

/** Body of `POST /skip`. */
export interface SkipRequest {
  readonly position_id: string;
  /** Who decided (see {@link MatchRequest.decided_by}). */
  readonly decided_by?: string;
}

/** What a match or a skip did. */
export interface DecisionResult {
  readonly decision_id: string;
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

/** What an undo did. */
export interface UndoResult {
  readonly decision_id: string;
  readonly action: Decision['action'];
  readonly service_id: string | null;
  /** The positions put back as they were before the decision. */
  readonly position_ids: readonly string[];
}

/**
 * Normalizes the position (and, by default, its identical names) to the chosen service with method
 * `manual`, confidence 1, and learns the name. Throws NOT_FOUND for an unknown position or service,
 * CONFLICT for a position already normalized or skipped, INVALID_INPUT for a malformed request or a
 * confirm of a position without a suggestion.
 */
export async function matchPosition(ctx: CatalogueContext, request: MatchRequest): Promise<DecisionResult> {
  const positionId = requireId(request?.position_id, 'position_id');
  const chosenId = request.service_id === undefined ? undefined : requireId(request.service_id, 'service_id');
  if (request.apply_to_identical !== undefined && typeof request.apply_to_identical !== 'boolean') {
    throw new PricecatError('INVALID_INPUT', `apply_to_identical must be true or false; got ${JSON.stringify(request.apply_to_identical)}.`);
  }
  const model = ctx.queries;
  const position = await undecidedPosition(model, positionId);
  const serviceId = chosenId ?? position.candidates[0]?.service_id;
  if (serviceId === undefined) {
    throw new PricecatError(
      'INVALID_INPUT',
      `Position "${positionId}" («${position.raw_name}») has no suggested service to confirm; send the service_id to assign.`,
    );
  }
  const service = (await model.directory()).servicesById.get(serviceId);
  if (!service) {
    throw new PricecatError('NOT_FOUND', `No service with id "${serviceId}"; find the right id with /services?q=… .`);
  }

  const identical = request.apply_to_identical !== false && position.name_norm !== '' ? await namesakesToDecide(model, position) : [];
  const targets = [position, ...identical];
  const createdAt = ctx.now().toISOString();
  const synonym: LearnedSynonym | null =
    position.name_norm === ''
      ? null
      : { name_norm: position.name_norm, service_id: service.service_id, raw_name: position.raw_name, clinic_id: position.clinic_id, created_at: createdAt };
  const replaced = synonym ? ((await ctx.storage.listLearnedSynonyms()).find((s) => s.name_norm === synonym.name_norm) ?? null) : null;
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
    action: 'match',
    service,
    position_ids: targets.map((p) => p.position_id),
    learned_synonym: synonym,
    created_at: createdAt,
    decided_by: decision.decided_by ?? null,
  };
}

/** Marks the position skipped and records a skipped item; the queue never shows it again. */
export async function skipPosition(ctx: CatalogueContext, request: SkipRequest): Promise<DecisionResult> {
  const positionId = requireId(request?.position_id, 'position_id');
  const position = await undecidedPosition(ctx.queries, positionId);
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
    action: 'skip',
    service: null,
    position_ids: [positionId],
    learned_synonym: null,
    created_at: createdAt,
    decided_by: decision.decided_by ?? null,
  };
}

/** Undoes the latest logged decision (repeat to go further back); CONFLICT when there is none. */
export async function undoLastDecision(ctx: CatalogueContext): Promise<UndoResult> {
  const last = ctx.storage.lastDecision ? await ctx.storage.lastDecision() : (await ctx.storage.listDecisions()).at(-1);
  if (!last) throw new PricecatError('CONFLICT', 'There is nothing to undo: no match or skip is left in the decision log.');
  await ctx.storage.revertDecision(last.decision_id);
  const restored: string[] = [];
  const current: Position[] = [];
  for (const before of last.previous) {
    const now = await ctx.storage.getPosition(before.position_id);
    if (!now) continue;
    current.push(now);
    if (now.status === before.status && now.service_id === before.service_id && now.method === before.method) {
      restored.push(before.position_id);
    }
  }
  ctx.changed({ type: 'positions', positions: current });
  if (last.action === 'match') ctx.changed({ type: 'synonyms' });
  return { decision_id: last.decision_id, action: last.action, service_id: last.service_id, position_ids: restored };
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
      const fresh: Position[] = [];
      for (const before of write.decision.previous) {
        const now = await ctx.storage.getPosition(before.position_id);
        if (now) fresh.push(now);
      }
      ctx.changed({ type: 'positions', positions: fresh });
    }
    throw error;
  }
}

function requireId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new PricecatError('INVALID_INPUT', `${field} must be a non-empty string; got ${JSON.stringify(value) ?? 'nothing'}.`);
  }
  return value.trim();
}

/**
 * The position, if it exists and an analyst may decide it: queued, unrecognized, or matched automatically (a wrong
 * automatic match is the analyst's most important correction).
 */
async function undecidedPosition(model: QueryPort, positionId: string): Promise<Position> {
  const position = await model.getPosition(positionId);
  if (!position) throw new PricecatError('NOT_FOUND', `No position with id "${positionId}"; take ids from /queue or /unmatched.`);
  if (position.status === 'normalized' && position.method === 'manual') {
    throw new PricecatError(
      'CONFLICT',
      `Position "${positionId}" («${position.raw_name}») was already matched by an analyst; ` +
        'use /undo to take back a decision just made.',
    );
  }
  // A row skipped at ingest because its twin in the clinic's earlier list was skipped: no decision of its own to undo,
  // so the analyst may decide it.
  if (position.status === 'skipped' && position.trace?.stage !== 'decision') {
    throw new PricecatError(
      'CONFLICT',
      `Position "${positionId}" («${position.raw_name}») was skipped; only queued or unrecognized positions can be decided. ` +
        'Use /undo to take back a skip just made.',
    );
  }
  return position;
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
