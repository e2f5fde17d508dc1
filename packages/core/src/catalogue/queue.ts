/**
 * The verification queue (DESIGN §4 rule 6): queued positions, most confident first, each with the
 * suggested service and a few alternatives, so an analyst can confirm, re-assign or skip.
 */
import type { Page, PageRequest } from './catalogue.js';
import { toPage } from './paging.js';
import { viewCandidates, viewPosition, type CandidateView, type PositionView } from './position-view.js';
import type { ReadModel } from './read-model.js';

/** Filter and page of {@link listQueue}. */
export interface QueueQuery extends PageRequest {
  /** Only this clinic's positions. */
  readonly clinic_id?: string;
}

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
 * Queued positions (status `queued`; skipped and decided ones never appear), highest confidence first,
 * ties in ingest order, paged with the total.
 */
export function listQueue(model: ReadModel, query: QueueQuery = {}): Page<QueueItem> {
  const queued = model.positions
    .filter((p) => p.status === 'queued' && (!query.clinic_id || p.clinic_id === query.clinic_id))
    // Array.prototype.sort is stable, so equal confidences keep ingest order.
    .sort((a, b) => b.confidence - a.confidence);
  const page = toPage(queued, query);
  return {
    ...page,
    items: page.items.map((position) => {
      const [suggestion, ...alternatives] = viewCandidates(model, position.candidates);
      return { position: viewPosition(model, position), suggestion: suggestion ?? null, alternatives };
    }),
  };
}
