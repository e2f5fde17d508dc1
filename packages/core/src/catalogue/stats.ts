/**
 * Figures computed from the stored data on each call.
 */
import type { Stats } from './catalogue.js';
import type { ReadModel } from './read-model.js';

export function computeStats(model: ReadModel): Stats {
  const byMethod: Record<string, number> = {};
  const byStatus: Record<string, number> = { normalized: 0, queued: 0, skipped: 0, unrecognized: 0 };
  for (const position of model.positions) {
    byStatus[position.status] = (byStatus[position.status] ?? 0) + 1;
    if (position.method) byMethod[position.method] = (byMethod[position.method] ?? 0) + 1;
  }
  const total = model.positions.length;
  const normalized = byStatus.normalized ?? 0;
  return {
    services: model.services.length,
    clinics: model.clinicsById.size,
    price_lists: model.priceListsById.size,
    positions: total,
    normalized,
    // DESIGN §4 rule 5: over all extracted positions, every version.
    normalized_share: total === 0 ? 0 : Math.round((normalized / total) * 10000) / 10000,
    queued: byStatus.queued ?? 0,
    unrecognized: byStatus.unrecognized ?? 0,
    skipped: byStatus.skipped ?? 0,
    by_method: byMethod,
    by_status: byStatus,
  };
}
