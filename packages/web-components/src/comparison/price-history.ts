/**
 * Price history of one service per clinic, as the server computes it (`GET /services/{id}/history`): every list of
 * each clinic pricing the service, oldest first, in the catalogue's one order (effective date, else ingest day, then
 * ingest time). The screen draws it; it computes nothing of its own.
 *
 * @module
 */
import type { PricecatApi } from '../api/client.js';
import type { PriceKind, ServicePriceHistory } from '@pricecat/core/contract';

/** Loads the history of `serviceId` in `kind`, of the clinics of `city` when given. */
export function loadPriceHistory(
  api: PricecatApi,
  serviceId: string,
  kind: PriceKind,
  city: string | undefined,
  signal?: AbortSignal,
): Promise<ServicePriceHistory> {
  return api.get<ServicePriceHistory>(`services/${encodeURIComponent(serviceId)}/history`, { price_kind: kind, city }, signal);
}
