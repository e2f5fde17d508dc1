/**
 * Positions, filterable and paged (the full dump), and the dictionary listing.
 */
import { dictionaryStructureOf } from '../match/dictionary-structure.js';
import { PricecatError } from '../errors.js';
import { normalizeQuery } from '../match/normalize.js';
import type { Position, Service } from '../storage/records.js';
import type { Page, PositionQuery, ServiceDetails, ServiceQuery } from '../model/catalogue-types.js';
import type { QueryPort } from '../storage/query-port.js';
import { summarizePrices } from './compare-service.js';
import { checkPage, toPage } from './paging.js';
import { containsWordPrefixes } from './search.js';
import { detail } from '../messages/message-catalogue.js';

export async function listPositions(queries: QueryPort, query: PositionQuery = {}): Promise<Page<Position>> {
  const q = query.q ? normalizeQuery(query.q) : '';
  const { limit, offset } = checkPage(query);
  const slice = await queries.findPositions(
    {
      ...(query.clinic_id && { clinic_id: query.clinic_id }),
      ...(query.service_id && { service_id: query.service_id }),
      ...(query.price_list_id && { price_list_id: query.price_list_id }),
      ...(query.status && { status: query.status }),
      ...(query.method && { method: query.method }),
      ...(q && { name_contains: q }),
      ...(query.kind && { kind: query.kind }),
      ...(query.package_id && { package_id: query.package_id }),
    },
    { limit, offset },
  );
  return { items: slice.items, total: slice.total, limit, offset };
}

export async function listServices(queries: QueryPort, query: ServiceQuery = {}): Promise<Page<Service>> {
  const model = await queries.directory();
  const q = query.q ? normalizeQuery(query.q) : '';
  const words = q.split(' ').filter(Boolean);
  const category = query.category?.trim().toLowerCase();
  const items = model.services.filter(
    (s) =>
      (!category || s.category.toLowerCase() === category) &&
      (!query.origin || s.origin === query.origin) &&
      (words.length === 0 || containsWordPrefixes(s.name_norm, words)),
  );
  return toPage(words.length === 0 ? items : byCloseness(items, q), query);
}

/**
 * Entries found by words, the closest first: the name itself, then names that start with the words as typed, then
 * names holding them in that order, then the rest; shorter names first within each (the picker's «прием терапевта»
 * offers `Прием терапевта` before `Прием мануального терапевта`). Stable: the dictionary's order breaks ties.
 */
function byCloseness(items: readonly Service[], q: string): Service[] {
  const rank = (name: string): number => (name === q ? 0 : name.startsWith(q) ? 1 : name.includes(q) ? 2 : 3);
  return items
    .map((service) => ({ service, rank: rank(service.name_norm), words: service.name_norm.split(' ').length }))
    .sort((a, b) => a.rank - b.rank || a.words - b.words)
    .map(({ service }) => service);
}

export async function getService(queries: QueryPort, serviceId: string): Promise<ServiceDetails> {
  const directory = await queries.directory();
  const service = directory.servicesById.get(serviceId);
  if (!service) throw new PricecatError('NOT_FOUND', detail('SERVICE_NOT_FOUND', { id: serviceId }));
  const structure = dictionaryStructureOf(directory.services).structureOf(serviceId);
  return {
    ...service,
    prices: await summarizePrices(queries, serviceId),
    positions: (await queries.findPositions({ service_id: serviceId, status: 'normalized' }, { limit: 0 })).total,
    class_id: structure?.class_id ?? `cls_${serviceId.replace(/^svc_/, '')}`,
    siblings: structure?.siblings ?? [],
  };
}
