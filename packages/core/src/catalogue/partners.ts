/**
 * Clinics (partners) and the services one clinic prices.
 */
import { PricecatError } from '../errors.js';
import { normalizeQuery } from '../match/normalize.js';
import type { Clinic } from '../storage/records.js';
import type { ClinicSummary, Page, PageRequest, PartnerService } from '../model/catalogue-types.js';
import { toPage } from './paging.js';
import { OFFER_KINDS, type Directory, type PositionCounts, type QueryPort } from '../storage/query-port.js';
import { comparePriceListAge } from './read-model.js';
import { containsWordPrefixes } from './search.js';
import { groupBy, median } from './statistics.js';
import { detail } from '../messages/message-catalogue.js';

export interface PartnerQuery extends PageRequest {
  readonly city?: string;
  readonly q?: string;
}

export async function listPartners(queries: QueryPort, query: PartnerQuery = {}): Promise<Page<ClinicSummary>> {
  const model = await queries.directory();
  const words = query.q ? normalizeQuery(query.q).split(' ').filter(Boolean) : [];
  const clinics = [...model.clinicsById.values()]
    .filter((c) => !query.city || c.city?.toLowerCase() === query.city.toLowerCase())
    .filter((c) => words.length === 0 || c.aliases.concat(c.name).some((n) => containsWordPrefixes(normalizeQuery(n), words)))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  const page = toPage(clinics, query);
  const items: ClinicSummary[] = [];
  for (const clinic of page.items) items.push(summarize(model, clinic, await queries.countPositions({ clinic_id: clinic.clinic_id })));
  return { ...page, items };
}

export async function partnerServices(queries: QueryPort, clinicId: string, query: PageRequest = {}): Promise<Page<PartnerService>> {
  const model = await queries.directory();
  if (!model.clinicsById.has(clinicId)) {
    throw new PricecatError('NOT_FOUND', detail('CLINIC_NOT_FOUND', { id: clinicId }));
  }
  // The clinic's offers: a package's components are not sold on their own.
  const normalized = (await queries.findPositions({ clinic_id: clinicId, status: 'normalized', kind: OFFER_KINDS })).items;
  const byService = groupBy(normalized, (p) => p.service_id);
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
      price_nonresident_far: median(current.flatMap((p) => (p.price_nonresident_far == null ? [] : [p.price_nonresident_far]))),
      positions: current.length,
      effective_date: newest.effective_date,
    });
  }
  items.sort((a, b) => a.service.name.localeCompare(b.service.name, 'ru'));
  return toPage(items, query);
}

// ---- internal helpers ----

function summarize(model: Directory, clinic: Clinic, counts: PositionCounts): ClinicSummary {
  const lists = [...model.priceListsById.values()].filter((l) => l.clinic_id === clinic.clinic_id).sort(comparePriceListAge);
  return {
    ...clinic,
    price_lists: lists.length,
    positions: counts.total,
    normalized: counts.by_status.normalized,
    latest_effective_date: lists.at(-1)?.effective_date ?? null,
  };
}
