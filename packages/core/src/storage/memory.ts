/**
 * In-memory `Storage`: nothing is written anywhere and everything is gone when the process ends.
 * The default store of `createCatalogue()` and the store of use-case tests.
 */
import type { DecisionPageQuery, DecisionWrite, PositionFilter, PriceListWrite, Storage } from './storage.js';
import { lastDecisionAbout, pageOfDecisions, withDecision, withoutDecision } from './decisions.js';
import type { Decision, IngestedFile, LearnedSynonym, Position, Service, SkippedItem } from './records.js';
import {
  createEmptyStoreData,
  filterPositions,
  readSetting,
  withIngestedFiles,
  withLearnedSynonyms,
  withPriceList,
  withServices,
  withSetting,
  withSkippedItems,
  withUpdatedPositions,
  type StoreData,
} from './store-data.js';

/**
 * Creates an empty in-memory store.
 *
 * Records are copied with `structuredClone` on the way in and on the way out, so neither the objects a
 * caller saved nor the ones it read can change what the store holds. Every change is synchronous, so
 * overlapping calls cannot interleave.
 */
export function createMemoryStorage(): Storage {
  let data: StoreData = createEmptyStoreData();

  /** Applies one change; the store stays usable after `close()` (there is nothing to release). */
  const change = async (apply: (current: StoreData) => StoreData): Promise<void> => {
    data = apply(data);
  };

  const storage: Storage = {
    listServices: async () => copy(data.services),
    saveServices: (services: readonly Service[]) =>
      change((current) => withServices(current, copy(services))),

    listClinics: async () => copy(data.clinics),

    savePriceList: (write: PriceListWrite) => change((current) => withPriceList(current, copy(write))),
    listPriceLists: async () => copy(data.priceLists),

    listPositions: async (filter?: PositionFilter) => copy(filterPositions(data, filter)),
    getPosition: async (positionId: string) => {
      const found = data.positions.find((position) => position.position_id === positionId);
      return found ? copy(found) : null;
    },
    updatePositions: (positions: readonly Position[]) =>
      change((current) => withUpdatedPositions(current, copy(positions))),

    listLearnedSynonyms: async () => copy(data.learnedSynonyms),
    getLearnedSynonym: async (nameNorm: string) => copy(data.learnedSynonyms.find((s) => s.name_norm === nameNorm) ?? null),
    saveLearnedSynonyms: (synonyms: readonly LearnedSynonym[]) =>
      change((current) => withLearnedSynonyms(current, copy(synonyms))),

    listSkippedItems: async () => copy(data.skippedItems),
    saveSkippedItems: (items: readonly SkippedItem[]) =>
      change((current) => withSkippedItems(current, copy(items))),

    listIngestedFiles: async () => copy(data.ingestedFiles),
    saveIngestedFiles: (files: readonly IngestedFile[]) =>
      change((current) => withIngestedFiles(current, copy(files))),

    listDecisions: async () => copy(data.decisions),
    lastDecision: async () => copy(data.decisions.at(-1) ?? null),
    lastDecisionAbout: async (positionId: string, action: Decision['action']) => copy(lastDecisionAbout(data.decisions, positionId, action)),
    decisionPage: async (query: DecisionPageQuery) => copy(pageOfDecisions(data.decisions, query)),
    getDecision: async (decisionId: string) => copy(data.decisions.find((d) => d.decision_id === decisionId) ?? null),
    listBatchDecisions: async (batchId: string) => copy(data.decisions.filter((d) => d.batch_id === batchId)),
    saveDecision: (write: DecisionWrite) => change((current) => withDecision(current, copy(write))),
    revertDecision: (decisionId: string) => change((current) => withoutDecision(current, decisionId)),

    getSetting: async (key: string) => readSetting(data, key),
    setSetting: (key: string, value: string) => change((current) => withSetting(current, key, value)),

    close: async () => {},
  };
  return storage;
}

// ---- internal helpers ----

/** A deep copy whose readonly-ness is dropped: callers own what they read. */
function copy<T>(value: T): Mutable<T> {
  return structuredClone(value) as Mutable<T>;
}

/** `readonly T[]` → `T[]`, so list methods can return arrays the caller owns. */
type Mutable<T> = T extends readonly (infer Item)[] ? Item[] : T;
