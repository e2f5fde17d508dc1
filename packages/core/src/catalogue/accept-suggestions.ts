/**
 * «Принять все предложения выше X %»: the analyst confirms, in one step, the suggestion of every queued position at or
 * above a confidence (within the queue's filters). First a count (`dry_run`), so the screen can say how many will be
 * decided before anything is written; then one decision per position, all of one batch, so that one undo takes the
 * whole batch back.
 */
import { PricecatError } from '../errors.js';
import type { CatalogueContext } from './context.js';
import { matchPosition } from './decide.js';
import { newId } from './ids.js';
import { toQueueFilter, type QueueFilterQuery } from './queue.js';
import { detail } from '../messages/message-catalogue.js';

/** Body of `POST /queue/accept-suggestions`. */
export interface AcceptSuggestionsRequest extends Omit<QueueFilterQuery, 'min_confidence'> {
  /** Accept suggestions of positions whose confidence is at least this (0..1). Required. */
  readonly min_confidence: number;
  /** Count only, write nothing. @default false */
  readonly dry_run?: boolean;
  /** Who decided (set by the HTTP layer). */
  readonly decided_by?: string;
}

/** What the bulk acceptance did (or, with `dry_run`, would do). */
export interface AcceptSuggestionsResult {
  /** Positions accepted (with `dry_run`: that would be). */
  readonly accepted: number;
  /** The batch written; `POST /undo` with any of its decisions, or right after, takes it all back. Null for a dry run or nothing accepted. */
  readonly batch_id: string | null;
  readonly dry_run: boolean;
}

/**
 * Confirms the suggestion of every queued position matching the filters with confidence >= `min_confidence`, each
 * as its own decision (identical names below the threshold are left alone). Positions decided meanwhile are
 * skipped over. INVALID_INPUT for a missing or malformed threshold or filter.
 */
export async function acceptSuggestions(ctx: CatalogueContext, request: AcceptSuggestionsRequest): Promise<AcceptSuggestionsResult> {
  if (typeof request?.min_confidence !== 'number') {
    throw new PricecatError('INVALID_INPUT', detail('MIN_CONFIDENCE_REQUIRED', { got: JSON.stringify(request?.min_confidence) ?? 'ничего' }));
  }
  const dryRun = request.dry_run === true;
  const model = await ctx.queries.directory();
  const filter = toQueueFilter(model, request);
  const { items } = await ctx.queries.queuePage(filter, {});
  const acceptable = items.filter((p) => p.candidates[0] !== undefined && model.servicesById.has(p.candidates[0].service_id));
  if (dryRun || acceptable.length === 0) return { accepted: acceptable.length, batch_id: null, dry_run: dryRun };

  const batchId = newId('batch');
  let accepted = 0;
  for (const position of acceptable) {
    const result = await matchPosition(ctx, {
      position_id: position.position_id,
      service_id: position.candidates[0]!.service_id,
      apply_to_identical: false,
      batch_id: batchId,
      ...(request.decided_by !== undefined && { decided_by: request.decided_by }),
    });
    if (!result.already_decided) accepted += 1;
  }
  return { accepted, batch_id: accepted > 0 ? batchId : null, dry_run: false };
}
