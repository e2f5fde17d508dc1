/**
 * `createCatalogue(deps)`: binds the dependencies to every use case. Without a store it uses memory
 * storage; without a dictionary it keeps whatever services the store already has.
 */
import type { Embedder } from '../embed/embedder.js';
import { createMatcher, type Matcher } from '../match/cascade.js';
import type { RankerModel } from '../match/ranker/ranker.js';
import { createDecisionMemory, type DecisionMemory } from '../match/decision-memory.js';
import { lessonsOf } from './decision-lessons.js';
import { createEmbeddingStage } from '../match/embedding-stage.js';
import type { AliasTable } from '../match/vocabulary.js';
import type { Service } from '../storage/records.js';
import { createMemoryStorage } from '../storage/memory.js';
import type { Storage } from '../storage/storage.js';
import type { PageOcr } from '../extract/table.js';
import type { Catalogue } from './catalogue.js';
import { compareService } from './compare-service.js';
import { listPriceChanges } from './price-changes.js';
import { servicePriceHistory } from './service-history.js';
import { computeDashboard } from './dashboard.js';
import type { CatalogueContext } from './context.js';
import { ingest } from './ingest.js';
import { createIngestJobs } from './ingest-jobs.js';
import { PricecatError } from '../errors.js';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from './ingest-limits.js';
import { getService, listPositions, listServices } from './list-positions.js';
import { listPartners, partnerServices } from './partners.js';
import { loadReadSide } from './read-model.js';
import { reconcile } from './reconcile.js';
import { createService } from './create-service.js';
import { listServiceProposals } from './proposals.js';
import { matchPosition, skipPosition, undoDecision } from './decide.js';
import { acceptSuggestions } from './accept-suggestions.js';
import { listDecisionLog } from './decision-log.js';
import { positionContext } from './position-context.js';
import { listQueue } from './queue.js';
import { listUnmatched } from './unmatched.js';
import { searchPage, searchServices } from './search.js';
import { computeStats } from './stats.js';
import type { FolderAccess } from './folder-access.js';
import { readSettings, updateSettings } from './settings.js';
import { createFolderScanner } from './scan-folder.js';
import { readLastScan } from './scan-report.js';
import { exportWorkbook } from '../export/export-workbook.js';
import { detail } from '../messages/message-catalogue.js';

export interface CatalogueDeps {
  /** Where data lives. @default a new memory storage (lost on exit) */
  readonly storage?: Storage;
  /**
   * The reference dictionary. Entries the store lacks are added (ids are stable, so re-seeding the same
   * file adds nothing); entries already stored are kept as they are.
   */
  readonly services?: readonly Service[];
  /**
   * OCR for PDF pages without a text layer (`createTesseractOcr()` from `@pricecat/core/node`).
   * @default none: such pages are reported as skipped in the file's warnings
   */
  readonly ocr?: PageOcr;
  /**
   * Embeddings for the last matching stage (`embedderFromEnv()`, best wrapped in a cache so that a second
   * upload embeds only new names). @default none: the cascade ends with fuzzy
   */
  readonly embedder?: Embedder;
  /** The clock. @default () => new Date() */
  readonly now?: () => Date;
  /**
   * File system access for the watched folder (`createNodeFolderAccess()` from `@pricecat/core/node`).
   * @default none: setting a watch folder or scanning is refused with INVALID_INPUT
   */
  readonly folder?: FolderAccess;
  /**
   * Curated aliases of the dictionary's entry names (`parseAliasTable` / `aliasTableFrom`, or `loadAliasFile` from
   * `@pricecat/core/node`). @default the bundled aliases when the dictionary is the bundled one, else none
   */
  readonly aliases?: AliasTable;
  /** Receives configuration warnings (e.g. alias entries that name no dictionary entry). @default ignored */
  readonly warn?: (message: string) => void;
  /** Limits on the positions one upload and one file may add. @default {@link DEFAULT_INGEST_LIMITS} */
  readonly ingestLimits?: Partial<IngestLimits>;
  /**
   * The ranker model (`pricecat refit` writes one to the data directory). @default the bundled model
   * (assets/ranker.json, fitted on the client's labelled samples)
   */
  readonly ranker?: RankerModel;
}

