/**
 * The catalogue's read side: the store's own query port when its adapter has one, else the in-memory
 * port loaded once from the store and then kept current by every write (storage/memory-query-port.ts).
 */
import { createMemoryQueryPort } from '../storage/memory-query-port.js';
import type { QueryPort, StoreChange } from '../storage/query-port.js';
import type { PriceList } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';

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
  // ISO dates and times order as plain strings; `localeCompare` was a hot spot of search at 1M positions.
  return compareText(dateA, dateB) || compareText(a.ingested_at, b.ingested_at);
}

/** The newest of `lists` by {@link comparePriceListAge} (the last of them on ties), in one pass. */
export function newestPriceList(lists: Iterable<PriceList>): PriceList | undefined {
  let newest: PriceList | undefined;
  for (const list of lists) if (newest === undefined || comparePriceListAge(list, newest) >= 0) newest = list;
  return newest;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
