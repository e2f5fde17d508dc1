/**
 * Positions, filterable and paged (the full dump), and the dictionary listing.
 */
import { dictionaryStructureOf } from '../match/dictionary-structure.js';
import { PricecatError } from '../errors.js';
import { normalizeQuery } from '../match/normalize.js';
import type { Position, Service } from '../storage/records.js';
import type { Page, PositionQuery, ServiceDetails, ServiceQuery } from './catalogue.js';
import { summarizePrices } from './compare-service.js';
import { toPage } from './paging.js';
import type { ReadModel } from './read-model.js';
import { containsWordPrefixes } from './search.js';

export function listPositions(model: ReadModel, query: PositionQuery = {}): Page<Position> {
  const q = query.q ? normalizeQuery(query.q) : '';
  const items = model.positions.filter(
    (p) =>
      (!query.clinic_id || p.clinic_id === query.clinic_id) &&
      (!query.service_id || p.service_id === query.service_id) &&
      (!query.price_list_id || p.price_list_id === query.price_list_id) &&
      (!query.status || p.status === query.status) &&
      (!query.method || p.method === query.method) &&
      (!q || p.name_norm.includes(q)),
  );
  return toPage(items, query);
}

export function listServices(model: ReadModel, query: ServiceQuery = {}): Page<Service> {
  const words = query.q ? normalizeQuery(query.q).split(' ').filter(Boolean) : [];
  const category = query.category?.trim().toLowerCase();
  const items = model.services.filter(
    (s) =>
      (!category || s.category.toLowerCase() === category) &&
      (!query.origin || s.origin === query.origin) &&
      (words.length === 0 || containsWordPrefixes(s.name_norm, words)),
  );
  return toPage(items, query);
}

export function getService(model: ReadModel, serviceId: string): ServiceDetails {
  const service = model.servicesById.get(serviceId);
  if (!service) throw new PricecatError('NOT_FOUND', `No service with id "${serviceId}"; search /services for the right id.`);
  const structure = dictionaryStructureOf(model.services).structureOf(serviceId);
  return {
    ...service,
    prices: summarizePrices(model, serviceId),
    positions: model.positionsByService.get(serviceId)?.length ?? 0,
    class_id: structure?.class_id ?? `cls_${serviceId.replace(/^svc_/, '')}`,
    siblings: structure?.siblings ?? [],
  };
}
