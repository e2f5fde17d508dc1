/**
 * lowdb `Storage`, the embedded default: a data directory with a small catalogue file and one file per
 * price list, everything also held in memory (with the query port's indexes). Node only: import it from
 * `@pricecat/core/storage/lowdb`.
 *
 * ```
 * <dir>/pricecat.lock                 the owner: pid, host, URL, start time (data-dir-lock.ts)
 * <dir>/catalogue.json                services, clinics, price lists, synonyms, skipped items, ingested
 *                                     files, settings, which list file holds each list, and how much of
 *                                     the journal and of the decision log it accounts for
 * <dir>/lists/<list id>.<gen>.json    one price list's positions, compact (compact-records.ts)
 * <dir>/journal.jsonl                 positions changed in place since their lists were written
 * <dir>/decisions.jsonl               the decision log, append-only (decision-log-file.ts)
 * ```
 *
 * A write rewrites only what it touches: the files of the lists whose positions it changes (under a new
 * name), then `catalogue.json`, which is the commit point, then removes the superseded list files. Each
 * file is written atomically and fsync'ed (durable-json-file.ts). A crash at any moment leaves the last
 * committed state: list files `catalogue.json` does not name are leftovers and are removed at start.
 *
 * A decision (or an undo) is one line appended to `decisions.jsonl` and fsync'ed, nothing else: the whole line
 * is its commit. Lines past the length `catalogue.json` accounts for (`decision_log.applied`) are replayed at
 * start; the next write of `catalogue.json` (any other write, or a checkpoint every few thousand decisions)
 * folds what they changed into the journal and accounts for them.
 *
 * @module
 */
import { mkdir, open, readdir, readFile, rename, stat, truncate, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Low } from 'lowdb';
import { PricecatError } from '../errors.js';
import { LIST_FILE_VERSION, createInterner, fromListFile, toListFile, toStoredDecision, fromStoredDecision, type ListFile, type StoredDecision } from './compact-records.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import {
  DECISION_LOG_FILE_NAME,
  decidedFields,
  differsInDecidedFieldsOnly,
  logLineText,
  parseLogLine,
  readLines,
  readRange,
  withDecidedFields,
  type DecidedFields,
  type LogLine,
} from './decision-log-file.js';
import { createDecisionLogIndex, type DecisionLogIndex } from './decision-log-index.js';
import { isAsDecided, withDecisionLessons, withoutDecisionLessons } from './decisions.js';
import { CorruptFileError, DurableJsonFile, syncDirectory, writeFileDurably } from './durable-json-file.js';
import { keepForUpgrade, upgradeBatches } from './list-file-upgrade.js';
import { createMemoryQueryPort } from './memory-query-port.js';
import type { StoreChange } from './query-port.js';
import type { Decision, IngestedFile, LearnedSynonym, Position, Service, SkippedItem } from './records.js';
import type { DecisionPageQuery, DecisionWrite, PositionFilter, PriceListWrite, Storage } from './storage.js';
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
import { detail, warningText } from '../messages/message-catalogue.js';

/** The catalogue file's name in the data directory. */
export const CATALOGUE_FILE_NAME = 'catalogue.json';
/** The folder of the list files. */
export const LISTS_DIR_NAME = 'lists';
/** The single-file store of pricecat before 0.2 (`STORE_DATA_VERSION` 1); migrated on open. */
export const LEGACY_FILE_NAME = 'pricecat.json';
/** @deprecated the single file is gone; kept for imports of the old name. */
export const LOWDB_FILE_NAME = LEGACY_FILE_NAME;
/**
 * Layout version of `catalogue.json` (not of the list files: compact-records.ts has their own). 3: the decision log
 * moved out to `decisions.jsonl`; a version 2 file (the log inside) is converted at start.
 */
