/** Paging of read-model lists. */
import { PricecatError } from '../errors.js';
import type { Page, PageRequest } from '../model/catalogue-types.js';
import { detail } from '../messages/message-catalogue.js';

import { DEFAULT_LIMIT, MAX_LIMIT } from '../contract/limits.js';

export { DEFAULT_LIMIT, MAX_LIMIT };

/** The requested page of `items`, with the total; rejects negative or absurd limits with INVALID_INPUT. */
export function toPage<T>(items: readonly T[], request: PageRequest = {}): Page<T> {
  const { limit, offset } = checkPage(request);
  return { items: items.slice(offset, offset + limit), total: items.length, limit, offset };
}

/** The page's limit and offset with defaults; rejects negative or absurd ones with INVALID_INPUT. */
export function checkPage(request: PageRequest = {}): { readonly limit: number; readonly offset: number } {
  const limit = request.limit ?? DEFAULT_LIMIT;
  const offset = request.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new PricecatError('INVALID_INPUT', detail('LIMIT_OUT_OF_RANGE', { max: MAX_LIMIT, got: String(limit) }));
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw new PricecatError('INVALID_INPUT', detail('OFFSET_INVALID', { got: String(offset) }));
  }
  return { limit, offset };
}
