/**
 * lowdb `Storage`, the embedded default: a data directory with a small catalogue file and one file per
 * price list, everything also held in memory (with the query port's indexes). Node only: import it from
 * `@pricecat/core/storage/lowdb`.
 *
 * ```
 * <dir>/pricecat.lock                 the owner: pid, host, URL, start time (data-dir-lock.ts)
 * <dir>/catalogue.json                services, clinics, price lists, synonyms, skipped items, ingested
 *                                     files, decisions, settings, and which list file holds each list
 * <dir>/lists/<list id>.<gen>.json    one price list's positions, compact (compact-records.ts)
 * ```
 *
 * A write rewrites only what it touches: the files of the lists whose positions it changes (under a new
 * name), then `catalogue.json`, which is the commit point, then removes the superseded list files. Each
 * file is written atomically and fsync'ed (durable-json-file.ts). A crash at any moment leaves the last
 * committed state: list files `catalogue.json` does not name are leftovers and are removed at start.
 *
 * @module
 */
import { mkdir, open, readdir, readFile, rename, stat, truncate, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Low } from 'lowdb';
import { PricecatError } from '../errors.js';
import { LIST_FILE_VERSION, createInterner, fromListFile, toListFile, toStoredDecision, fromStoredDecision, type ListFile, type StoredDecision } from './compact-records.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { lastDecisionAbout, withDecision, withoutDecision } from './decisions.js';
import { CorruptFileError, DurableJsonFile, syncDirectory, writeFileDurably } from './durable-json-file.js';
import { keepForUpgrade, upgradeBatches } from './list-file-upgrade.js';
import { createMemoryQueryPort } from './memory-query-port.js';
import type { StoreChange } from './query-port.js';
import type { Decision, IngestedFile, LearnedSynonym, Position, Service, SkippedItem } from './records.js';
import type { DecisionWrite, PositionFilter, PriceListWrite, Storage } from './storage.js';
import {
  STORE_DATA_VERSION,
  createEmptyStoreData,
  readSetting,
  withIngestedFiles,
  withLearnedSynonyms,
  withPriceList,
  withServices,
  withSetting,
  withSkippedItems,
  type StoreData,
} from './store-data.js';
import { detail } from '../messages/message-catalogue.js';

/** The catalogue file's name in the data directory. */
export const CATALOGUE_FILE_NAME = 'catalogue.json';
/** The folder of the list files. */
export const LISTS_DIR_NAME = 'lists';
/** The single-file store of pricecat before 0.2 (`STORE_DATA_VERSION` 1); migrated on open. */
export const LEGACY_FILE_NAME = 'pricecat.json';
/** @deprecated the single file is gone; kept for imports of the old name. */
export const LOWDB_FILE_NAME = LEGACY_FILE_NAME;
/** Layout version of `catalogue.json`. */
export const CATALOGUE_FILE_VERSION = 2;

/** Options of {@link createLowdbStorage}. */
export interface LowdbStorageOptions {
  /** The data directory; created when missing. */
  readonly dir: string;
  /**
   * Take the directory's lock file, so a second process cannot write the same data (data-dir-lock.ts).
   * @default true; `false` only for tools that know no other process runs
   */
  readonly lock?: boolean;
  /**
   * Journal size (bytes) past which the lists it touches are rewritten and it starts over. Larger: fewer
   * rewrites, a longer replay at start. @default 8 MiB
   */
  readonly journalLimit?: number;
  /**
   * After a start that read list files of an older layout (version 2), rewrite them in the current one, in
   * queued batches, keeping the old files in `lists.v2-backup/` (list-file-upgrade.ts). @default true
   */
  readonly upgradeLists?: boolean;
}

/** The lowdb store, with what only the embedded store has. */
export interface LowdbStorage extends Storage {
  /** Records the URL this process serves at in the lock file, so a second writer's error names it. */
  setOwnerUrl(url: string): Promise<void>;
  /**
   * Settles once the list files of an older layout read at start are rewritten in the current one (at once
   * when there were none; also when the rewrite stopped: a failed or closed store rewrites what is left at the
   * next start).
   */
  whenUpgraded(): Promise<void>;
}