export const CATALOGUE_FILE_VERSION = 3;
/** The version of `catalogue.json` that held the decision log; converted on open, kept as `catalogue.json.v2-backup`. */
const CATALOGUE_FILE_VERSION_WITH_LOG = 2;

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
  /** Where the store's warnings go (a torn last line of the decision log was cut off). @default stderr */
  readonly warn?: (message: string) => void;
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
  /** `[price_list_id, file name under lists/]`, in ingest order. */
  readonly list_files: readonly (readonly [string, string])[];
  /** The journal and how many of its bytes are committed (what lies beyond was never committed). */
  readonly journal?: JournalRef;
  /** The decision log and how many of its bytes this file and the journal account for. */
  readonly decision_log: DecisionLogRef;
}

/** `catalogue.json` of version 2: the decision log inside, no `decision_log`. */
interface CatalogueFileV2 extends Omit<CatalogueFile, 'version' | 'decision_log'> {
  readonly version: typeof CATALOGUE_FILE_VERSION_WITH_LOG;
  readonly decisions?: readonly StoredDecision[];
}

/**
 * Where the decision log is, and how many of its bytes are accounted for: their synonyms and skipped items are in
 * `catalogue.json`, their positions in the lists or the journal. The lines after are replayed at start.
 */
interface DecisionLogRef {
  readonly file: string;
  readonly applied: number;
}

/** Where the journal is and how much of it counts. */
interface JournalRef {
  readonly file: string;
  readonly length: number;
}

const EMPTY_JOURNAL: JournalRef = { file: 'journal.jsonl', length: 0 };
const EMPTY_LOG: DecisionLogRef = { file: DECISION_LOG_FILE_NAME, applied: 0 };

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
  const warn = options.warn ?? ((message: string) => process.stderr.write(`pricecat: ${message}\n`));
  let state: Loaded;
  try {
    state = await loadDirectory(dir, warn);
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
  /** Everything but the decisions (`decisions` is empty: they are in `log`). */
  meta: StoreData;
  /** The standing decisions of the log. */
  log: DecisionLogIndex;
  logRef: DecisionLogRef;
  /** The log's length on disk (its committed lines). */
  logLength: number;
  /** Its lines past `logRef.applied`. */
  logLinesReplayed: number;
  /** Positions changed by the log's lines past `logRef.applied`, by list: the next catalogue write journals them. */
  pending: Map<string, Set<string>>;
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
  /** A decision or an undo: one line of the decision log is the whole write (`lists` and `patches` are empty). */
  readonly log?: {
    readonly line: LogLine;
    /** The positions it changed (their new records). */
    readonly positions: readonly Position[];
    /** Records it in the index once committed. */
    readonly index: () => void;
  };
  /** Nothing to write (an undo of an unknown decision). */
  readonly nothing?: boolean;
}

/** Past this many bytes, or lines, of decision log not accounted for by `catalogue.json`, a checkpoint writes it. */
const LOG_CHECKPOINT_BYTES = 4 * 1024 * 1024;
const LOG_CHECKPOINT_LINES = 2000;

/** Past this many bytes of journal, the lists it touches are rewritten and the journal starts over. */
const JOURNAL_LIMIT = 8 * 1024 * 1024;

