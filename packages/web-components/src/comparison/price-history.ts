/**
 * Price history of one service per clinic: the comparison endpoint gives only each clinic's latest list,
 * so history is assembled from the positions matched to the service (every version) and the dates of
 * their price lists.
 *
 * @module
 */
import type { PricecatApi } from '../api/client.js';
import type { Position, PriceKind, PriceList } from '@pricecat/core/contract';

/** One clinic's price in one of its lists. */
export interface HistoryPoint {
  readonly priceListId: string;
  readonly fileName: string;
  /** Effective date of the list, or `null` when the document carries none. */
  readonly date: string | null;
  readonly ingestedAt: string;
  /** Median of the clinic's positions for the service in that list. */
  readonly price: number;
}

/** Clinics with two or more lists pricing the service, oldest list first. */
export type PriceHistory = ReadonlyMap<string, readonly HistoryPoint[]>;

/** Enough positions for one service across all clinics and versions; more pages are not fetched. */
const MAX_POSITIONS = 2000;
const PAGE = 500;

/** Loads positions and price lists and builds the history of every clinic that has several lists. */
export async function loadPriceHistory(
  api: PricecatApi,
  serviceId: string,
  kind: PriceKind,
  signal?: AbortSignal,
): Promise<PriceHistory> {
  const [positions, lists] = await Promise.all([loadPositions(api, serviceId, signal), api.priceLists(signal)]);
  return buildHistory(positions, lists, kind);
}

/** Groups positions by clinic and list; keeps clinics with at least two lists. */
export function buildHistory(positions: readonly Position[], lists: readonly PriceList[], kind: PriceKind): PriceHistory {
  const listById = new Map(lists.map((list) => [list.price_list_id, list]));
  const byClinic = new Map<string, Map<string, number[]>>();
  for (const position of positions) {
    const price = kind === 'resident' ? position.price : position.price_nonresident;
    if (price === null) continue;
    const clinic = byClinic.get(position.clinic_id) ?? new Map<string, number[]>();
    byClinic.set(position.clinic_id, clinic);
    const prices = clinic.get(position.price_list_id) ?? [];
    clinic.set(position.price_list_id, prices);
    prices.push(price);
  }
  const history = new Map<string, HistoryPoint[]>();
  for (const [clinicId, perList] of byClinic) {
    if (perList.size < 2) continue;
    const points: HistoryPoint[] = [];
    for (const [priceListId, prices] of perList) {
      const list = listById.get(priceListId);
      points.push({
        priceListId,
        fileName: list?.file_name ?? priceListId,
        date: list?.effective_date ?? null,
        ingestedAt: list?.ingested_at ?? '',
        price: median(prices),
      });
    }
    // Lists without a date are ordered by when they were ingested.
    points.sort((a, b) => (a.date ?? a.ingestedAt).localeCompare(b.date ?? b.ingestedAt));
    history.set(clinicId, points);
  }
  return history;
}

// ---- internal helpers ----

async function loadPositions(api: PricecatApi, serviceId: string, signal?: AbortSignal): Promise<Position[]> {
  const all: Position[] = [];
  for (let offset = 0; offset < MAX_POSITIONS; offset += PAGE) {
    const page = await api.positions({ service_id: serviceId, limit: PAGE, offset }, signal);
    for (const item of page.items) all.push(item);
    if (offset + PAGE >= page.total || page.items.length === 0) break;
  }
  return all;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