/** What `catalogue.json` holds. */
interface CatalogueFile extends Omit<StoreData, 'version' | 'positions' | 'decisions'> {
  readonly version: typeof CATALOGUE_FILE_VERSION;
  readonly decisions: readonly StoredDecision[];
  /** `[price_list_id, file name under lists/]`, in ingest order. */
  readonly list_files: readonly (readonly [string, string])[];
  /** The journal and how many of its bytes are committed (what lies beyond was never committed). */
  readonly journal?: JournalRef;
}

/** Where the journal is and how much of it counts. */
interface JournalRef {
  readonly file: string;
  readonly length: number;
}

const EMPTY_JOURNAL: JournalRef = { file: 'journal.jsonl', length: 0 };

/**
 * One line of the journal: for each list, the name of the list file it applies to (an entry for an older
 * file of the list is void: that file was rewritten with the change in it) and the changed positions (a list
 * file's content without its `fields`).
 */
type JournalEntry = [listFile: string, positions: ListFile][];

/**
 * Opens (or starts) the store in `options.dir`: takes the lock, migrates a single-file store of an older
 * pricecat (kept as `pricecat.json.v1-backup`), reads every file and checks it. A truncated or corrupt
 * file fails here with `STORAGE_FAILED` naming the file, and nothing is overwritten.
 *
 * Writes are queued, so overlapping calls never interleave; a failed write rejects with `STORAGE_FAILED`
 * and leaves the store as it was. Calls after `close()` reject.
 */
