/**
 * Figures computed from the stored data on each call: counts from the query port (kept current by every
 * write, or aggregated by the store's engine), the rest from the small collections.
 */
import type { QueryPort } from '../storage/query-port.js';
import type { Stats } from '../model/catalogue-types.js';

export async function computeStats(queries: QueryPort): Promise<Stats> {
  const model = await queries.directory();
  const counts = await queries.countPositions();
  const byMethod: Record<string, number> = { ...counts.by_method };
  const byStatus: Record<string, number> = { ...counts.by_status };
  const total = counts.total;
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
