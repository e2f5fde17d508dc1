/**
 * Search over services (DESIGN §4 rule 3: case-insensitive, Cyrillic included, against `name_norm`), tolerant of
 * typos and aware of the matcher's abbreviations and synonyms (search-terms.ts).
 */
import { SEARCH_HIT_CLINICS } from '../contract/limits.js';
import { normalizeQuery } from '../match/normalize.js';
import { TERM_EQUIVALENCES } from '../match/vocabulary.js';
import type { Service } from '../storage/records.js';
import type { SearchHit, SearchPage } from '../model/catalogue-types.js';
import { knownWordsOf, readingsOf, type KnownWords } from './search-terms.js';
import type { Directory, OfferSummary, QueryPort, ServicePriceLines } from '../storage/query-port.js';
import { partnerPrices, servicePricesOf } from './compare-service.js';
import { median, roundMoney } from './statistics.js';
import { maxOf, minOf } from '../numbers.js';

export interface SearchQuery {
  readonly q: string;
  readonly city?: string;
  readonly limit?: number;
  /** Hits to pass over before the page. @default 0 */
  readonly offset?: number;
}

/** The first page of {@link searchPage}, as a plain list. */
export async function searchServices(queries: QueryPort, query: SearchQuery): Promise<SearchHit[]> {
  return [...(await searchPage(queries, query)).items];
}

/**
 * Services whose `name_norm` contains every word of one reading of the query (as a word prefix): the query as
 * typed, with its typos corrected, or with a phrase of the term table replaced by an equivalent one. Those offered
 * by clinics first, then names starting with the query, then shorter names; `total` counts every service found.
 */