export async function createLowdbStorage(options: LowdbStorageOptions): Promise<LowdbStorage> {
  const { dir } = options;
  const listsDir = join(dir, LISTS_DIR_NAME);
  try {
    await mkdir(listsDir, { recursive: true });
  } catch (error) {
    throw new PricecatError(
      'STORAGE_FAILED',
      detail('DATA_DIR_CREATE_FAILED', { dir, why: messageOf(error) }),
      { cause: error },
    );
  }
  const lock = options.lock === false ? null : await acquireDataDirLock(dir);
  let state: Loaded;
  try {
    state = await loadDirectory(dir);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  return openLoaded(dir, state, lock, options.journalLimit ?? JOURNAL_LIMIT, options.upgradeLists ?? true);
}

/** The store in `dataDir`; see {@link createLowdbStorage}. */
export function createLowdbStorageInDir(dataDir: string): Promise<LowdbStorage> {
  return createLowdbStorage({ dir: dataDir });
}

// ---- internal helpers ----

interface Loaded {
  /** Everything but the decisions, which are resolved against the positions once they are indexed. */
  meta: StoreData;
  storedDecisions: readonly StoredDecision[];
  listFiles: Map<string, string>;
  positions: Position[];
  journal: JournalRef;
  journaledLists: string[];
  /** Lists whose file has an older layout (rewritten after the start). */
  olderLists: string[];
}

/** One planned write: the new metadata, the new content of each changed list, what the read side learns. */
interface Plan {
  readonly meta: StoreData;
  /** Lists written whole (an ingest; a compaction): their full new content. */
  readonly lists: ReadonlyMap<string, readonly Position[]>;
  /** Positions changed in place (a decision, an undo, an update), by list: appended to the journal. */
  readonly patches?: ReadonlyMap<string, readonly Position[]>;
  /** Start a new, empty journal (a compaction: `lists` then holds every list the old journal touched). */
  readonly newJournal?: boolean;
  readonly changes: readonly StoreChange[];
}

/** Past this many bytes of journal, the lists it touches are rewritten and the journal starts over. */
const JOURNAL_LIMIT = 8 * 1024 * 1024;

function openLoaded(dir: string, loaded: Loaded, lock: DataDirLock | null, journalLimit: number, upgradeLists: boolean): LowdbStorage {
  const catalogue = new Low<CatalogueFile | null>(new DurableJsonFile<CatalogueFile | null>(join(dir, CATALOGUE_FILE_NAME)), null);
  const port = createMemoryQueryPort({ ...loaded.meta, positions: loaded.positions });
  // The port's index by id resolves the decisions' positions (no second map of a million ids); the stored
  // form read is kept, so the first write does not convert the whole log again.
  const stored = new WeakMap<Decision, StoredDecision>();
  const decisions = loaded.storedDecisions.map((compact) => {
    const decision = fromStoredDecision(compact, (id) => port.peek(id));
    stored.set(decision, compact);
    return decision;
  });
  let meta: StoreData = { ...loaded.meta, decisions };
  let listFiles = loaded.listFiles;
  let journal = loaded.journal;
  /** Lists with journal entries since the last compaction. */
  const journaled = new Set(loaded.journaledLists);
  let compacting = false;
  /** The names of the list files of an older layout not yet rewritten. */
  const olderFiles = new Set(loaded.olderLists.flatMap((id) => loaded.listFiles.get(id) ?? []));
  let servicesById: ReadonlyMap<string, Service> = new Map(meta.services.map((s) => [s.service_id, s]));
  let generation = 0;
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  const listPositions = (listId: string): readonly Position[] => port.listOf(listId);
  /** Positions by id: the records the port holds (shared, never mutated); the port is the only copy. */
  const positionById = { get: (id: string) => port.peek(id) ?? undefined };

  const read = async <T>(pick: () => T): Promise<Mutable<T>> => {
    if (closed) throw closedError(dir);
    return structuredClone(pick()) as Mutable<T>;
  };

  /** Queues one write: planned from the committed state when its turn comes, written, then made visible. */
  const change = (planOf: () => Plan): Promise<void> => {
    if (closed) return Promise.reject(closedError(dir));
    const run = queue.then(async () => {
      const plan = planOf();
      const nextFiles = new Map(listFiles);
      const superseded: string[] = [];
      let nextJournal = journal;
      let appended = false;
      try {
        // A file of the older layout is kept in the backup folder before anything replaces it.
        const older = [...plan.lists.keys()].flatMap((listId) => listFiles.get(listId) ?? []).filter((name) => olderFiles.has(name));
        if (older.length > 0) {
          await keepForUpgrade(dir, older.map((name) => join(dir, LISTS_DIR_NAME, name)), join(dir, CATALOGUE_FILE_NAME), join(dir, journal.file));
        }
        const services = servicesFor(plan.meta);
        const written: Promise<void>[] = [];
        for (const [listId, positions] of plan.lists) {
          const name = `${safeName(listId)}.${Date.now().toString(36)}${(generation++).toString(36)}.json`;
          const clinicId = positions[0]?.clinic_id ?? '';
          // The lists a write touches are written side by side (their fsyncs overlap); the commit waits for all.
          written.push(writeFileDurably(join(dir, LISTS_DIR_NAME, name), JSON.stringify(toListFile(listId, clinicId, positions, services))));
          const old = nextFiles.get(listId);
          if (old) superseded.push(old);
          nextFiles.set(listId, name);
        }
        const results = await Promise.allSettled(written);
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) {
          for (const [listId, name] of nextFiles) {
            if (listFiles.get(listId) !== name) await unlink(join(dir, LISTS_DIR_NAME, name)).catch(() => undefined);
          }
          throw failed.reason;
        }
        if (plan.newJournal) {
          nextJournal = { file: `journal.${Date.now().toString(36)}${(generation++).toString(36)}.jsonl`, length: 0 };
        } else if (plan.patches && plan.patches.size > 0) {
          // A decision is one line of the journal (only the positions it changed), not a rewrite of its lists.
          const entry: JournalEntry = [...plan.patches].map(([listId, positions]) => [
            nextFiles.get(listId) ?? '',
            // The field names are left out: the list file has them, and a decision is a short line.
            withoutFields(toListFile(listId, positions[0]?.clinic_id ?? '', positions, services)),
          ]);
          const line = `${JSON.stringify(entry)}\n`;
          await appendDurably(join(dir, journal.file), line);
          appended = true;
          nextJournal = { file: journal.file, length: journal.length + Buffer.byteLength(line) };
        }
        catalogue.data = toCatalogueFile(plan.meta, nextFiles, stored, nextJournal);
        await catalogue.write();
      } catch (error) {
        // The journal's uncommitted tail must go before the next entry is appended after it.
        if (appended) await truncate(join(dir, journal.file), journal.length).catch(() => undefined);
        throw new PricecatError(
          'STORAGE_FAILED',
          detail('DATA_DIR_WRITE_FAILED', { dir, why: messageOf(error) }),
          { cause: error },
        );
      }
      // Committed: make it visible.
      servicesById = servicesFor(plan.meta);
      meta = plan.meta;
      listFiles = nextFiles;
      for (const listId of plan.lists.keys()) journaled.delete(listId);
      for (const listId of plan.patches?.keys() ?? []) journaled.add(listId);
      for (const c of plan.changes) port.apply(c);
      const oldJournal = journal;
      journal = nextJournal;
      if (plan.newJournal) {
        compacting = false;
        await unlink(join(dir, oldJournal.file)).catch(() => undefined);
      }
      for (const name of superseded) {
        olderFiles.delete(name);
        await unlink(join(dir, LISTS_DIR_NAME, name)).catch(() => undefined);
      }
      if (journal.length > journalLimit && !compacting && !closed) {
        compacting = true;
        // Queued after this write; its failure leaves the journal as it is (still valid) for a later try.
        change(() => ({
          meta,
          lists: new Map([...journaled].map((id) => [id, [...listPositions(id)]])),
          newJournal: true,
          changes: [],
        })).catch(() => {
          compacting = false;
        });
      }
    });
    queue = run.catch(() => {});
    return run;
  };
  const servicesFor = (next: StoreData): ReadonlyMap<string, Service> =>
    next.services === meta.services ? servicesById : new Map(next.services.map((s) => [s.service_id, s]));

  /**
   * A write of positions changed in place: grouped by the list each is stored in (unknown ids are left
   * out), journaled, and the same records given to the read side.
   */
  const patchPlan = (next: StoreData, positions: readonly Position[]): Plan => {
    const patches = new Map<string, Position[]>();
    for (const position of positions) {
      const old = positionById.get(position.position_id);
      if (!old) continue;
      // NOTE: a position never moves to another list; its list is the one it was saved with.
      pushTo(patches, old.price_list_id, { ...position, price_list_id: old.price_list_id });
    }
    return { meta: next, lists: new Map(), patches, changes: [{ type: 'positions', positions: [...patches.values()].flat() }] };
  };
  const metaOnly = (next: StoreData, changes: StoreChange[] = []): Plan => ({ meta: next, lists: new Map(), changes });

  /** Rewrites the lists read in an older layout, batch after batch, each a queued write (stops at the first failure). */
  const upgrade = async (listIds: readonly string[]): Promise<void> => {
    for (const batch of upgradeBatches(listIds, (id) => port.listOf(id).length)) {
      if (closed) return;
      await change(() => ({
        meta,
        lists: new Map(batch.filter((id) => listFiles.has(id)).map((id) => [id, [...listPositions(id)]])),
        changes: [],
      }));
    }
  };
  const upgraded = upgradeLists && loaded.olderLists.length > 0 ? upgrade(loaded.olderLists).catch(() => undefined) : Promise.resolve();

  const storage: LowdbStorage = {
    queries: port,
    listServices: () => read(() => meta.services),
    saveServices: (services: readonly Service[]) => {
      const copy = structuredClone(services);
      return change(() => metaOnly(withServices(meta, copy), [{ type: 'services', services: copy }]));
    },
    listClinics: () => read(() => meta.clinics),
    savePriceList: (write: PriceListWrite) => {
      const copy = structuredClone(write);
      return change(() => {
        const lists = new Map<string, Position[]>();
        for (const position of copy.positions) {
          let list = lists.get(position.price_list_id);
          if (!list) lists.set(position.price_list_id, (list = [...listPositions(position.price_list_id)]));
          const at = list.findIndex((p) => p.position_id === position.position_id);
          if (at >= 0) list[at] = position;
          else list.push(position);
        }
        return { meta: withPriceList(meta, { ...copy, positions: [] }), lists, changes: [{ type: 'price-list', write: copy }] };
      });
    },
    listPriceLists: () => read(() => meta.priceLists),
    listPositions: async (filter?: PositionFilter) => {
      if (closed) throw closedError(dir);
      return structuredClone((await port.findPositions(filter ?? {})).items) as Position[];
    },
    getPosition: (positionId: string) => read(() => positionById.get(positionId) ?? null),
    updatePositions: (positions: readonly Position[]) => {
      const copy = structuredClone(positions);
      return change(() => patchPlan(meta, copy));
    },
    listLearnedSynonyms: () => read(() => meta.learnedSynonyms),
    getLearnedSynonym: (nameNorm: string) => read(() => meta.learnedSynonyms.find((s) => s.name_norm === nameNorm) ?? null),
    saveLearnedSynonyms: (synonyms: readonly LearnedSynonym[]) => {
      const copy = structuredClone(synonyms);
      return change(() => metaOnly(withLearnedSynonyms(meta, copy)));
    },
    listSkippedItems: () => read(() => meta.skippedItems),
    saveSkippedItems: (items: readonly SkippedItem[]) => {
      const copy = structuredClone(items);
      return change(() => metaOnly(withSkippedItems(meta, copy)));
    },
    listIngestedFiles: () => read(() => meta.ingestedFiles),
    saveIngestedFiles: (files: readonly IngestedFile[]) => {
      const copy = structuredClone(files);
      return change(() => metaOnly(withIngestedFiles(meta, copy)));
    },
    listDecisions: () => read(() => meta.decisions),
    lastDecision: () => read(() => meta.decisions.at(-1) ?? null),
    lastDecisionAbout: (positionId: string, action: Decision['action']) => read(() => lastDecisionAbout(meta.decisions, positionId, action)),
    saveDecision: (write: DecisionWrite) => {
      const copy = structuredClone(write);
      return change(() => patchPlan(withDecision(meta, { decision: copy.decision, positions: [] }), copy.positions));
    },
    revertDecision: (decisionId: string) =>
      change(() => {
        const decision = meta.decisions.find((d) => d.decision_id === decisionId);
        if (!decision) return metaOnly(meta);
        const current = decision.previous.flatMap((p) => positionById.get(p.position_id) ?? []);
        const next = withoutDecision({ ...meta, positions: current }, decisionId);
        const restored = next.positions.filter((p, i) => p !== current[i]);
        return patchPlan({ ...next, positions: [] }, restored);
      }),
    getSetting: (key: string) => read(() => readSetting(meta, key)),
    setSetting: (key: string, value: string) => change(() => metaOnly(withSetting(meta, key, value))),
    whenUpgraded: () => upgraded,
    setOwnerUrl: async (url: string) => {
      await lock?.setUrl(url);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      // Let queued writes finish, so whatever was accepted before close is on disk.
      await queue;
      await lock?.release();
    },
  };
  return storage;
}

