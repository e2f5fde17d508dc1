/**
 * @module @pricecat/core — the pricecat domain: dictionary, extraction, matching, storage interface and
 * catalogue use cases. Browser-safe: Node-only pieces live in `@pricecat/core/node`,
 * `@pricecat/core/storage/lowdb` and `@pricecat/core/storage/postgres`; the wire contract in
 * `@pricecat/core/contract`; conformance suites for adapters in `@pricecat/core/testing`.
 *
 * This is the whole public surface, listed in the package README; everything else is internal.
 */

// ---- the catalogue: the one object the adapters call ----
export { createCatalogue, type CatalogueDeps } from './catalogue/create-catalogue.js';
export type {
  Catalogue,
  ClinicSummary,
  FileReport,
  IngestReport,
  IngestSource,
  Page,
  PartnerPrice,
  PartnerService,
  PriceKind,
  PriceSummary,
  ReconcileCandidate,
  ReconcileQuery,
  SearchHit,
  SearchPage,
  ServiceComparison,
  ServiceDetails,
  Stats,
} from './catalogue/catalogue.js';
export type { AcceptSuggestionsResult } from './catalogue/accept-suggestions.js';
export type { Dashboard } from './catalogue/dashboard.js';
export type { DecisionResult, MatchRequest, SkipRequest, UndoRequest, UndoResult } from './catalogue/decide.js';
export type { DecisionLogEntry } from './catalogue/decision-log.js';
export type { IngestJob } from './catalogue/ingest-jobs.js';
export { DEFAULT_INGEST_LIMITS, type IngestLimits } from './catalogue/ingest-limits.js';
export type { OutlierBounds } from './catalogue/outliers.js';
export type { NeighbourRow, PositionContext } from './catalogue/position-context.js';
export type { PositionView } from './catalogue/position-view.js';
export { DEFAULT_PRICE_CHANGE_THRESHOLD, MAX_PRICE_CHANGE_THRESHOLD, type PriceChange, type PriceChangePage } from './catalogue/price-changes.js';
export type { CreateServiceInput, CreatedService, ProposalMember, ServiceProposal } from './catalogue/proposal-types.js';
export { MAX_POSITION_IDS, MAX_SERVICE_NAME_LENGTH } from './catalogue/create-service.js';
export { QUEUE_METHODS, type QueueFilterQuery, type QueueItem } from './catalogue/queue.js';
export { UNMATCHED_STATUSES, type UnmatchedStatus } from './catalogue/unmatched.js';
export { DEFAULT_LIMIT, MAX_LIMIT } from './catalogue/paging.js';
export type { ScanReport, ScanSummary, SkippedFile } from './catalogue/scan-report.js';
export { startScanSchedule, type ScanSchedule, type ScanScheduleOptions } from './catalogue/scan-schedule.js';
export type { ServicePriceHistory } from './catalogue/service-history.js';
export type { Settings, SettingsPatch } from './catalogue/settings.js';
export type { FolderAccess } from './catalogue/folder-access.js';
export { moveStore, type MoveStoreReport, type MoveTarget } from './catalogue/move-store.js';
export { refitFromDecisions } from './catalogue/refit.js';

// ---- storage: the port an adapter implements, its records, and the in-memory adapter ----
export type { DecisionPage, DecisionPageQuery, DecisionWrite, PositionFilter, Storage } from './storage/storage.js';
export type {
  Clinic,
  Decision,
  IngestedFile,
  LearnedSynonym,
  MatchCandidate,
  MatchMethod,
  Position,
  PositionKind,
  PositionStatus,
  PriceList,
  PriceListWrite,
  Service,
  SkippedItem,
} from './storage/records.js';
export {
  OFFER_KINDS,
  type Directory,
  type ListPriceLine,
  type PositionCounts,
  type PositionQueryFilter,
  type PositionSlice,
  type PriceKindOfLine,
  type PriceLine,
  type QueryPort,
  type QueueFilter,
  type ServicePriceLines,
  type ServicePricesOptions,
  type Slice,
  type StoreChange,
  type UnmatchedCandidate,
  type UnmatchedLine,
  type UnmatchedListPrices,
  type UnmatchedName,
  type UnmatchedNameRef,
  type UpdatableQueryPort,
} from './storage/query-port.js';
export { createMemoryStorage } from './storage/memory.js';

// ---- the dictionary and the readers ----
export { loadDictionary } from './dictionary/load-dictionary.js';
export { ACCEPTED_FORMATS_TEXT, readDocument } from './extract/readers/index.js';
export type { DocumentFormat, ReadResult, Table, TableReader } from './extract/table.js';
export type { PriceCell, PriceRow } from './extract/price-row.js';
export { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './archive/archive-limits.js';
export { isZip, readZipArchive, type ArchiveEntry, type RejectedEntry, type ZipContents } from './archive/read-zip.js';

// ---- the matcher's extension points: aliases, the ranker model, embeddings ----
export { aliasTableFrom, BUNDLED_ALIASES, checkAliasTable, parseAliasTable, type AliasTable } from './match/vocabulary.js';
export { normalizeName } from './match/normalize.js';
export type { MatchTrace } from './match/trace.js';
export { createRanker, type RankerModel } from './match/ranker/ranker.js';
export { DEFAULT_RANKER_MODEL } from './match/ranker/default-model.js';
export { DEFAULT_TRAINING_ROWS } from './match/ranker/default-training.js';
export type { RefitFigures } from './match/ranker/refit.js';
export type { Embedder } from './embed/embedder.js';
export { embedderFromEnv, type EmbedderEnv } from './embed/embedder-from-env.js';
export { createHfEmbedder, type HfEmbedderOptions } from './embed/hf-embedder.js';
export { createCachedEmbedder, type CachedEmbedder } from './embed/cached-embedder.js';
export { createMemoryEmbeddingCache, type EmbeddingCache } from './embed/embedding-cache.js';

// ---- errors and messages (Russian catalogue; codes for other languages) ----
export { ExtractError, isPricecatError, PricecatError, renderErrorDetail, type PricecatErrorCode } from './errors.js';
export { catalogueProblems, detail, renderMessage, RUSSIAN_MESSAGES, type ErrorDetail, type Message, type MessageCatalogue } from './messages/message-catalogue.js';
export { MESSAGE_CODES } from './messages/message-codes.js';
