/**
 * The catalogue's read side: the store's own query port when its adapter has one, else the in-memory
 * port loaded once from the store and then kept current by every write (storage/memory-query-port.ts).
 */
import { createMemoryQueryPort } from '../storage/memory-query-port.js';
import type { QueryPort, StoreChange } from '../storage/query-port.js';
import type { PriceList } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';

/** The reads of the use cases; see storage/query-port.ts. */
export type ReadModel = QueryPort;

/** A read side and how the catalogue tells it what a write changed. */
export interface ReadSide {
  readonly queries: QueryPort;
  /** Reports a completed write; a no-op when the store answers queries itself. */
  readonly changed: (change: StoreChange) => void;
}

/** Opens the read side of `storage`: its own port, or the in-memory one loaded from the whole store once. */
export async function loadReadSide(storage: Storage): Promise<ReadSide> {
  if (storage.queries) return { queries: storage.queries, changed: () => undefined };
  const [services, clinics, priceLists, positions] = await Promise.all([
    storage.listServices(),
    storage.listClinics(),
    storage.listPriceLists(),
    storage.listPositions(),
  ]);
  const port = createMemoryQueryPort({ services, clinics, priceLists, positions });
  return { queries: port, changed: (change) => port.apply(change) };
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