function openLoaded(dir: string, loaded: Loaded, lock: DataDirLock | null, journalLimit: number, upgradeLists: boolean): LowdbStorage {
  const catalogue = new Low<CatalogueFile | null>(new DurableJsonFile<CatalogueFile | null>(join(dir, CATALOGUE_FILE_NAME)), null);
  const port = createMemoryQueryPort({ ...loaded.meta, positions: loaded.positions });
  let meta: StoreData = loaded.meta;
  const log = loaded.log;
  const logPath = join(dir, loaded.logRef.file);
  let logLength = loaded.logLength;
  /** Bytes of the log `catalogue.json` accounts for; the lines after are replayed at start until the next catalogue write. */
  let applied = loaded.logRef.applied;
  let linesSinceApplied = loaded.logLinesReplayed;
  const pending = loaded.pending;
  let logHandle: FileHandle | null = null;
  /** An append failed part-way: its bytes past `logLength` go before the next line is written. */
  let logDirty = false;
  let checkpointQueued = false;
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
      if (plan.nothing) return;
      if (plan.log) return commitLogLine(plan);
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
        }
        // The positions decisions changed since the last catalogue write are journaled with this one (unless their
        // list is written whole), so the log lines before now are accounted for.
        const patches = withPending(plan);
        if (patches.size > 0) {
          // Positions changed in place are one line of the journal (only those positions), not a rewrite of their lists.
          const entry: JournalEntry = [...patches].map(([listId, positions]) => [
            nextFiles.get(listId) ?? '',
            // The field names are left out: the list file has them, and a decision is a short line.
            withoutFields(toListFile(listId, positions[0]?.clinic_id ?? '', positions, services)),
          ]);
          const line = `${JSON.stringify(entry)}\n`;
          await appendDurably(join(dir, nextJournal.file), line);
          appended = true;
          nextJournal = { file: nextJournal.file, length: nextJournal.length + Buffer.byteLength(line) };
        }
        catalogue.data = toCatalogueFile(plan.meta, nextFiles, nextJournal, { file: loaded.logRef.file, applied: logLength });
        await catalogue.write();
        for (const listId of patches.keys()) journaled.add(listId);
      } catch (error) {
        // The journal's uncommitted tail must go before the next entry is appended after it.
        if (appended && nextJournal.file !== journal.file) await unlink(join(dir, nextJournal.file)).catch(() => undefined);
        else if (appended) await truncate(join(dir, journal.file), journal.length).catch(() => undefined);
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
      applied = logLength;
      linesSinceApplied = 0;
      pending.clear();
      for (const listId of plan.lists.keys()) journaled.delete(listId);
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

  /** The plan's positions changed in place, with those of the decisions since the last catalogue write. */
  const withPending = (plan: Plan): Map<string, readonly Position[]> => {
    const patches = new Map<string, readonly Position[]>(plan.patches ?? []);
    for (const [listId, ids] of pending) {
      if (plan.lists.has(listId)) continue;
      const own = patches.get(listId) ?? [];
      const ownIds = new Set(own.map((p) => p.position_id));
      const decided = [...ids].flatMap((id) => (ownIds.has(id) ? [] : (port.peek(id) ?? [])));
      if (decided.length > 0) patches.set(listId, [...decided, ...own]);
    }
    return patches;
  };

  /** A decision or an undo: one line appended to the log and fsync'ed is the whole write. */
  const commitLogLine = async (plan: Plan): Promise<void> => {
    const { line, positions, index } = plan.log!;
    const bytes = Buffer.from(logLineText(line), 'utf-8');
    try {
      logHandle ??= await open(logPath, 'r+');
      // A failed append may have left part of its line: it is cut before this one is written in its place.
      if (logDirty) await logHandle.truncate(logLength);
      logDirty = false;
      await writeAll(logHandle, bytes, logLength).catch((error: unknown) => {
        logDirty = true;
        throw error;
      });
      await logHandle.sync().catch((error: unknown) => {
        logDirty = true;
        throw error;
      });
    } catch (error) {
      throw new PricecatError('STORAGE_FAILED', detail('DATA_DIR_WRITE_FAILED', { dir, why: messageOf(error) }), { cause: error });
    }
    // Committed: make it visible.
    logLength += bytes.length;
    linesSinceApplied++;
    meta = plan.meta;
    index();
    for (const p of positions) addTo(pending, p.price_list_id, p.position_id);
    for (const c of plan.changes) port.apply(c);
    if ((logLength - applied > LOG_CHECKPOINT_BYTES || linesSinceApplied >= LOG_CHECKPOINT_LINES) && !checkpointQueued && !closed) {
      checkpointQueued = true;
      // A checkpoint: catalogue.json accounts for the log so far (a later start replays less). Its failure leaves
      // the log as it is (still whole) for a later write to account for.
      change(() => {
        checkpointQueued = false;
        return metaOnly(meta);
      }).catch(() => undefined);
    }
  };

  /** The plan of a decision or an undo: `positions` (new records) grouped by their stored list, one log line. */
  const logPlan = (next: StoreData, line: (set: DecidedFields[], whole: ListFile[]) => LogLine, positions: readonly Position[], index: () => void): Plan => {
    const set: DecidedFields[] = [];
    const whole = new Map<string, Position[]>();
    const changed: Position[] = [];
    for (const position of positions) {
      const old = positionById.get(position.position_id);
      if (!old) continue;
      // NOTE: a position never moves to another list; its list is the one it was saved with.
      const record = { ...position, price_list_id: old.price_list_id };
      changed.push(record);
      if (differsInDecidedFieldsOnly(old, record)) set.push(decidedFields(record));
      else pushTo(whole, old.price_list_id, record);
    }
    const wholeLists = [...whole].map(([listId, list]) => toListFile(listId, list[0]!.clinic_id, list, servicesById));
    return {
      meta: next,
      lists: new Map(),
      changes: changed.length > 0 ? [{ type: 'positions', positions: changed }] : [],
      log: { line: line(set, wholeLists), positions: changed, index },
    };
  };
  /** A logged decision with its `previous` positions whole (a copy the caller owns). */
  const resolved = (decision: StoredDecision | null | undefined): Decision | null =>
    decision ? structuredClone(fromStoredDecision(decision, (id) => port.peek(id))) : null;
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
    listDecisions: async () => {
      if (closed) throw closedError(dir);
      return log.all().map((d) => resolved(d)!);
    },
    lastDecision: async () => {
      if (closed) throw closedError(dir);
      return resolved(log.last());
    },
    lastDecisionAbout: async (positionId: string, action: Decision['action']) => {
      if (closed) throw closedError(dir);
      return resolved(log.lastAbout(positionId, action));
    },
    getDecision: async (decisionId: string) => {
      if (closed) throw closedError(dir);
      return resolved(log.get(decisionId));
    },
    listBatchDecisions: async (batchId: string) => {
      if (closed) throw closedError(dir);
      // From the log's index by batch: proportional to the batch, not to the log.
      return log.batch(batchId).map((d) => resolved(d)!);
    },
    decisionPage: async (query: DecisionPageQuery) => {
      if (closed) throw closedError(dir);
      const page = log.page(query);
      return { decisions: page.decisions.map((d) => resolved(d)!), total: page.total };
    },
    saveDecision: (write: DecisionWrite) => {
      const copy = structuredClone(write);
      return change(() => {
        const stored = toStoredDecision(copy.decision);
        return logPlan(
          withDecisionLessons(meta, copy.decision),
          (set, whole) => ({ decision: stored, set, ...(whole.length > 0 && { whole }) }),
          copy.positions,
          () => log.add(stored),
        );
      });
    },
    revertDecision: (decisionId: string) =>
      change(() => {
        const stored = log.get(decisionId);
        if (!stored) return { ...metaOnly(meta), nothing: true };
        // Put back each position still as the decision left it: its stored record with the decided fields as before.
        const restored = stored.previous.flatMap((old) => {
          const now = positionById.get(old.position_id);
          return now && isAsDecided(now, stored) ? [{ ...now, ...old }] : [];
        });
        return logPlan(
          withoutDecisionLessons(meta, stored),
          (set, whole) => ({ undo: decisionId, set, ...(whole.length > 0 && { whole }) }),
          restored,
          () => log.remove(decisionId),
        );
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
      await logHandle?.close().catch(() => undefined);
      await lock?.release();
    },
  };
  return storage;
}

