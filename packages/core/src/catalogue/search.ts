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
  const cache = await hitCache(queries, query.city);
  const phrase = words.join(' ');
  const starts = (service: Service) => Number(service.name_norm.startsWith(phrase));
  const before = (a: { service: Service; clinics: number }, b: { service: Service; clinics: number }) =>
    b.clinics - a.clinics || starts(b.service) - starts(a.service) || a.service.name_norm.length - b.service.name_norm.length;
  // Hits for the services not summarised since the last write, read at once (one SQL query on PostgreSQL).
  const summarise = async (services: readonly Service[]) => {
    const missing = services.filter((service) => cache.hits.get(service.service_id)?.service !== service);
    if (missing.length === 0) return;
    // A hit shows prices, not the lines behind them.
    const prices = await servicePricesOf(queries, missing.map((s) => s.service_id), 'resident', { names: false });
    for (const service of missing) cache.hits.set(service.service_id, toHit(model, service, prices.get(service.service_id)!, query.city));
  };
  if (queries.pricedClinics && queries.servicePrices) {
    // A port that counts in its engine: rank every found service by its clinics (a count on an index), then
    // summarise only the page. Same order as below: the count is the hit's `prices.clinics`.
    const uncounted = found.filter((service) => !cache.clinics.has(service.service_id));
    if (uncounted.length > 0) {
      const priced = await queries.pricedClinics(uncounted.map((s) => s.service_id), 'resident');
      for (const service of uncounted) cache.clinics.set(service.service_id, clinicsIn(model, priced.get(service.service_id) ?? [], query.city));
    }
    const page = found
      .map((service) => ({ service, clinics: cache.clinics.get(service.service_id)! }))
      .sort(before)
      .slice(0, limit)
      .map((ranked) => ranked.service);
    await summarise(page);
    return page.map((service) => cache.hits.get(service.service_id)!);
  }
  await summarise(found);
  return found
    .map((service) => cache.hits.get(service.service_id)!)
    .sort((a, b) => before({ service: a.service, clinics: a.prices.clinics }, { service: b.service, clinics: b.prices.clinics }))
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
const hitCaches = new WeakMap<QueryPort, { revision: number; byCity: Map<string, HitCache> }>();

interface HitCache {
  readonly hits: Map<string, SearchHit>;
  /** Clinics with a resident price per service (in the city), for a port with `pricedClinics`. */
  readonly clinics: Map<string, number>;
}

async function hitCache(queries: QueryPort, city: string | undefined): Promise<HitCache> {
  const revision = await queries.revision();
  let entry = hitCaches.get(queries);
  if (entry?.revision !== revision) hitCaches.set(queries, (entry = { revision, byCity: new Map() }));
  const key = city?.toLowerCase() ?? '';
  let cache = entry.byCity.get(key);
  if (!cache) entry.byCity.set(key, (cache = { hits: new Map(), clinics: new Map() }));
  return cache;
}

/** How many of `clinicIds` are known clinics in `city` (any city when none): partnerPrices' rule. */
function clinicsIn(model: Directory, clinicIds: readonly string[], city: string | undefined): number {
  let count = 0;
  for (const id of clinicIds) {
    const clinic = model.clinicsById.get(id);
    if (clinic && (!city || clinic.city?.toLowerCase() === city.toLowerCase())) count++;
  }
  return count;
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
