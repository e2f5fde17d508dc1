/**
 * Decisions of the verification queue: match a position to a service (confirming the suggestion or
 * choosing another), skip it, and undo the last decision. Every decision is logged in the store, so an
 * undo works after a restart too. A match writes a learned synonym, so the next ingest of the same name
 * is normalized with method `synonym`.
 *
 * Match and skip read the position and its namesakes from the read model instead of the store: the
 * catalogue runs them in its write queue and every write invalidates the model, so the snapshot is
 * current, and the next queue page needs that same model anyway (no second copy of every position).
 */
import { PricecatError, isPricecatError } from '../errors.js';
import type { Decision, LearnedSynonym, Position, Service } from '../storage/records.js';
import type { CatalogueContext } from './context.js';
import type { DecisionWrite } from '../storage/storage.js';
import type { ReadModel } from './read-model.js';
import { newId } from './ids.js';

/** Body of `POST /match`. */
export interface MatchRequest {
  readonly position_id: string;
  /** The service to assign; omitted = confirm the position's suggestion (its first candidate). */
  readonly service_id?: string;
  /**
   * Give the same decision to every other still-undecided (queued or unrecognized) position with the
   * same `name_norm`, in any clinic. @default true
   */
  readonly apply_to_identical?: boolean;
}

/** Body of `POST /skip`. */
export interface SkipRequest {
  readonly position_id: string;
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
export async function matchPosition(ctx: CatalogueContext, model: ReadModel, request: MatchRequest): Promise<DecisionResult> {
  const positionId = requireId(request?.position_id, 'position_id');
  const chosenId = request.service_id === undefined ? undefined : requireId(request.service_id, 'service_id');
  if (request.apply_to_identical !== undefined && typeof request.apply_to_identical !== 'boolean') {
    throw new PricecatError('INVALID_INPUT', `apply_to_identical must be true or false; got ${JSON.stringify(request.apply_to_identical)}.`);
  }
  const position = undecidedPosition(model, positionId);
  const serviceId = chosenId ?? position.candidates[0]?.service_id;
  if (serviceId === undefined) {
    throw new PricecatError(
      'INVALID_INPUT',
      `Position "${positionId}" («${position.raw_name}») has no suggested service to confirm; send the service_id to assign.`,
    );
  }
  const service = model.servicesById.get(serviceId);
  if (!service) {
    throw new PricecatError('NOT_FOUND', `No service with id "${serviceId}"; find the right id with /services?q=… .`);
  }

  const identical = request.apply_to_identical !== false && position.name_norm !== '' ? undecidedNamesakes(model, position) : [];
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
  // The new synonym must reach the matcher, so the next ingest of this name gets method `synonym`.
  ctx.invalidate('dictionary');
  return {
    decision_id: decision.decision_id,
    action: 'match',
    service,
    position_ids: targets.map((p) => p.position_id),
    learned_synonym: synonym,
    created_at: createdAt,
  };
}

/** Marks the position skipped and records a skipped item; the queue never shows it again. */
export async function skipPosition(ctx: CatalogueContext, model: ReadModel, request: SkipRequest): Promise<DecisionResult> {
  const positionId = requireId(request?.position_id, 'position_id');
  const position = undecidedPosition(model, positionId);
  const createdAt = ctx.now().toISOString();
  const decision: Decision = {
    decision_id: newId('dec'),
    action: 'skip',
    created_at: createdAt,
    service_id: null,
    previous: [position],
    synonym: null,
    replaced_synonym: null,
    skipped_items: [{ position_id: position.position_id, name_norm: position.name_norm, created_at: createdAt }],
  };
  await saveDecisionOrRefresh(ctx, { decision, positions: [{ ...position, status: 'skipped' }] });
  ctx.invalidate('positions');
  return { decision_id: decision.decision_id, action: 'skip', service: null, position_ids: [positionId], learned_synonym: null, created_at: createdAt };
}

/** Undoes the latest logged decision (repeat to go further back); CONFLICT when there is none. */
export async function undoLastDecision(ctx: CatalogueContext): Promise<UndoResult> {
  const last = (await ctx.storage.listDecisions()).at(-1);
  if (!last) throw new PricecatError('CONFLICT', 'There is nothing to undo: no match or skip is left in the decision log.');
  await ctx.storage.revertDecision(last.decision_id);
  ctx.invalidate(last.action === 'match' ? 'dictionary' : 'positions');
  const restored: string[] = [];
  for (const before of last.previous) {
    const now = await ctx.storage.getPosition(before.position_id);
    if (now && now.status === before.status && now.service_id === before.service_id && now.method === before.method) {
      restored.push(before.position_id);
    }
  }
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
    if (isPricecatError(error) && error.code === 'CONFLICT') ctx.invalidate('positions');
    throw error;
  }
}

function requireId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new PricecatError('INVALID_INPUT', `${field} must be a non-empty string; got ${JSON.stringify(value) ?? 'nothing'}.`);
  }
  return value.trim();
}

/** The position, if it exists and still waits for a decision. */
function undecidedPosition(model: ReadModel, positionId: string): Position {
  const position = model.positions.find((p) => p.position_id === positionId);
  if (!position) throw new PricecatError('NOT_FOUND', `No position with id "${positionId}"; take ids from /queue or /unmatched.`);
  if (position.status === 'normalized') {
    throw new PricecatError(
      'CONFLICT',
      `Position "${positionId}" («${position.raw_name}») is already normalized (method ${position.method ?? 'unknown'}); ` +
        'only queued or unrecognized positions can be matched or skipped. Use /undo to take back a decision just made.',
    );
  }
  if (position.status === 'skipped') {
    throw new PricecatError(
      'CONFLICT',
      `Position "${positionId}" («${position.raw_name}») was skipped; only queued or unrecognized positions can be decided. ` +
        'Use /undo to take back a skip just made.',
    );
  }
  return position;
}

/** Other queued or unrecognized positions with the same normalized name, in ingest order. */
function undecidedNamesakes(model: ReadModel, position: Position): Position[] {
  return model.positions.filter(
    (p) =>
      p.name_norm === position.name_norm &&
      p.position_id !== position.position_id &&
      (p.status === 'queued' || p.status === 'unrecognized'),
  );
}