export async function searchPage(queries: QueryPort, query: SearchQuery): Promise<SearchPage> {
  const words = normalizeQuery(query.q).split(' ').filter((w) => w.length > 0);
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  if (words.length === 0) return { items: [], total: 0, limit, offset, corrections: [] };
  const model = await queries.directory();
  const cache = await hitCache(queries, query.city);
  const readings = readingsOf(words, knownWords(model), TERM_EQUIVALENCES);
  const found = model.services.filter((service) => readings.phrases.some((phrase) => containsWordPrefixes(service.name_norm, phrase)));
  const page = (items: readonly SearchHit[]): SearchPage => ({ items, total: found.length, limit, offset, corrections: readings.corrections });
  const phrase = words.join(' ');
  const starts = (service: Service) => Number(service.name_norm.startsWith(phrase));
  const before = (a: { service: Service; clinics: number }, b: { service: Service; clinics: number }) =>
    b.clinics - a.clinics || starts(b.service) - starts(a.service) || a.service.name_norm.length - b.service.name_norm.length;
  // Hits for the services not summarised since the last write, read at once (one SQL query on PostgreSQL).
  const summarise = async (services: readonly Service[]) => {
    const missing = services.filter((service) => cache.hits.get(service.service_id)?.service !== service);
    if (missing.length === 0) return;
    if (queries.offerSummaries) {
      // The engine sums the clinics' prices up: one row per hit, not one per hit and clinic.
      const summaries = await queries.offerSummaries(
        missing.map((s) => s.service_id),
        'resident',
        { first: SEARCH_HIT_CLINICS, ...(query.city && { clinic_ids: clinicIdsIn(model, query.city) }) },
      );
      for (const service of missing) cache.hits.set(service.service_id, hitOf(model, service, summaries.get(service.service_id)));
      return;
    }
    // A hit shows prices, not the lines behind them.
    const prices = await servicePricesOf(queries, missing.map((s) => s.service_id), 'resident', { names: false });
    for (const service of missing) cache.hits.set(service.service_id, toHit(model, service, prices.get(service.service_id)!, query.city));
  };
  if (queries.pricedClinics) {
    // A port that counts (an index in SQL, running counts in memory): rank every found service by its clinics,
    // then summarise only the page. Same order as below: the count is the hit's `prices.clinics`.
    const uncounted = found.filter((service) => !cache.clinics.has(service.service_id));
    if (uncounted.length > 0 && !query.city && queries.pricedClinicCounts) {
      // Every city: the port's count per service is the count of the clinics themselves.
      const counts = await queries.pricedClinicCounts(uncounted.map((s) => s.service_id), 'resident');
      for (const service of uncounted) cache.clinics.set(service.service_id, counts.get(service.service_id) ?? 0);
    } else if (uncounted.length > 0) {
      const priced = await queries.pricedClinics(uncounted.map((s) => s.service_id), 'resident');
      for (const service of uncounted) cache.clinics.set(service.service_id, clinicsIn(model, priced.get(service.service_id) ?? [], query.city));
    }
    const shown = found
      .map((service) => ({ service, clinics: cache.clinics.get(service.service_id)! }))
      .sort(before)
      .slice(offset, offset + limit)
      .map((ranked) => ranked.service);
    await summarise(shown);
    return page(shown.map((service) => cache.hits.get(service.service_id)!));
  }
  await summarise(found);
  return page(
    found
      .map((service) => cache.hits.get(service.service_id)!)
      .sort((a, b) => before({ service: a.service, clinics: a.prices.clinics }, { service: b.service, clinics: b.prices.clinics }))
      .slice(offset, offset + limit),
  );
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

/**
 * The words of the dictionary's names and of the term table, rebuilt when the names change, not after every
 * decision. Checked against the names themselves: the in-memory port's directory is updated in place.
 */
const knownWordsCache = new WeakMap<readonly Service[], { readonly names: readonly string[]; readonly known: KnownWords }>();

function knownWords(model: Directory): KnownWords {
  const cached = knownWordsCache.get(model.services);
  if (cached && cached.names.length === model.services.length && model.services.every((s, i) => s.name_norm === cached.names[i])) {
    return cached.known;
  }
  const names = model.services.map((service) => service.name_norm);
  const known = knownWordsOf(names, TERM_EQUIVALENCES);
  knownWordsCache.set(model.services, { names, known });
  return known;
}

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

/** The known clinics in `city` (case-insensitive), as {@link clinicsIn} and partnerPrices count them. */
function clinicIdsIn(model: Directory, city: string): string[] {
  const wanted = city.toLowerCase();
  return [...model.clinicsById.values()].filter((c) => c.city?.toLowerCase() === wanted).map((c) => c.clinic_id);
}

/** A hit from the port's summary: what {@link toHit} makes of the same service's lines. */
function hitOf(model: Directory, service: Service, summary: OfferSummary | undefined): SearchHit {
  const clinics = (summary?.clinic_ids ?? []).flatMap((id) => {
    const clinic = model.clinicsById.get(id);
    return clinic ? [{ clinic_id: clinic.clinic_id, name: clinic.name, city: clinic.city }] : [];
  });
  // partnerPrices rounds each clinic's median to tiyn.
  const prices = (summary?.prices ?? []).map(roundMoney);
  return {
    service,
    prices: {
      clinics: prices.length,
      min: prices.length ? minOf(prices) : null,
      median: median(prices),
      max: prices.length ? maxOf(prices) : null,
    },
    clinics,
    clinics_total: summary?.clinics_total ?? 0,
  };
}

function toHit(model: Directory, service: Service, priced: ServicePriceLines, city?: string): SearchHit {
  const offering = priced.clinic_ids
    .map((id) => model.clinicsById.get(id))
    .filter((c): c is NonNullable<typeof c> => c !== undefined && (!city || c.city?.toLowerCase() === city.toLowerCase()));
  const clinics = offering.slice(0, SEARCH_HIT_CLINICS).map((c) => ({ clinic_id: c.clinic_id, name: c.name, city: c.city }));
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
    clinics_total: offering.length,
  };
}