function toCatalogueFile(
  meta: StoreData,
  listFiles: ReadonlyMap<string, string>,
  stored: WeakMap<Decision, StoredDecision>,
  journal: JournalRef,
): CatalogueFile {
  const { version: _version, positions: _positions, decisions, ...rest } = meta;
  return {
    version: CATALOGUE_FILE_VERSION,
    ...rest,
    decisions: decisions.map((d) => {
      let compact = stored.get(d);
      if (!compact) stored.set(d, (compact = toStoredDecision(d)));
      return compact;
    }),
    list_files: [...listFiles],
    journal,
  };
}

/** Reads the directory (migrating a legacy single file first); every problem names its file. */
async function loadDirectory(dir: string): Promise<Loaded> {
  const catalogueFile = join(dir, CATALOGUE_FILE_NAME);
  let file = await readJson<CatalogueFile>(catalogueFile);
  if (file === null) {
    const legacy = await readLegacy(join(dir, LEGACY_FILE_NAME));
    if (legacy === null) {
      return { meta: createEmptyStoreData(), storedDecisions: [], listFiles: new Map(), positions: [], journal: EMPTY_JOURNAL, journaledLists: [], olderLists: [] };
    }
    await migrateLegacy(dir, legacy);
    file = await readJson<CatalogueFile>(catalogueFile);
    if (file === null) throw new PricecatError('STORAGE_FAILED', detail('MIGRATION_NOT_WRITTEN', { file: catalogueFile }));
  }
  const meta = checkCatalogue(file, catalogueFile);
  const servicesById = new Map(meta.services.map((s) => [s.service_id, s]));
  const listFiles = new Map<string, string>(file.list_files);
  // The journal first (it is small): its changes are put in while each list is read.
  const journal = file.journal ?? EMPTY_JOURNAL;
  const replay = await readJournal(dir, journal, listFiles, servicesById);
  const positions: Position[] = [];
  const olderLists: string[] = [];
  // Texts and candidate lists repeat across lists (each version of a clinic's list repeats its names).
  const interner = createInterner();
  const paths = [...listFiles].map(([listId, name]) => ({ listId, path: join(dir, LISTS_DIR_NAME, name) }));
  // The next file's bytes are read from disk while this one is converted.
  let next = paths.length > 0 ? readBytes(paths[0]!.path) : null;
  for (let i = 0; i < paths.length; i++) {
    const { listId, path } = paths[i]!;
    const bytes = await next!;
    next = i + 1 < paths.length ? readBytes(paths[i + 1]!.path) : null;
    // A failed read ahead is reported when its turn comes, not as an unhandled rejection meanwhile.
    next?.catch(() => undefined);
    if (bytes === null) {
      throw new PricecatError(
        'STORAGE_FAILED',
        detail('LIST_FILE_MISSING', { path, list: listId, catalogue: catalogueFile }),
      );
    }
    const patched = replay.patches.get(listId);
    try {
      // Parsed here, not in the read ahead: one list's parse is alive at a time (measured: 0.2 GiB less RSS at 1M).
      const list = parseJson<ListFile>(path, bytes);
      refuseNewerList(list, path);
      if (list.version < LIST_FILE_VERSION) olderLists.push(listId);
      for (const p of fromListFile(list, servicesById, interner)) positions.push(patched?.get(p.position_id) ?? p);
    } catch (error) {
      throw error instanceof PricecatError ? error : corrupt(path, messageOf(error), error);
    }
  }
  // What lies beyond the committed part of the journal (a write killed before its commit) is cut off.
  if (replay.bytes > journal.length) await truncate(join(dir, journal.file), journal.length);
  await removeLeftovers(dir, new Set(listFiles.values()), journal);
  return { meta, storedDecisions: file.decisions ?? [], listFiles, positions, journal, journaledLists: [...replay.patches.keys()], olderLists };
}

