/**
 * Moving a whole store into another one (the embedded lowdb store into PostgreSQL, `pricecat
 * migrate-store`): everything is read through the source's `Storage` interface and written through the
 * target's, price list by price list, so the target never holds a list without its positions.
 *
 * @module
 */
import { PricecatError } from '../errors.js';
import type { Decision } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import { LAST_SCAN_KEY } from './scan-report.js';
import { SETTING_KEYS } from './settings.js';
import { detail } from '../messages/message-catalogue.js';

/** A store that can take a decision log as it is (without applying the decisions again). */
export interface MoveTarget extends Storage {
  /** Appends logged decisions, oldest first, without touching positions, synonyms or skipped items. */
  appendDecisionLog(decisions: readonly Decision[]): Promise<void>;
}

/** What {@link moveStore} copied. */
export interface MoveStoreReport {
  readonly services: number;
  readonly clinics: number;
  readonly priceLists: number;
  readonly positions: number;
  readonly learnedSynonyms: number;
  readonly skippedItems: number;
  readonly ingestedFiles: number;
  readonly decisions: number;
  readonly settings: number;
}

/** The settings pricecat keeps (the `Storage` contract reads settings by key only). */
export const MOVED_SETTING_KEYS: readonly string[] = [SETTING_KEYS.watchFolder, SETTING_KEYS.scanInterval, LAST_SCAN_KEY];

/**
 * Copies everything `source` holds into the empty `target`; `onProgress` hears of each price list.
 * Refuses with `PricecatError('CONFLICT')`, before writing anything, when the target already holds
 * services, price lists or decisions: a move never merges two stores. Neither store is closed.
 */
export async function moveStore(
  source: Storage,
  target: MoveTarget,
  onProgress?: (done: number, total: number, fileName: string) => void,
): Promise<MoveStoreReport> {
  const [held, lists, decisions] = await Promise.all([targetContents(target), source.listPriceLists(), source.listDecisions()]);
  if (held) {
    throw new PricecatError(
      'CONFLICT',
      detail('TARGET_STORE_NOT_EMPTY', { held }),
    );
  }
  const services = await source.listServices();
  await target.saveServices(services);

  const clinics = new Map((await source.listClinics()).map((clinic) => [clinic.clinic_id, clinic]));
  const files = await source.listIngestedFiles();
  let positions = 0;
  for (const [index, priceList] of lists.entries()) {
    const clinic = clinics.get(priceList.clinic_id);
    if (!clinic) {
      throw new PricecatError(
        'STORAGE_FAILED',
        detail('SOURCE_CLINIC_MISSING', { list: priceList.price_list_id, file: priceList.file_name, clinic: priceList.clinic_id }),
      );
    }
    const listPositions = await source.listPositions({ price_list_id: priceList.price_list_id });
    await target.savePriceList({ clinic, priceList, positions: listPositions });
    positions += listPositions.length;
    onProgress?.(index + 1, lists.length, priceList.file_name);
  }
  // Every ingested file in its order, those without a list (a watched ZIP, an unreadable file) included.
  await target.saveIngestedFiles(files);

  const synonyms = await source.listLearnedSynonyms();
  await target.saveLearnedSynonyms(synonyms);
  const skipped = await source.listSkippedItems();
  await target.saveSkippedItems(skipped);
  await target.appendDecisionLog(decisions);

  let settings = 0;
  for (const key of MOVED_SETTING_KEYS) {
    const value = await source.getSetting(key);
    if (value === null) continue;
    await target.setSetting(key, value);
    settings += 1;
  }
  return {
    services: services.length,
    // NOTE: the contract writes a clinic only with a price list, so a clinic without one is not moved.
    clinics: new Set(lists.map((list) => list.clinic_id)).size,
    priceLists: lists.length,
    positions,
    learnedSynonyms: synonyms.length,
    skippedItems: skipped.length,
    ingestedFiles: files.length,
    decisions: decisions.length,
    settings,
  };
}

// ---- internal helpers ----

/** What the target holds, in words, or `null` when it is empty. */
async function targetContents(target: Storage): Promise<string | null> {
  const [services, lists, decisions] = await Promise.all([target.listServices(), target.listPriceLists(), target.listDecisions()]);
  const parts = [
    lists.length > 0 ? `прайс-листов: ${lists.length}` : '',
    services.length > 0 ? `услуг: ${services.length}` : '',
    decisions.length > 0 ? `решений: ${decisions.length}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}
