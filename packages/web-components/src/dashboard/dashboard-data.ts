import type { PricecatApi } from '../api/client.js';
import type { Dashboard, PriceList, Stats } from '@pricecat/core/contract';

/** What the dashboard shows: the figures, the latest ingests and the clinic names they refer to. */
export interface DashboardData {
  readonly stats: Stats;
  /** Newest ingest first, at most `latest` of them. */
  readonly latest: readonly PriceList[];
  readonly clinicNames: ReadonlyMap<string, string>;
  /** Per clinic, category and ingest; `null` from a server without `GET /dashboard`. */
  readonly figures: Dashboard | null;
}

/** Loads stats, price lists and clinics in parallel; clinic names are a nicety, so their failure is ignored. */
export async function loadDashboard(api: PricecatApi, latest: number, signal?: AbortSignal): Promise<DashboardData> {
  const [stats, lists, partners, figures] = await Promise.all([
    api.stats(signal),
    api.priceLists(signal),
    api.partners({ limit: 500 }, signal).catch(() => undefined),
    api.get<Dashboard>('dashboard', {}, signal).catch(() => null),
  ]);
  const newest = [...lists].sort((a, b) => b.ingested_at.localeCompare(a.ingested_at)).slice(0, latest);
  const clinicNames = new Map((partners?.items ?? []).map((clinic) => [clinic.clinic_id, clinic.name]));
  return { stats, latest: newest, clinicNames, figures };
}