/** A list file's content without its `fields` (the names of the row fields), for a journal entry. */
function withoutFields(list: ListFile): ListFile {
  const { fields: _fields, ...rest } = list;
  return rest as ListFile;
}

/** A list file (or journal entry) of a newer layout is refused, not misread. */
function refuseNewerList(list: ListFile, path: string): void {
  const version = (list as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > LIST_FILE_VERSION) {
    throw new PricecatError('STORAGE_FAILED', detail('DATA_FILE_NEWER', { path, version: String(version), known: LIST_FILE_VERSION }));
  }
}

function checkCatalogue(file: CatalogueFile, path: string): StoreData {
  if (typeof file !== 'object' || file === null || Array.isArray(file)) throw corrupt(path, 'нет объекта верхнего уровня');
  if (typeof file.version === 'number' && file.version > CATALOGUE_FILE_VERSION) {
    throw new PricecatError(
      'STORAGE_FAILED',
      detail('DATA_FILE_NEWER', { path, version: String(file.version), known: CATALOGUE_FILE_VERSION }),
    );
  }
  if (file.version !== CATALOGUE_FILE_VERSION) throw corrupt(path, `«version» равно ${JSON.stringify(file.version)}, а не ${CATALOGUE_FILE_VERSION}`);
  if (!Array.isArray(file.list_files)) throw corrupt(path, 'нет «list_files»');
  const data = createEmptyStoreData() as unknown as Record<string, unknown>;
  const record = file as unknown as Record<string, unknown>;
  for (const [key, empty] of Object.entries(data)) {
    const value = record[key];
    if (value === undefined || key === 'version' || key === 'positions' || key === 'decisions') continue;
    const fits = Array.isArray(empty) ? Array.isArray(value) : typeof value === 'object' && value !== null && !Array.isArray(value);
    if (!fits) throw corrupt(path, `у «${key}» неверная структура`);
    data[key] = value;
  }
  return data as unknown as StoreData;
}

