/**
 * The dashboard's figures: per clinic (positions by status, normalized share, lists, newest list), per category
 * of the dictionary (services, those some clinic offers, the clinics offering any), and per ingest the normalized
 * share of that list and of everything ingested up to it (the share over time). Counts come from the query port's
 * indexes (`countPositions`, `findPositions` with `limit: 0`), never from reading every position.
 */
import { OFFER_KINDS, type QueryPort } from '../storage/query-port.js';
import { comparePriceListAge } from './read-model.js';
import { listDate } from './stale-lists.js';

export interface DashboardClinic {
  readonly clinic_id: string;
  readonly name: string;
  readonly city: string | null;
  readonly price_lists: number;
  readonly positions: number;
  readonly normalized: number;
  readonly queued: number;
  readonly unrecognized: number;
  readonly skipped: number;
  /** normalized / positions; 0 without positions. */
  readonly normalized_share: number;
  /** The day the clinic's newest list holds from (effective date, else ingest day); null without lists. */
  readonly latest_list_date: string | null;
}

export interface DashboardCategory {
  readonly category: string;
  readonly services: number;
  /** Services with a normalized position in some clinic. */
  readonly offered: number;
  /** Clinics with a normalized position of some service of the category. */
  readonly clinics: number;
}

/** One ingested list, in ingest order. */
export interface DashboardIngest {
  readonly price_list_id: string;
  readonly file_name: string;
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly ingested_at: string;
  readonly positions: number;
  /** Positions of this list normalized now. */
  readonly normalized: number;
  readonly normalized_share: number;
  /** Normalized share over this list and every list ingested before it, as the positions stand now. */
  readonly cumulative_share: number;
}

export interface Dashboard {
  /** By name. */
  readonly clinics: readonly DashboardClinic[];
  /** By category name. */
  readonly categories: readonly DashboardCategory[];
  /** Oldest ingest first. */
  readonly ingests: readonly DashboardIngest[];
}

export async function computeDashboard(queries: QueryPort): Promise<Dashboard> {
  const model = await queries.directory();
  const lists = [...model.priceListsById.values()];

  const clinics: DashboardClinic[] = [];
  for (const clinic of model.clinicsById.values()) {
    const counts = await queries.countPositions({ clinic_id: clinic.clinic_id });
    const own = lists.filter((l) => l.clinic_id === clinic.clinic_id).sort(comparePriceListAge);
    clinics.push({
      clinic_id: clinic.clinic_id,
      name: clinic.name,
      city: clinic.city,
      price_lists: own.length,
      positions: counts.total,
      normalized: counts.by_status.normalized,
      queued: counts.by_status.queued,
      unrecognized: counts.by_status.unrecognized,
      skipped: counts.by_status.skipped,
      normalized_share: share(counts.by_status.normalized, counts.total),
      latest_list_date: own.length > 0 ? listDate(own.at(-1)!) : null,
    });
  }
  clinics.sort((a, b) => a.name.localeCompare(b.name, 'ru'));

  const offeredBy = await clinicsByService(queries, model.services.map((s) => s.service_id));
  const byCategory = new Map<string, { services: number; offered: number; clinics: Set<string> }>();
  for (const service of model.services) {
    let entry = byCategory.get(service.category);
    if (!entry) byCategory.set(service.category, (entry = { services: 0, offered: 0, clinics: new Set() }));
    entry.services++;
    const offering = offeredBy.get(service.service_id) ?? [];
    if (offering.length > 0) entry.offered++;
    for (const id of offering) entry.clinics.add(id);
  }
  const categories = [...byCategory]
    .map(([category, e]) => ({ category, services: e.services, offered: e.offered, clinics: e.clinics.size }))
    .sort((a, b) => a.category.localeCompare(b.category, 'ru'));

  const ingests: DashboardIngest[] = [];
  let positionsSoFar = 0;
  let normalizedSoFar = 0;
  const byIngest = [...lists].sort((a, b) => (a.ingested_at < b.ingested_at ? -1 : a.ingested_at > b.ingested_at ? 1 : 0));
  for (const list of byIngest) {
    const normalized = (await queries.findPositions({ price_list_id: list.price_list_id, status: 'normalized' }, { limit: 0 })).total;
    const positions = (await queries.findPositions({ price_list_id: list.price_list_id }, { limit: 0 })).total;
    positionsSoFar += positions;
    normalizedSoFar += normalized;
    ingests.push({
      price_list_id: list.price_list_id,
      file_name: list.file_name,
      clinic_id: list.clinic_id,
      clinic_name: model.clinicsById.get(list.clinic_id)?.name ?? list.clinic_id,
      ingested_at: list.ingested_at,
      positions,
      normalized,
      normalized_share: share(normalized, positions),
      cumulative_share: share(normalizedSoFar, positionsSoFar),
    });
  }
  return { clinics, categories, ingests };
}

// ---- internal helpers ----

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10000) / 10000;
}

/**
 * The clinics with a priced normalized position of each service (either price kind): the port's indexed answer when it has
 * one (per kind, merged), else one pass over the normalized positions.
 */
async function clinicsByService(queries: QueryPort, serviceIds: readonly string[]): Promise<Map<string, readonly string[]>> {
  const result = new Map<string, Set<string>>();
  const add = (serviceId: string, clinicIds: Iterable<string>) => {
    let set = result.get(serviceId);
    if (!set) result.set(serviceId, (set = new Set()));
    for (const id of clinicIds) set.add(id);
  };
  if (queries.pricedClinics) {
    for (const kind of ['resident', 'nonresident'] as const) {
      for (const [serviceId, clinicIds] of await queries.pricedClinics(serviceIds, kind)) add(serviceId, clinicIds);
    }
  } else {
    // As `pricedClinics` counts: an offer (a package's components are not) with some price.
    for (const p of (await queries.findPositions({ status: 'normalized', kind: OFFER_KINDS })).items) {
      if (p.service_id && (p.price !== null || p.price_nonresident !== null)) add(p.service_id, [p.clinic_id]);
    }
  }
  return new Map([...result].map(([id, set]) => [id, [...set]]));
}
