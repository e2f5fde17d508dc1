/**
 * The verification queue (DESIGN §4 rule 6): queued positions, most confident first, each with the
 * suggested service and a few alternatives, so an analyst can confirm, re-assign or skip. Filters by clinic,
 * the suggestion's category, the match method and a confidence band are applied by the query port (server-side,
 * before paging).
 */
import { PricecatError } from '../errors.js';
import type { Page, PageRequest } from '../model/catalogue-types.js';
import { checkPage } from './paging.js';
import { viewCandidates, viewPosition, type CandidateView, type PositionView } from './position-view.js';
import type { Directory, QueryPort, QueueFilter } from '../storage/query-port.js';
import type { MatchMethod } from '../storage/records.js';
import { QUEUE_METHODS as QUEUE_METHOD_VALUES } from '../contract/limits.js';
import { detail } from '../messages/message-catalogue.js';

/** The methods a queued position's suggestion can carry (the matcher stage that proposed it). */
export const QUEUE_METHODS: readonly MatchMethod[] = QUEUE_METHOD_VALUES;

/** Filters of the queue (every given one must match). */
export interface QueueFilterQuery {
  /** Only this clinic's positions. */
  readonly clinic_id?: string;
  /** Only positions whose suggestion is a service of this dictionary category (specialty), exactly. */
  readonly category?: string;
  /** Only positions whose suggestion came from this matcher stage. */
  readonly method?: MatchMethod;
  /** Only positions with confidence >= this (0..1). */
  readonly min_confidence?: number;
  /** Only positions with confidence < this (0..1). */
  readonly max_confidence?: number;
}

/** Filter and page of {@link listQueue}. */
export interface QueueQuery extends PageRequest, QueueFilterQuery {}

/** One item of the verification queue. */
export interface QueueItem {
  readonly position: PositionView;
  /**
   * The service to confirm: the position's first candidate (with embeddings on, the matcher puts the
   * nearest embedding entries first; otherwise the best fuzzy one). Null when the row has no candidate.
   */
  readonly suggestion: CandidateView | null;
  /** The next candidates, best first. */
  readonly alternatives: readonly CandidateView[];
}

/**
 * Queued positions (status `queued`; skipped and decided ones never appear) matching the filters, highest
 * confidence first, ties in ingest order, paged with the total. INVALID_INPUT for a malformed filter.
 */
export async function listQueue(queries: QueryPort, query: QueueQuery = {}): Promise<Page<QueueItem>> {
  const { limit, offset } = checkPage(query);
  const model = await queries.directory();
  const slice = await queries.queuePage(toQueueFilter(model, query), { limit, offset });
  return {
    items: slice.items.map((position) => {
      const [suggestion, ...alternatives] = viewCandidates(model, position.candidates);
      return { position: viewPosition(model, position), suggestion: suggestion ?? null, alternatives };
    }),
    total: slice.total,
    limit,
    offset,
  };
}

/** The query port's filter for the catalogue's: a category becomes the services of that category. */
export function toQueueFilter(model: Directory, query: QueueFilterQuery): QueueFilter {
  const { clinic_id, category, method, min_confidence, max_confidence } = query;
  if (method !== undefined && !QUEUE_METHODS.includes(method)) {
    throw new PricecatError('INVALID_INPUT', detail('VALUE_NOT_ALLOWED', { field: 'method', allowed: QUEUE_METHODS.join(', '), got: String(JSON.stringify(method)) }));
  }
  for (const [field, value] of [['min_confidence', min_confidence], ['max_confidence', max_confidence]] as const) {
    if (value !== undefined && !(typeof value === 'number' && value >= 0 && value <= 1)) {
      throw new PricecatError('INVALID_INPUT', detail('CONFIDENCE_OUT_OF_RANGE', { field, got: String(JSON.stringify(value)) }));
    }
  }
  return {
    ...(clinic_id !== undefined && { clinic_id }),
    ...(method !== undefined && { method }),
    ...(min_confidence !== undefined && { min_confidence }),
    ...(max_confidence !== undefined && { max_confidence }),
    ...(category !== undefined && {
      suggestion_service_ids: model.services.filter((s) => s.category === category).map((s) => s.service_id),
    }),
  };
}