/** A file's bytes, or null when it does not exist. */
async function readBytes(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new PricecatError('STORAGE_FAILED', `Could not read ${path}: ${messageOf(error)}. Check that it is a readable file.`, { cause: error });
  }
}

/** The JSON in `bytes` (the file at `path`); a damaged file is refused naming it. */
function parseJson<T>(path: string, bytes: Buffer): T {
  // NOTE: one decode of the whole buffer, as in DurableJsonFile.read.
  const text = bytes.toString('utf-8');
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw corrupt(path, `not valid JSON (${messageOf(error)}; ${text.length} characters)`, error);
  }
}

async function readJson<T>(path: string): Promise<T | null> {
  try {
    return await new DurableJsonFile<T>(path).read();
  } catch (error) {
    if (error instanceof CorruptFileError) throw corrupt(path, error.message.slice(path.length + 2), error);
    throw new PricecatError('STORAGE_FAILED', detail('DATA_FILE_UNREADABLE', { path, why: messageOf(error) }), { cause: error });
  }
}

/** The single-file store of an older pricecat, or null when there is none. */
async function readLegacy(path: string): Promise<StoreData | null> {
  let value: unknown;
  try {
    value = await new DurableJsonFile<unknown>(path).read();
  } catch (error) {
    if (error instanceof RangeError) {
      throw new PricecatError(
        'STORAGE_FAILED',
        detail('DATA_FILE_TOO_LARGE', { path, why: messageOf(error) }),
        { cause: error },
      );
    }
    if (error instanceof CorruptFileError) throw corrupt(path, error.message.slice(path.length + 2), error);
    throw error;
  }
  if (value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record !== 'object' || record === null || record.version !== STORE_DATA_VERSION) {
    throw corrupt(path, `«version» равно ${JSON.stringify(record?.version)}, а не ${STORE_DATA_VERSION}`);
  }
  const data = createEmptyStoreData() as unknown as Record<string, unknown>;
  for (const key of Object.keys(data)) if (key !== 'version' && record[key] !== undefined) data[key] = record[key];
  return data as unknown as StoreData;
}

