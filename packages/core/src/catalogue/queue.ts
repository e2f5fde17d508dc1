/**
 * The verification queue (DESIGN §4 rule 6): queued positions, most confident first, each with the
 * suggested service and a few alternatives, so an analyst can confirm, re-assign or skip.
 */
import type { Page, PageRequest } from './catalogue.js';
import { checkPage } from './paging.js';
import { viewCandidates, viewPosition, type CandidateView, type PositionView } from './position-view.js';
import type { QueryPort } from '../storage/query-port.js';

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
export async function listQueue(queries: QueryPort, query: QueueQuery = {}): Promise<Page<QueueItem>> {
  const { limit, offset } = checkPage(query);
  const slice = await queries.queuePage({ ...(query.clinic_id && { clinic_id: query.clinic_id }) }, { limit, offset });
  const model = await queries.directory();
  const page = { items: slice.items, total: slice.total, limit, offset };
  return {
    ...page,
    items: page.items.map((position) => {
      const [suggestion, ...alternatives] = viewCandidates(model, position.candidates);
      return { position: viewPosition(model, position), suggestion: suggestion ?? null, alternatives };
    }),
  };
}