function toCatalogueFile(
  meta: StoreData,
  listFiles: ReadonlyMap<string, string>,
  journal: JournalRef,
  decisionLog: DecisionLogRef,
): CatalogueFile {
  const { version: _version, positions: _positions, decisions: _decisions, ...rest } = meta;
  return { version: CATALOGUE_FILE_VERSION, ...rest, list_files: [...listFiles], journal, decision_log: decisionLog };
}

/** Writes `bytes` at `position`, all of them (a short write is continued). */
async function writeAll(handle: FileHandle, bytes: Buffer, position: number): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

function addTo(map: Map<string, Set<string>>, key: string, item: string): void {
  const set = map.get(key);
  if (set) set.add(item);
  else map.set(key, new Set([item]));
}

/** Reads the directory (migrating a legacy single file first); every problem names its file. */
async function loadDirectory(dir: string, warn: (message: string) => void): Promise<Loaded> {
  const catalogueFile = join(dir, CATALOGUE_FILE_NAME);
  let file = await readJson<CatalogueFile | CatalogueFileV2>(catalogueFile);
  if (file === null) {
    const legacy = await readLegacy(join(dir, LEGACY_FILE_NAME));
    if (legacy !== null) {
      await migrateLegacy(dir, legacy);
      file = await readJson<CatalogueFile>(catalogueFile);
      if (file === null) throw new PricecatError('STORAGE_FAILED', detail('MIGRATION_NOT_WRITTEN', { file: catalogueFile }));
    }
  } else if (file.version === CATALOGUE_FILE_VERSION_WITH_LOG) {
    await convertCatalogueWithLog(dir, file);
    file = await readJson<CatalogueFile>(catalogueFile);
    if (file === null) throw new PricecatError('STORAGE_FAILED', detail('MIGRATION_NOT_WRITTEN', { file: catalogueFile }));
  }
  // A store never written has no catalogue.json yet; its decision log (if any) is read all the same.
  const checked = file === null ? null : checkCatalogue(file as CatalogueFile, catalogueFile);
  let meta = checked ?? createEmptyStoreData();
  const servicesById = new Map(meta.services.map((s) => [s.service_id, s]));
  const listFiles = new Map<string, string>(checked ? (file as CatalogueFile).list_files : []);
  // The journal first (it is small): its changes are put in while each list is read.
  const journal = (checked && (file as CatalogueFile).journal) || EMPTY_JOURNAL;
  const replay = await readJournal(dir, journal, listFiles, servicesById);
  // Then the decision log, line by line: the standing decisions, and what the lines not yet accounted for changed.
  const logRef = (checked && (file as CatalogueFile).decision_log) || EMPTY_LOG;
  const logRead = await readDecisionLog(dir, logRef, meta, servicesById);
  meta = logRead.meta;
  const positions: Position[] = [];
  const pending = new Map<string, Set<string>>();
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
    const decided = logRead.changed;
    try {
      // Parsed here, not in the read ahead: one list's parse is alive at a time (measured: 0.2 GiB less RSS at 1M).
      const list = parseJson<ListFile>(path, bytes);
      refuseNewerList(list, path);
      if (list.version < LIST_FILE_VERSION) olderLists.push(listId);
      for (const p of fromListFile(list, servicesById, interner)) {
        const journaled = patched?.get(p.position_id) ?? p;
        const change = decided.size === 0 ? undefined : decided.get(p.position_id);
        if (change === undefined) {
          positions.push(journaled);
          continue;
        }
        positions.push(isDecidedFields(change) ? withDecidedFields(journaled, change) : change);
        addTo(pending, listId, p.position_id);
      }
    } catch (error) {
      throw error instanceof PricecatError ? error : corrupt(path, messageOf(error), error);
    }
  }
  // What lies beyond the committed part of the journal (a write killed before its commit) is cut off.
  if (replay.bytes > journal.length) await truncate(join(dir, journal.file), journal.length);
  // A torn last line of the decision log (an append killed before its end) is cut off, and kept beside it.
  if (logRead.torn) await cutTornLine(join(dir, logRef.file), logRead.torn, warn);
  await removeLeftovers(dir, new Set(listFiles.values()), journal);
  return {
    meta,
    log: logRead.log,
    logRef,
    logLength: logRead.length,
    logLinesReplayed: logRead.replayed,
    pending,
    listFiles,
    positions,
    journal,
    journaledLists: [...replay.patches.keys()],
    olderLists,
  };
}