/**
 * Converts a single-file store: list files first, then `catalogue.json` (the commit), then the old file is
 * renamed to `pricecat.json.v1-backup` (never deleted). A crash before the commit leaves the old file in
 * charge; after it, the old file is only a backup.
 */
async function migrateLegacy(dir: string, legacy: StoreData): Promise<void> {
  const servicesById = new Map(legacy.services.map((s) => [s.service_id, s]));
  const byList = new Map<string, Position[]>();
  for (const p of legacy.positions) pushTo(byList, p.price_list_id, p);
  const listFiles = new Map<string, string>();
  for (const [listId, positions] of byList) {
    const name = `${safeName(listId)}.m${listFiles.size.toString(36)}.json`;
    await writeFileDurably(join(dir, LISTS_DIR_NAME, name), JSON.stringify(toListFile(listId, positions[0]!.clinic_id, positions, servicesById)));
    listFiles.set(listId, name);
  }
  await writeFileDurably(join(dir, CATALOGUE_FILE_NAME), JSON.stringify(toCatalogueFile(legacy, listFiles, new WeakMap(), EMPTY_JOURNAL)));
  const legacyPath = join(dir, LEGACY_FILE_NAME);
  let backup = `${legacyPath}.v1-backup`;
  if (await exists(backup)) backup = `${backup}-${Date.now()}`;
  await rename(legacyPath, backup);
}

