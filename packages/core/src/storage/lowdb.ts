/**
 * lowdb `Storage`: everything in memory, saved to one JSON file that is rewritten (atomically, by
 * lowdb's writer: temp file, then rename) on every change. Node only: import it from
 * `@pricecat/core/storage/lowdb`.
 *
 * @module
 */
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { PricecatError } from '../errors.js';
import type { DecisionWrite, PositionFilter, PriceListWrite, Storage } from './storage.js';
import { withDecision, withoutDecision } from './decisions.js';
import type { IngestedFile, LearnedSynonym, Position, Service, SkippedItem } from './records.js';
import {
  STORE_DATA_VERSION,
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

/** The name {@link createLowdbStorageInDir} gives the data file. */
export const LOWDB_FILE_NAME = 'pricecat.json';

/** Options of {@link createLowdbStorage}. */
export interface LowdbStorageOptions {
  /** The JSON file; its directory is created when missing, the file on the first change. */
  readonly file: string;
  /**
   * The lowdb adapter that reads and writes the data. Default: `new JSONFile(file)`. Pass one to wrap
   * the default (to count or log writes) or to keep the data elsewhere; `file` still names the data in
   * error messages.
   */
  readonly adapter?: Adapter<unknown>;
}

/**
 * Opens (or starts) the store kept in `options.file`. Async because the whole file is read and checked
 * up front: a damaged file fails here, with `PricecatError('STORAGE_FAILED')`, instead of on first use
 * or, worse, by starting empty and overwriting the user's data on the next write.
 *
 * Each mutating call is exactly one write of the whole file (so an ingest of 100k positions costs about
 * 0.3 s, STACK.md). Writes are queued, so overlapping calls never interleave. A failed write rejects
 * with `STORAGE_FAILED` and leaves the store holding what the file holds. Calls after `close()` reject.
 */
export async function createLowdbStorage(options: LowdbStorageOptions): Promise<Storage> {
  const { file } = options;
  try {
    await mkdir(dirname(file), { recursive: true });
  } catch (error) {
    throw new PricecatError(
      'STORAGE_FAILED',
      `Could not create the directory of the data file ${file}: ${messageOf(error)}. Check the path and its permissions.`,
      { cause: error },
    );
  }
  const db = new Low<unknown>(options.adapter ?? new JSONFile<unknown>(file), null);
  let committed = await readCommitted(db, file);
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  /** Reads the last committed data; rejects once the store is closed. */
  const read = async <T>(pick: (data: StoreData) => T): Promise<T> => {
    if (closed) throw closedError(file);
    return structuredClone(pick(committed));
  };

  /**
   * Queues one change: computed from the data committed when its turn comes (so overlapping calls all
   * land), written once, and only then made visible. On failure the old data stays current.
   */
  const change = (apply: (current: StoreData) => StoreData): Promise<void> => {
    if (closed) return Promise.reject(closedError(file));
    const run = queue.then(async () => {
      const next = apply(committed);
      db.data = next;
      try {
        await db.write();
      } catch (error) {
        db.data = committed;
        // lowdb's writer leaves its half-written temp file behind on failure; on a full disk it would
        // keep the space the user needs to recover (issue #18).
        await rm(writerTempFile(file), { force: true }).catch(() => {});
        throw new PricecatError(
          'STORAGE_FAILED',
          `Could not write the data file ${file}: ${messageOf(error)}. Nothing from this change was saved; ` +
            'check that the disk has space and the directory is writable, then try again.',
          { cause: error },
        );
      }
      committed = next;
    });
    // The queue must go on after a failed write; the caller still gets the rejection through `run`.
    queue = run.catch(() => {});
    return run;
  };

  const storage: Storage = {
    listServices: () => read((data) => [...data.services]),
    saveServices: (services: readonly Service[]) =>
      change((current) => withServices(current, structuredClone(services))),

    listClinics: () => read((data) => [...data.clinics]),

    savePriceList: (write: PriceListWrite) => change((current) => withPriceList(current, structuredClone(write))),
    listPriceLists: () => read((data) => [...data.priceLists]),

    listPositions: (filter?: PositionFilter) => read((data) => filterPositions(data, filter)),
    getPosition: (positionId: string) =>
      read((data) => data.positions.find((position) => position.position_id === positionId) ?? null),
    updatePositions: (positions: readonly Position[]) =>
      change((current) => withUpdatedPositions(current, structuredClone(positions))),

    listLearnedSynonyms: () => read((data) => [...data.learnedSynonyms]),
    saveLearnedSynonyms: (synonyms: readonly LearnedSynonym[]) =>
      change((current) => withLearnedSynonyms(current, structuredClone(synonyms))),

    listSkippedItems: () => read((data) => [...data.skippedItems]),
    saveSkippedItems: (items: readonly SkippedItem[]) =>
      change((current) => withSkippedItems(current, structuredClone(items))),

    listIngestedFiles: () => read((data) => [...data.ingestedFiles]),
    saveIngestedFiles: (files: readonly IngestedFile[]) =>
      change((current) => withIngestedFiles(current, structuredClone(files))),

    listDecisions: () => read((data) => [...data.decisions]),
    saveDecision: (write: DecisionWrite) => change((current) => withDecision(current, structuredClone(write))),
    revertDecision: (decisionId: string) => change((current) => withoutDecision(current, decisionId)),

    getSetting: (key: string) => read((data) => readSetting(data, key)),
    setSetting: (key: string, value: string) => change((current) => withSetting(current, key, value)),

    close: async () => {
      if (closed) return;
      closed = true;
      // Let queued writes finish, so whatever was accepted before close is on disk.
      await queue;
    },
  };
  return storage;
}

/** The store kept in `<dataDir>/pricecat.json`; see {@link createLowdbStorage}. */
export function createLowdbStorageInDir(dataDir: string): Promise<Storage> {
  return createLowdbStorage({ file: join(dataDir, LOWDB_FILE_NAME) });
}

// ---- internal helpers ----

/** Reads and checks the file; a missing file is an empty store, anything unreadable is an error. */
async function readCommitted(db: Low<unknown>, file: string): Promise<StoreData> {
  try {
    await db.read();
  } catch (error) {
    if (error instanceof SyntaxError) {
      throw new PricecatError(
        'STORAGE_FAILED',
        `The data file ${file} is not valid JSON (${error.message}); pricecat will not start over it and ` +
          'lose your data. Restore it from a backup, or move it away to start with an empty store.',
        { cause: error },
      );
    }
    throw new PricecatError(
      'STORAGE_FAILED',
      `Could not read the data file ${file}: ${messageOf(error)}. Check that it is a readable file.`,
      { cause: error },
    );
  }
  if (db.data === null) return createEmptyStoreData();
  return toStoreData(db.data, file);
}

/** Checks the parsed file; collections a file lacks start empty (so fields can be added later). */
function toStoreData(value: unknown, file: string): StoreData {
  const invalid = (why: string) =>
    new PricecatError(
      'STORAGE_FAILED',
      `The data file ${file} is not a pricecat data file (${why}); pricecat will not start over it and lose ` +
        'data. Restore it from a backup, or point pricecat at another file.',
    );
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('no top-level object');
  const record = value as Record<string, unknown>;
  if (typeof record.version === 'number' && record.version > STORE_DATA_VERSION) {
    throw new PricecatError(
      'STORAGE_FAILED',
      `The data file ${file} was written by a newer pricecat (data version ${record.version}, this one reads ` +
        `${STORE_DATA_VERSION}). Upgrade pricecat to open it.`,
    );
  }
  if (record.version !== STORE_DATA_VERSION) throw invalid(`"version" is ${JSON.stringify(record.version)}, not 1`);
  const data = createEmptyStoreData() as unknown as Record<string, unknown>;
  for (const [key, empty] of Object.entries(data)) {
    const stored = record[key];
    if (stored === undefined || key === 'version') continue;
    const fits = Array.isArray(empty)
      ? Array.isArray(stored)
      : typeof stored === 'object' && stored !== null && !Array.isArray(stored);
    if (!fits) throw invalid(`"${key}" has the wrong shape`);
    data[key] = stored;
  }
  return data as unknown as StoreData;
}

function closedError(file: string): PricecatError {
  return new PricecatError('STORAGE_FAILED', `The store of ${file} is closed; open it again to use it.`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The temp file lowdb's writer (steno) writes before renaming it over `file`: `<dir>/.<name>.tmp`. */
export function writerTempFile(file: string): string {
  return join(dirname(file), `.${basename(file)}.tmp`);
}