/** What reading the decision log found. */
interface DecisionLogRead {
  readonly log: DecisionLogIndex;
  /** The metadata with the lessons of the lines not yet accounted for. */
  readonly meta: StoreData;
  /** What those lines changed, by position id: the decided fields, or the whole record. */
  readonly changed: Map<string, DecidedFields | Position>;
  /** The length of its whole lines. */
  readonly length: number;
  /** How many of them `catalogue.json` does not account for yet. */
  readonly replayed: number;
  /** A last line without its newline: `[start, end)`. */
  readonly torn?: { readonly start: number; readonly end: number };
}

/**
 * Reads the decision log line by line (never the whole file at once): every line builds the index of standing
 * decisions; the lines past `ref.applied` also bring their lessons and their positions' changes. A damaged whole
 * line is refused naming the file and the line; a last line without its newline is reported as torn. The file is
 * created (empty) when missing and nothing was accounted for.
 */
async function readDecisionLog(dir: string, ref: DecisionLogRef, meta: StoreData, services: ReadonlyMap<string, Service>): Promise<DecisionLogRead> {
  const path = join(dir, ref.file);
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && ref.applied === 0) {
      await appendDurably(path, '');
      return { log: createDecisionLogIndex(), meta, changed: new Map(), length: 0, replayed: 0 };
    }
    throw new PricecatError(
      'STORAGE_FAILED',
      detail('JOURNAL_UNREADABLE', { path, catalogue: join(dir, CATALOGUE_FILE_NAME), why: messageOf(error) }),
      { cause: error },
    );
  }
  const log = createDecisionLogIndex();
  const changed = new Map<string, DecidedFields | Position>();
  let next = meta;
  let length = 0;
  let replayed = 0;
  let torn: DecisionLogRead['torn'];
  try {
    for await (const raw of readLines(handle)) {
      if (!raw.terminated) {
        torn = { start: raw.start, end: raw.end };
        break;
      }
      length = raw.end;
      if (raw.text.trim() === '') continue;
      let line: LogLine;
      try {
        line = parseLogLine(raw.text);
      } catch (error) {
        throw corrupt(path, `строка ${raw.number}: ${messageOf(error)}`, error);
      }
      const accountedFor = raw.end <= ref.applied;
      if ('undo' in line) {
        const undone = log.remove(line.undo);
        if (!undone) throw corrupt(path, `строка ${raw.number}: отмена решения ${line.undo}, которого нет в журнале выше`);
        if (!accountedFor) next = withoutDecisionLessons(next, undone);
      } else {
        log.add(line.decision);
        if (!accountedFor) next = withDecisionLessons(next, line.decision);
      }
      if (accountedFor) continue;
      replayed++;
      for (const fields of line.set) changed.set(fields[0], fields);
      try {
        for (const list of line.whole ?? []) for (const p of fromListFile(list, services)) changed.set(p.position_id, p);
      } catch (error) {
        throw corrupt(path, `строка ${raw.number}: ${messageOf(error)}`, error);
      }
    }
  } finally {
    await handle.close();
  }
  if (length < ref.applied) {
    throw corrupt(path, `${length} байт целых строк, а ${CATALOGUE_FILE_NAME} учитывает ${ref.applied}`);
  }
  return { log, meta: next, changed, length, replayed, ...(torn && { torn }) };
}

