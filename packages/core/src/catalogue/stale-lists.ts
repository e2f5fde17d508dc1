/**
 * Stale lists in a comparison: a clinic's price from a list a year or more older than the newest list compared
 * beside it (a 2024 price next to 2026 ones) is flagged, so nobody reads an old price as today's overpayment.
 * NOTE: a rule, not learned: price lists in the client's archive are issued yearly, so a list a full year behind
 * the newest has missed at least one revision.
 */
import type { PriceList } from '../storage/records.js';

/** A list this many days older than the newest one compared is stale. */
export const STALE_AFTER_DAYS = 365;

/** The day a list's prices hold from: its effective date, else the day it was ingested. */
export function listDate(list: Pick<PriceList, 'effective_date' | 'ingested_at'>): string {
  return list.effective_date ?? list.ingested_at.slice(0, 10);
}

/** For each date (ISO day), whether it lies {@link STALE_AFTER_DAYS} or more before the newest of them. */
export function staleFlags(dates: readonly string[]): boolean[] {
  if (dates.length === 0) return [];
  const newest = Math.max(...dates.map((d) => Date.parse(d)));
  return dates.map((d) => newest - Date.parse(d) >= STALE_AFTER_DAYS * 86_400_000);
}
