/**
 * Clinics (partners) and the services one clinic prices.
 */
import { PricecatError } from '../errors.js';
import { normalizeQuery } from '../match/normalize.js';
import type { Clinic } from '../storage/records.js';
import type { ClinicSummary, Page, PageRequest, PartnerService } from './catalogue.js';
import { toPage } from './paging.js';
import { comparePriceListAge, type ReadModel } from './read-model.js';
import { containsWordPrefixes } from './search.js';
import { groupBy, median } from './statistics.js';

export interface PartnerQuery extends PageRequest {
  readonly city?: string;
  readonly q?: string;
}

export function listPartners(model: ReadModel, query: PartnerQuery = {}): Page<ClinicSummary> {
  const words = query.q ? normalizeQuery(query.q).split(' ').filter(Boolean) : [];
  const clinics = [...model.clinicsById.values()]
    .filter((c) => !query.city || c.city?.toLowerCase() === query.city.toLowerCase())
    .filter((c) => words.length === 0 || c.aliases.concat(c.name).some((n) => containsWordPrefixes(normalizeQuery(n), words)))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  return toPage(clinics.map((c) => summarize(model, c)), query);
}

export function partnerServices(model: ReadModel, clinicId: string, query: PageRequest = {}): Page<PartnerService> {
  if (!model.clinicsById.has(clinicId)) {
    throw new PricecatError('NOT_FOUND', `No clinic with id "${clinicId}"; list /partners for the right id.`);
  }
  const byService = groupBy(model.positions, (p) => (p.clinic_id === clinicId && p.status === 'normalized' ? p.service_id : null));
  const items: PartnerService[] = [];
  for (const [serviceId, positions] of byService) {
    const service = model.servicesById.get(serviceId);
    if (!service) continue;
    const newest = positions.map((p) => model.priceListsById.get(p.price_list_id)!).sort(comparePriceListAge).at(-1)!;
    const current = positions.filter((p) => p.price_list_id === newest.price_list_id);
    items.push({
      service,
      price: median(current.flatMap((p) => (p.price === null ? [] : [p.price]))),
      price_nonresident: median(current.flatMap((p) => (p.price_nonresident === null ? [] : [p.price_nonresident]))),
      positions: current.length,
      effective_date: newest.effective_date,
    });
  }
  items.sort((a, b) => a.service.name.localeCompare(b.service.name, 'ru'));
  return toPage(items, query);
}

// ---- internal helpers ----

function summarize(model: ReadModel, clinic: Clinic): ClinicSummary {
  const lists = [...model.priceListsById.values()].filter((l) => l.clinic_id === clinic.clinic_id).sort(comparePriceListAge);
  const positions = model.positions.filter((p) => p.clinic_id === clinic.clinic_id);
  return {
    ...clinic,
    price_lists: lists.length,
    positions: positions.length,
    normalized: positions.filter((p) => p.status === 'normalized').length,
    latest_effective_date: lists.at(-1)?.effective_date ?? null,
  };
}
