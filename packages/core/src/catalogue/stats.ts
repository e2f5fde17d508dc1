/**
 * Figures computed from the stored data on each call (the read model is rebuilt after every write).
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
  // «Астана» and «астана » are one city; clinics whose city no document states are not a city.
  const cities = new Set([...model.clinicsById.values()].flatMap((c) => (c.city?.trim() ? [c.city.trim().toLowerCase()] : [])));
  let lastIngest: string | null = null;
  for (const list of model.priceListsById.values()) {
    if (lastIngest === null || list.ingested_at > lastIngest) lastIngest = list.ingested_at;
  }
  return {
    services: model.services.length,
    clinics: model.clinicsById.size,
    cities: cities.size,
    price_lists: model.priceListsById.size,
    documents: model.priceListsById.size,
    last_ingest_at: lastIngest,
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
