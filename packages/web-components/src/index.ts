/**
 * @module @pricecat/web-components — Lit elements of pricecat; importing this module registers them all.
 * Each element can also be imported alone (`./search/search.js` registers `<pricecat-search>` only).
 */
export { PricecatAppElement } from './app/app.js';
export { PricecatSearchElement, type ServiceSelectDetail } from './search/search.js';
export { PricecatComparisonElement, type PriceKindChangeDetail } from './comparison/comparison.js';
export { PricecatDashboardElement } from './dashboard/dashboard.js';
export { PricecatUploadElement, type IngestCompleteDetail, type UploadProgress } from './upload/upload.js';
export { PricecatExportButtonElement, type ExportDetail } from './export-button/export-button.js';
export { PricecatQueueElement, type DecisionDetail } from './queue/queue.js';
export { PricecatServicePickerElement, type ServiceCreateDetail, type ServicePickDetail } from './service-picker/service-picker.js';
export { PricecatUnmatchedElement } from './unmatched/unmatched.js';
export { PricecatDecisionsElement } from './decisions/decisions.js';
export { PricecatProposalsElement } from './proposals/proposals.js';
export { PricecatAutoloadCardElement, type ScanCompleteDetail, type SettingsChangeDetail } from './autoload-card/autoload-card.js';
export { PricecatPriceChangesElement, type PriceChangesFilter } from './price-changes/price-changes.js';
export { routes, matchRoute, type Route, type RouteContext } from './app/routes.js';
export { PricecatApi, type QueryParams } from './api/client.js';
export { ApiError } from './api/errors.js';
export type {
  Candidate, ClinicSummary, DecisionResult, FileReportError, FileReportOk, IngestReport, MatchTrace, Page, PartnerPrice,
  Position, PositionView, PriceChange, PriceChangePage, PriceKind, PriceList, PriceSummary, QueueItem, ScanReport,
  ScanSummary, SearchHit, Service, ServiceComparison, Settings, SettingsPatch, Stats, UndoResult, UnmatchedPosition,
  UnmatchedStatus,
} from '@pricecat/core/contract';
export { formatPrice, formatShare, formatSignedShare, formatDate, formatCount } from './format/format.js';
export { messages } from './i18n/messages.js';