/** The committed changes of the journal, by list and position id, and the journal's size on disk. */
interface JournalReplay {
  readonly patches: Map<string, Map<string, Position>>;
  readonly bytes: number;
}

/**
 * Reads the committed part of the journal: for each list, the latest journaled record of each position
 * (entries for an older file of a list are void). A damaged committed entry is refused; what lies beyond
 * the committed length is left for the caller to cut off once every file has been read.
 */
async function readJournal(
  dir: string,
  journal: JournalRef,
  listFiles: ReadonlyMap<string, string>,
  services: ReadonlyMap<string, Service>,
): Promise<JournalReplay> {
  const path = join(dir, journal.file);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && journal.length === 0) return { patches: new Map(), bytes: 0 };
    throw new PricecatError(
      'STORAGE_FAILED',
      detail('JOURNAL_UNREADABLE', { path, catalogue: join(dir, CATALOGUE_FILE_NAME), why: messageOf(error) }),
      { cause: error },
    );
  }
  if (bytes.length < journal.length) throw corrupt(path, `${bytes.length} байт, а записано было ${journal.length}`);
  const patches = new Map<string, Map<string, Position>>();
  const lines = bytes.subarray(0, journal.length).toString('utf-8').split('\n');
  lines.forEach((line, index) => {
    if (line === '') return;
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
      for (const [listFile, list] of entry) {
        refuseNewerList(list, path);
        if (listFiles.get(list.price_list_id) !== listFile) continue;
        let patch = patches.get(list.price_list_id);
        if (!patch) patches.set(list.price_list_id, (patch = new Map()));
        for (const p of fromListFile(list, services)) patch.set(p.position_id, p);
      }
    } catch (error) {
      throw error instanceof PricecatError ? error : corrupt(path, `строка ${index + 1}: ${messageOf(error)}`, error);
    }
  });
  return { patches, bytes: bytes.length };
}

/** Appends `text` to `file` and fsyncs it (and the directory when the file is new). */
async function appendDurably(file: string, text: string): Promise<void> {
  const created = !(await exists(file));
  const handle = await open(file, 'a');
  try {
    await handle.writeFile(text, 'utf-8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (created) await syncDirectory(dirname(file));
}

/**
 * Removes files `catalogue.json` does not name: list files written by a write that crashed before its
 * commit, and the journal a compaction replaced.
 */
async function removeLeftovers(dir: string, referenced: ReadonlySet<string>, journal: JournalRef): Promise<void> {
  const listsDir = join(dir, LISTS_DIR_NAME);
  for (const name of await readdir(listsDir).catch(() => [] as string[])) {
    if (!referenced.has(name)) await unlink(join(listsDir, name)).catch(() => undefined);
  }
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (/^journal\..*jsonl$/.test(name) && name !== journal.file) await unlink(join(dir, name)).catch(() => undefined);
  }
}

function corrupt(path: string, why: string, cause?: unknown): PricecatError {
  return new PricecatError(
    'STORAGE_FAILED',
    detail('DATA_FILE_DAMAGED', { path, why }),
    { cause },
  );
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function pushTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/** A file-name-safe form of an id (the generation suffix keeps names unique). */
function safeName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);
}

/** `readonly T[]` → `T[]`: callers own the copies they read. */
type Mutable<T> = T extends readonly (infer Item)[] ? Item[] : T;

function closedError(dir: string): PricecatError {
  return new PricecatError('STORAGE_FAILED', detail('STORE_CLOSED', { where: dir }));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