/**
 * Cuts a torn last line off the decision log (an append killed before its newline: that decision was never
 * confirmed), after keeping its bytes in `<log>.torn-<time>`, and says so.
 */
async function cutTornLine(path: string, torn: { readonly start: number; readonly end: number }, warn: (message: string) => void): Promise<void> {
  const copy = `${path}.torn-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await writeFileDurably(copy, await readRange(path, torn.start, torn.end));
  const handle = await open(path, 'r+');
  try {
    await handle.truncate(torn.start);
    await handle.sync();
  } finally {
    await handle.close();
  }
  warn(warningText('DECISION_LOG_TAIL_CUT', { path, bytes: torn.end - torn.start, copy }));
}

function isDecidedFields(change: DecidedFields | Position): change is DecidedFields {
  return Array.isArray(change);
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
  const log = file.decision_log as Partial<DecisionLogRef> | undefined;
  if (typeof log !== 'object' || log === null || typeof log.file !== 'string' || !Number.isSafeInteger(log.applied) || log.applied! < 0) {
    throw corrupt(path, 'нет «decision_log» (где журнал решений и сколько его учтено)');
  }
  if (log.file !== basename(log.file)) throw corrupt(path, `«decision_log» указывает на файл вне папки данных: ${log.file}`);
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
  const log = await writeDecisionLog(dir, legacy.decisions.map(toStoredDecision));
  await writeFileDurably(join(dir, CATALOGUE_FILE_NAME), JSON.stringify(toCatalogueFile(legacy, listFiles, EMPTY_JOURNAL, log)));
  const legacyPath = join(dir, LEGACY_FILE_NAME);
  let backup = `${legacyPath}.v1-backup`;
  if (await exists(backup)) backup = `${backup}-${Date.now()}`;
  await rename(legacyPath, backup);
}

/**
 * Converts a `catalogue.json` of version 2 (the decision log inside it): the log is written to `decisions.jsonl`
 * first (under a temporary name, then renamed: a leftover of a conversion killed before its end is replaced), the
 * old file is copied to `catalogue.json.v2-backup`, then the new `catalogue.json` is written (the commit). A crash
 * before the commit leaves the version 2 file in charge, and the next start converts again.
 */
async function convertCatalogueWithLog(dir: string, file: CatalogueFileV2): Promise<void> {
  const path = join(dir, CATALOGUE_FILE_NAME);
  const decisions = file.decisions ?? [];
  // Checked before anything is written: a damaged version 2 file is refused as it is, never half converted.
  checkCatalogue({ ...file, version: CATALOGUE_FILE_VERSION, decision_log: EMPTY_LOG } as unknown as CatalogueFile, path);
  if (!Array.isArray(decisions)) throw corrupt(path, 'у «decisions» неверная структура');
  decisions.forEach((decision, i) => {
    try {
      parseLogLine(JSON.stringify({ decision, set: [] }));
    } catch (error) {
      throw corrupt(path, `«decisions»[${i}]: ${messageOf(error)}`, error);
    }
  });
  const log = await writeDecisionLog(dir, decisions);
  let backup = `${path}.v${CATALOGUE_FILE_VERSION_WITH_LOG}-backup`;
  if (await exists(backup)) backup = `${backup}-${Date.now()}`;
  await writeFileDurably(backup, await readFile(path));
  const { decisions: _decisions, version: _version, ...rest } = file;
  const converted: CatalogueFile = { ...rest, version: CATALOGUE_FILE_VERSION, decision_log: log };
  await writeFileDurably(path, JSON.stringify(converted));
}

/** Writes a whole decision log (a conversion): one line per decision, their positions already in the lists. */
async function writeDecisionLog(dir: string, decisions: readonly StoredDecision[]): Promise<DecisionLogRef> {
  const text = decisions.map((decision) => logLineText({ decision, set: [] })).join('');
  await writeFileDurably(join(dir, DECISION_LOG_FILE_NAME), text);
  return { file: DECISION_LOG_FILE_NAME, applied: Buffer.byteLength(text) };
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