export async function createCatalogue(deps: CatalogueDeps = {}): Promise<Catalogue> {
  const storage = deps.storage ?? createMemoryStorage();
  if (deps.services) await seedDictionary(storage, deps.services);

  // Loaded once; from then on every write tells it what changed (ctx.changed), nothing reloads it.
  const readSide = await loadReadSide(storage);
  const queries = readSide.queries;
  let matcher: Promise<Matcher> | null = null;
  let memory: Promise<DecisionMemory> | null = null;
  // Ingests run one after another: each file's clinic de-duplication must see the clinics saved before it.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const ctx: CatalogueContext = {
    storage,
    queries,
    matcher: () =>
      (matcher ??= Promise.all([storage.listServices(), storage.listLearnedSynonyms()]).then(([services, synonyms]) =>
        createMatcher({
          services,
          ...(deps.ranker && { ranker: deps.ranker }),
          synonyms,
          ...(deps.aliases && { aliases: deps.aliases }),
          ...(deps.warn && { warn: deps.warn }),
          ...(deps.embedder && { embeddings: createEmbeddingStage({ embedder: deps.embedder, services }) }),
        }),
      )),
    // Read at the next ingest, not per decision: the decision loop never pays for it.
    decisionMemory: () =>
      (memory ??= Promise.all([storage.listServices(), storage.listDecisions()]).then(([services, decisions]) =>
        createDecisionMemory({ services, ...lessonsOf(decisions) }),
      )),
    changed(change) {
      if (change.type !== 'synonyms') readSide.changed(change);
      if (change.type === 'synonyms' || change.type === 'services') matcher = null;
      // Positions change by a decision, an undo or a created service: what the decision log teaches may have too.
      if (change.type !== 'price-list') memory = null;
    },
    now: deps.now ?? (() => new Date()),
    readOptions: { ocr: deps.ocr },
    ingestLimits: { ...DEFAULT_INGEST_LIMITS, ...deps.ingestLimits },
  };
  // Another server on the same database may have decided (or learned synonyms) since this one built its matcher and
  // its decision memory: each ingest first compares the store's last decision and synonym count with what they were.
  let lessonsStamp: string | null = null;
  const ingestWithCurrentLessons = async (source: Parameters<Catalogue['ingest']>[0]) => {
    const last = storage.lastDecision ? await storage.lastDecision() : null;
    const stamp = `${last?.decision_id ?? ''}|${(await storage.listLearnedSynonyms()).length}`;
    if (lessonsStamp !== null && stamp !== lessonsStamp) {
      matcher = null;
      memory = null;
    }
    lessonsStamp = stamp;
    return ingest(ctx, source);
  };
  const scanner = createFolderScanner({
    storage,
    folder: deps.folder,
    ingest: (source) => serialized(() => ingestWithCurrentLessons(source)),
    now: ctx.now,
  });

  const jobs = createIngestJobs((source) => serialized(() => ingestWithCurrentLessons(source)), ctx.now);

  return {
    ingest: (source) => serialized(() => ingestWithCurrentLessons(source)),
    startIngestJob: async (source) => jobs.start({ duplicates: 'report', ...source }),
    ingestJob: async (jobId) => {
      const job = jobs.get(jobId);
      if (!job) throw new PricecatError('NOT_FOUND', detail('INGEST_JOB_NOT_FOUND', { id: jobId }));
      return job;
    },
    stats: () => computeStats(queries),
    search: (query) => searchServices(queries, query),
    searchPage: (query) => searchPage(queries, query),
    listServices: (query) => listServices(queries, query),
    getService: (id) => getService(queries, id),
    compareService: (id, options) => compareService(queries, id, options),
    priceChanges: (query) => listPriceChanges(queries, query),
    priceHistory: (id, options) => servicePriceHistory(queries, id, options),
    dashboard: () => computeDashboard(queries),
    listPartners: (query) => listPartners(queries, query),
    partnerServices: (id, query) => partnerServices(queries, id, query),
    listPositions: (query) => listPositions(queries, query),
    listPriceLists: () => storage.listPriceLists(),
    reconcile: (queries) => reconcile(ctx, queries),
    queue: (query) => listQueue(queries, query),
    // Decisions run in the ingest queue: a match must not interleave with an ingest reading the synonyms.
    matchPosition: (request) => serialized(() => matchPosition(ctx, request)),
    skipPosition: (request) => serialized(() => skipPosition(ctx, request)),
    undoDecision: (request) => serialized(() => undoDecision(ctx, request)),
    acceptSuggestions: (request) => serialized(() => acceptSuggestions(ctx, request)),
    positionContext: (id) => positionContext(queries, id),
    decisionLog: (query) => listDecisionLog(storage, queries, query),
    listUnmatched: (query) => listUnmatched(queries, query),
    getSettings: () => readSettings(storage),
    updateSettings: (patch) => updateSettings(storage, deps.folder, patch),
    scan: (options) => scanner.scan(options?.trigger),
    lastScan: () => readLastScan(storage),
    exportWorkbook: async () => exportWorkbook(queries, ctx.now()),
    listServiceProposals: (query) => listServiceProposals(queries, query),
    // In the ingest queue: the new synonyms must not interleave with an ingest reading the dictionary.
    createService: (input) => serialized(() => createService(ctx, input)),
    close: () => serialized(() => storage.close()),
  };
}

// ---- internal helpers ----

async function seedDictionary(storage: Storage, services: readonly Service[]): Promise<void> {
  const known = new Set((await storage.listServices()).map((s) => s.service_id));
  const missing = services.filter((s) => !known.has(s.service_id));
  if (missing.length > 0) await storage.saveServices(missing);
}
