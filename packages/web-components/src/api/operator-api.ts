/**
 * Calls of the operator screens over a {@link PricecatApi}: the verification queue and its decisions,
 * unmatched positions, the dictionary picker, settings and scans, price changes. Free functions so the
 * search-side client stays small; each throws the client's `ApiError`.
 *
 * @module
 */
import type { PricecatApi } from './client.js';
import type {
  AcceptSuggestionsResult,
  CreatedService,
  DecisionLogEntry,
  DecisionResult,
  PositionContext,
  QueueFilters,
  ServiceProposal,
  PriceChangePage,
  QueueItem,
  ScanReport,
  Settings,
  SettingsPatch,
  UndoResult,
  UnmatchedPosition,
  UnmatchedStatus,
} from '@pricecat/core/contract';
import type { Page, PositionStatus, PriceKind, Service } from '@pricecat/core/contract';

/** A page of the verification queue, most confident first, filtered on the server. */
export function loadQueue(api: PricecatApi, page: { limit: number; offset: number }, signal?: AbortSignal, filters: QueueFilters = {}) {
  return api.get<Page<QueueItem>>('queue', { ...filters, ...page }, signal);
}

/**
 * Assigns `serviceId` to a position, or confirms its suggestion when `serviceId` is left out; `applyToIdentical`
 * (the server's default: true) gives the same answer to the identical names still to decide. `expectedStatus` is the
 * status the analyst saw: someone else's decision meanwhile answers 409 instead of being overwritten.
 */
export function matchPosition(api: PricecatApi, positionId: string, serviceId?: string, applyToIdentical?: boolean, expectedStatus?: PositionStatus) {
  return api.post<DecisionResult>('match', {
    position_id: positionId,
    ...(serviceId !== undefined && { service_id: serviceId }),
    ...(applyToIdentical !== undefined && { apply_to_identical: applyToIdentical }),
    ...(expectedStatus !== undefined && { expected_status: expectedStatus }),
  });
}

/** Counts (`dryRun`) or accepts every queued suggestion at or above `minConfidence` within the filters, as one batch. */
export function acceptSuggestions(api: PricecatApi, minConfidence: number, dryRun: boolean, filters: QueueFilters = {}) {
  const { min_confidence: _ignored, ...rest } = filters;
  return api.post<AcceptSuggestionsResult>('queue/accept-suggestions', { ...rest, min_confidence: minConfidence, dry_run: dryRun });
}

/** The decision log, newest first. */
export function loadDecisions(api: PricecatApi, page: { limit: number; offset: number; action?: 'match' | 'skip' }, signal?: AbortSignal) {
  return api.get<Page<DecisionLogEntry>>('decisions', page, signal);
}

/** A position's neighbouring rows and its place in the file. */
export function loadPositionContext(api: PricecatApi, positionId: string, signal?: AbortSignal) {
  return api.get<PositionContext>(`positions/${encodeURIComponent(positionId)}/context`, {}, signal);
}

/** Adds a service to the dictionary; the given positions (and a proposal's members) become normalized to it. */
export function createService(
  api: PricecatApi,
  body: { name: string; category: string; position_ids?: readonly string[]; proposal_id?: string; merged_proposal_ids?: readonly string[] },
) {
  return api.post<CreatedService>('services', body);
}

/** Proposed new services (groups of unmatched names), most clinics first. */
export function loadProposals(api: PricecatApi, page: { limit: number; offset: number; min_clinics?: number }, signal?: AbortSignal) {
  return api.get<Page<ServiceProposal>>('service-proposals', page, signal);
}

/** Skips a position for good; `expectedStatus` as in {@link matchPosition}. */
export function skipPosition(api: PricecatApi, positionId: string, expectedStatus?: PositionStatus) {
  return api.post<DecisionResult>('skip', { position_id: positionId, ...(expectedStatus !== undefined && { expected_status: expectedStatus }) });
}

/**
 * Undoes the last match or skip, or the one named (from the decision log), with its batch; answers 409 `CONFLICT`
 * when there is nothing to undo.
 */
export function undoDecision(api: PricecatApi, decisionId?: string) {
  return api.post<UndoResult>('undo', decisionId === undefined ? undefined : { decision_id: decisionId });
}

/** Filter of {@link loadUnmatched}. */
export interface UnmatchedFilter {
  readonly clinicId?: string;
  readonly status?: UnmatchedStatus;
  readonly q?: string;
  readonly limit: number;
  readonly offset: number;
}

/** Positions that are not normalized, paged. */
export function loadUnmatched(api: PricecatApi, filter: UnmatchedFilter, signal?: AbortSignal) {
  const { clinicId, status, q, limit, offset } = filter;
  return api.get<Page<UnmatchedPosition>>('unmatched', { clinic_id: clinicId, status, q, limit, offset }, signal);
}

/** Dictionary entries whose name contains `q`, for the service picker. */
export async function findServices(api: PricecatApi, q: string, limit: number, signal?: AbortSignal): Promise<readonly Service[]> {
  return (await api.get<Page<Service>>('services', { q, limit }, signal)).items;
}

/** The watched folder, the scan interval and the last scan in brief. */
export function loadSettings(api: PricecatApi, signal?: AbortSignal) {
  return api.get<Settings>('settings', {}, signal);
}

/** Changes settings; the server checks the folder exists and the interval is in range. */
export function saveSettings(api: PricecatApi, patch: SettingsPatch) {
  return api.post<Settings>('settings', patch);
}

/** Scans the watched folder now and answers its report. */
export function scanNow(api: PricecatApi) {
  return api.post<ScanReport>('scan');
}

/** Filter of {@link loadPriceChanges}. */
export interface PriceChangeFilter {
  /** Relative change, 0.2 for 20 %. */
  readonly threshold: number;
  readonly city?: string;
  readonly clinicId?: string;
  readonly priceKind?: PriceKind;
  readonly limit: number;
  readonly offset: number;
}

/** Price changes between each clinic's consecutive lists, biggest first. */
export function loadPriceChanges(api: PricecatApi, filter: PriceChangeFilter, signal?: AbortSignal) {
  const { threshold, city, clinicId, priceKind, limit, offset } = filter;
  return api.get<PriceChangePage>('price-changes', { threshold, city, clinic_id: clinicId, price_kind: priceKind, limit, offset }, signal);
}
