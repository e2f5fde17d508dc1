/**
 * Unmatched positions: every row not normalized to a service, queued or unrecognized, for the
 * «Нераспознанные» screen; filterable by clinic, status and a name substring.
 */
import { PricecatError } from '../errors.js';
import { normalizeQuery } from '../match/normalize.js';
import type { Page, PageRequest } from '../model/catalogue-types.js';
import { checkPage } from './paging.js';
import { viewCandidates, viewPosition, type CandidateView, type PositionView } from './position-view.js';
import type { QueryPort } from '../storage/query-port.js';
import { detail } from '../messages/message-catalogue.js';

import { UNMATCHED_STATUSES, type UnmatchedStatus } from '../contract/limits.js';

export { UNMATCHED_STATUSES, type UnmatchedStatus };

/** Filter and page of {@link listUnmatched}. */
export interface UnmatchedQuery extends PageRequest {
  readonly clinic_id?: string;
  /** Only queued or only unrecognized positions. @default both */
  readonly status?: UnmatchedStatus;
  /** Substring of `name_norm` (case-insensitive, normalized like names are). */
  readonly q?: string;
}

/** An unmatched position with its candidates (possibly none), best first. */
export interface UnmatchedItem extends PositionView {
  readonly candidates: readonly CandidateView[];
}

/** Queued and unrecognized positions in ingest order, paged with the total. */
export async function listUnmatched(queries: QueryPort, query: UnmatchedQuery = {}): Promise<Page<UnmatchedItem>> {
  if (query.status !== undefined && !UNMATCHED_STATUSES.includes(query.status)) {
    throw new PricecatError('INVALID_INPUT', detail('VALUE_NOT_ALLOWED', { field: 'status', allowed: UNMATCHED_STATUSES.join(', '), got: String(query.status) }));
  }
  const q = query.q ? normalizeQuery(query.q) : '';
  const { limit, offset } = checkPage(query);
  const slice = await queries.findPositions(
    {
      status: query.status ?? UNMATCHED_STATUSES,
      ...(query.clinic_id && { clinic_id: query.clinic_id }),
      ...(q && { name_contains: q }),
    },
    { limit, offset },
  );
  const model = await queries.directory();
  const page = { items: slice.items, total: slice.total, limit, offset };
  return {
    ...page,
    items: page.items.map((p) => ({ ...viewPosition(model, p), candidates: viewCandidates(model, p.candidates) })),
  };
}
