/**
 * Calls of the operator screens over a {@link PricecatApi}: the verification queue and its decisions,
 * unmatched positions, the dictionary picker, settings and scans, price changes. Free functions so the
 * search-side client stays small; each throws the client's `ApiError`.
 *
 * @module
 */
import type { PricecatApi } from './client.js';
import type {
  DecisionResult,
  PriceChangePage,
  QueueItem,
  ScanReport,
  Settings,
  SettingsPatch,
  UndoResult,
  UnmatchedPosition,
  UnmatchedStatus,
} from '@pricecat/core/contract';
import type { Page, PriceKind, Service } from '@pricecat/core/contract';

/** A page of the verification queue, most confident first. */
export function loadQueue(api: PricecatApi, page: { limit: number; offset: number }, signal?: AbortSignal) {
  return api.get<Page<QueueItem>>('queue', page, signal);
}

/** Assigns `serviceId` to a position, or confirms its suggestion when `serviceId` is left out. */
export function matchPosition(api: PricecatApi, positionId: string, serviceId?: string) {
  return api.post<DecisionResult>('match', { position_id: positionId, ...(serviceId !== undefined && { service_id: serviceId }) });
}

/** Skips a position for good. */
export function skipPosition(api: PricecatApi, positionId: string) {
  return api.post<DecisionResult>('skip', { position_id: positionId });
}

/** Undoes the last match or skip (answers 409 `CONFLICT` when there is nothing to undo). */
export function undoDecision(api: PricecatApi) {
  return api.post<UndoResult>('undo');
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
