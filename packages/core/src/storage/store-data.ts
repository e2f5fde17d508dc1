/**
 * The data every built-in `Storage` adapter holds, as one JSON-ready value, and the pure changes the
 * `Storage` methods make to it. Both the memory and the lowdb adapter use these, so they share one set
 * of upsert rules; lowdb also writes the value as its file.
 *
 * Every change returns a new `StoreData` and leaves its input untouched (copy-on-write at the level of
 * collections: a new array, the same record objects). That lets lowdb write the new value and keep the
 * old one if the write fails, without deep-copying 100k positions per write. Records inside are never
 * mutated: adapters clone them on the way in and on the way out.
 */
import type { PositionFilter, PriceListWrite } from './storage.js';
import type { Clinic, Decision, IngestedFile, LearnedSynonym, Position, PriceList, Service, SkippedItem } from './records.js';

/** The current layout of the data; stored in the lowdb file for later migrations. */
export const STORE_DATA_VERSION = 1;

/** Everything a store holds. Collections keep insertion order. */
export interface StoreData {
  readonly version: typeof STORE_DATA_VERSION;
  readonly services: readonly Service[];
  readonly clinics: readonly Clinic[];
  readonly priceLists: readonly PriceList[];
  readonly positions: readonly Position[];
  readonly learnedSynonyms: readonly LearnedSynonym[];
  readonly skippedItems: readonly SkippedItem[];
  readonly ingestedFiles: readonly IngestedFile[];
  /** The verification queue's decision log, oldest first (storage/decisions.ts). */
  readonly decisions: readonly Decision[];
  /** Own properties only: read with `Object.hasOwn`, so `constructor` or `__proto__` are plain keys. */
  readonly settings: Readonly<Record<string, string>>;
}

/** A store with nothing in it. */
export function createEmptyStoreData(): StoreData {
  return {
    version: STORE_DATA_VERSION,
    services: [],
    clinics: [],
    priceLists: [],
    positions: [],
    learnedSynonyms: [],
    skippedItems: [],
    ingestedFiles: [],
    decisions: [],
    settings: {},
  };
}

/** Upserts services by `service_id`. */
export function withServices(data: StoreData, services: readonly Service[]): StoreData {
  return { ...data, services: upsertBy(data.services, services, (service) => service.service_id) };
}

/**
 * Upserts the clinic (by `clinic_id`), the price list (by `price_list_id`), the positions (by
 * `position_id`) and the ingested file (by `path`: the latest ingest of a path is the one that counts).
 */
export function withPriceList(data: StoreData, write: PriceListWrite): StoreData {
  const ingestedFile = write.ingestedFile;
  return {
    ...data,
    clinics: upsertBy(data.clinics, [write.clinic], (clinic) => clinic.clinic_id),
    priceLists: upsertBy(data.priceLists, [write.priceList], (list) => list.price_list_id),
    positions: upsertBy(data.positions, write.positions, (position) => position.position_id),
    ingestedFiles: ingestedFile
      ? upsertBy(data.ingestedFiles, [ingestedFile], (file) => file.path)
      : data.ingestedFiles,
  };
}

/** Replaces positions by `position_id`, in place; ids not stored are ignored (never added). */
export function withUpdatedPositions(data: StoreData, positions: readonly Position[]): StoreData {
  const byId = new Map(positions.map((position) => [position.position_id, position]));
  if (byId.size === 0) return data;
  return { ...data, positions: data.positions.map((old) => byId.get(old.position_id) ?? old) };
}

/** Upserts learned synonyms by `name_norm`: one decision per normalised name, the latest wins. */
export function withLearnedSynonyms(data: StoreData, synonyms: readonly LearnedSynonym[]): StoreData {
  return { ...data, learnedSynonyms: upsertBy(data.learnedSynonyms, synonyms, (synonym) => synonym.name_norm) };
}

/** Appends skipped items; the contract does not de-duplicate them. */
export function withSkippedItems(data: StoreData, items: readonly SkippedItem[]): StoreData {
  return { ...data, skippedItems: [...data.skippedItems, ...items] };
}

/** Upserts ingested files by `path` (the latest record of a path counts, as in {@link withPriceList}). */
export function withIngestedFiles(data: StoreData, files: readonly IngestedFile[]): StoreData {
  return { ...data, ingestedFiles: upsertBy(data.ingestedFiles, files, (file) => file.path) };
}

/** Sets one setting. */
export function withSetting(data: StoreData, key: string, value: string): StoreData {
  // NOTE: a computed key defines an own property even for `__proto__`, so no key can touch the prototype.
  return { ...data, settings: { ...data.settings, [key]: value } };
}

/** A setting's value, or `null` when never set. */
export function readSetting(data: StoreData, key: string): string | null {
  return Object.hasOwn(data.settings, key) ? (data.settings[key] ?? null) : null;
}

/** Positions matching every field given in `filter`, in stored order. */
export function filterPositions(data: StoreData, filter: PositionFilter = {}): Position[] {
  return data.positions.filter(
    (position) =>
      (filter.clinic_id === undefined || position.clinic_id === filter.clinic_id) &&
      (filter.service_id === undefined || position.service_id === filter.service_id) &&
      (filter.price_list_id === undefined || position.price_list_id === filter.price_list_id) &&
      (filter.status === undefined || position.status === filter.status),
  );
}

// ---- internal helpers ----

/**
 * Replaces items whose key is already stored (keeping their place) and appends the others, in order.
 * When `incoming` repeats a key, the last one wins, as if the items had been saved one by one.
 */
function upsertBy<T>(existing: readonly T[], incoming: readonly T[], keyOf: (item: T) => string): T[] {
  if (incoming.length === 0) return [...existing];
  const latest = new Map<string, T>();
  for (const item of incoming) latest.set(keyOf(item), item);
  const result = existing.map((item) => {
    const key = keyOf(item);
    const replacement = latest.get(key);
    if (replacement === undefined) return item;
    latest.delete(key);
    return replacement;
  });
  // What is left in `latest` is new; Map keeps the first-seen order of its keys.
  for (const item of latest.values()) result.push(item);
  return result;
}
