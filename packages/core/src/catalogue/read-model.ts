/**
 * The in-memory read model the query use cases answer from: one consistent snapshot of the store,
 * rebuilt after a write (the catalogue is the only writer, so it knows when).
 */
import type { Clinic, Position, PriceList, Service } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import { groupBy } from './statistics.js';

export interface ReadModel {
  readonly services: readonly Service[];
  readonly servicesById: ReadonlyMap<string, Service>;
  readonly clinicsById: ReadonlyMap<string, Clinic>;
  readonly priceListsById: ReadonlyMap<string, PriceList>;
  readonly positions: readonly Position[];
  /** Normalized positions by service. */
  readonly positionsByService: ReadonlyMap<string, readonly Position[]>;
}

export async function loadReadModel(storage: Storage): Promise<ReadModel> {
  const [services, clinics, priceLists, positions] = await Promise.all([
    storage.listServices(),
    storage.listClinics(),
    storage.listPriceLists(),
    storage.listPositions(),
  ]);
  const positionsByService = groupBy(positions, (p) => (p.status === 'normalized' ? p.service_id : null));
  return {
    services,
    servicesById: new Map(services.map((s) => [s.service_id, s])),
    clinicsById: new Map(clinics.map((c) => [c.clinic_id, c])),
    priceListsById: new Map(priceLists.map((p) => [p.price_list_id, p])),
    positions,
    positionsByService,
  };
}

/**
 * Orders price lists of one clinic from oldest to newest: by effective date (unknown dates count as
 * their ingest date), then by ingest time.
 */
export function comparePriceListAge(a: PriceList, b: PriceList): number {
  const dateA = a.effective_date ?? a.ingested_at.slice(0, 10);
  const dateB = b.effective_date ?? b.ingested_at.slice(0, 10);
  return dateA.localeCompare(dateB) || a.ingested_at.localeCompare(b.ingested_at);
}
