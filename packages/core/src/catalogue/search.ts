/**
 * Search over services (DESIGN §4 rule 3: case-insensitive, Cyrillic included, against `name_norm`).
 */
import { normalizeQuery } from '../match/normalize.js';
import type { Service } from '../storage/records.js';
import type { SearchHit } from './catalogue.js';
import type { Directory, QueryPort, ServicePriceLines } from '../storage/query-port.js';
import { partnerPrices, servicePricesOf } from './compare-service.js';
import { median } from './statistics.js';

export interface SearchQuery {
  readonly q: string;
  readonly city?: string;
  readonly limit?: number;
}

/**
 * Services whose `name_norm` contains every word of the query (as a word prefix), those offered by
 * clinics first, then names starting with the query, then shorter names.
 */
export async function searchServices(queries: QueryPort, query: SearchQuery): Promise<SearchHit[]> {
  const words = normalizeQuery(query.q).split(' ').filter((w) => w.length > 0);
  if (words.length === 0) return [];
  const limit = query.limit ?? 20;
  const model = await queries.directory();
  const found = model.services.filter((service) => matchesAllWords(service, words));
  const cached = await hitCache(queries, query.city);
  // The services not summarised since the last write, read at once (one SQL query on PostgreSQL).
  const missing = found.filter((service) => cached.get(service.service_id)?.service !== service);
  const prices = missing.length > 0 ? await servicePricesOf(queries, missing.map((s) => s.service_id), 'resident') : new Map();
  for (const service of missing) cached.set(service.service_id, toHit(model, service, prices.get(service.service_id)!, query.city));
  const hits: SearchHit[] = found.map((service) => cached.get(service.service_id)!);
  const phrase = words.join(' ');
  return hits
    .sort(
      (a, b) =>
        b.prices.clinics - a.prices.clinics ||
        Number(b.service.name_norm.startsWith(phrase)) - Number(a.service.name_norm.startsWith(phrase)) ||
        a.service.name_norm.length - b.service.name_norm.length,
    )
    .slice(0, limit);
}

/** True when every query word starts some word of `text` (both normalized). */
export function containsWordPrefixes(text: string, words: readonly string[]): boolean {
  const padded = ` ${text}`;
  return words.every((word) => padded.includes(` ${word}`));
}

// ---- internal helpers ----

/**
 * Hits by service, per city, valid while the read side's revision stays the same: between two writes a
 * broad word («узи», «прием») is summarised once, not on every keystroke of every analyst.
 */
const hitCaches = new WeakMap<QueryPort, { revision: number; byCity: Map<string, Map<string, SearchHit>> }>();

async function hitCache(queries: QueryPort, city: string | undefined): Promise<Map<string, SearchHit>> {
  const revision = await queries.revision();
  let entry = hitCaches.get(queries);
  if (entry?.revision !== revision) hitCaches.set(queries, (entry = { revision, byCity: new Map() }));
  const key = city?.toLowerCase() ?? '';
  let hits = entry.byCity.get(key);
  if (!hits) entry.byCity.set(key, (hits = new Map()));
  return hits;
}

function matchesAllWords(service: Service, words: readonly string[]): boolean {
  return containsWordPrefixes(service.name_norm, words);
}

function toHit(model: Directory, service: Service, priced: ServicePriceLines, city?: string): SearchHit {
  const clinics = priced.clinic_ids
    .map((id) => model.clinicsById.get(id))
    .filter((c): c is NonNullable<typeof c> => c !== undefined && (!city || c.city?.toLowerCase() === city.toLowerCase()))
    .map((c) => ({ clinic_id: c.clinic_id, name: c.name, city: c.city }));
  const prices = partnerPrices(model, priced.lines, 'resident', city).map((p) => p.price);
  return {
    service,
    prices: {
      clinics: prices.length,
      min: prices.length ? Math.min(...prices) : null,
      median: median(prices),
      max: prices.length ? Math.max(...prices) : null,
    },
    clinics,
  };
}
