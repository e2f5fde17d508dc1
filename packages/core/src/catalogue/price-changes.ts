/**
 * Price changes: for each clinic, between consecutive price lists, the services whose representative
 * price changed by at least a relative threshold.
 *
 * Definitions (also in docs/api.md):
 * - A clinic's lists are ordered by effective date, then ingest time (`comparePriceListAge`); a list
 *   without positions, or a re-ingest of a file already seen (same sha256), is left out, so it neither
 *   hides nor invents a change. Each list is compared with the one just before it.
 * - The representative price of a service in one list is the median of that list's positions matched
 *   to the service, as in the comparison across clinics; like with like: when both lists price the
 *   service under some of the same normalized names (`name_norm`), only those lines count on both sides.
 * - Prices are compared kind with kind: `resident` or `nonresident`. Without a kind, each service is
 *   compared on resident prices when both lists have them, else on non-resident prices (lists do not
 *   always have both: a list for foreigners only has non-resident prices).
 * - Relative change = (new − old) / old; a service is reported when |change| ≥ threshold. Sorted by
 *   |change| descending, then clinic and service name.
 * - Signs of a wrong match rather than a price move (`mismatch_signs`, mismatch-signs.ts): the two sides share no
 *   line name and less than half their words (`names_differ`); the jump is bigger than the whole market's spread for
 *   the service, and the new price is one no other clinic charges (`beyond_market`).
 */
import { PricecatError } from '../errors.js';
import type { PriceList } from '../storage/records.js';
import type { Page, PageRequest, PriceKind } from '../model/catalogue-types.js';
import { toPage } from './paging.js';
import { OFFER_KINDS, type Directory, type ListPriceLine, type QueryPort } from '../storage/query-port.js';
import { comparePriceListAge } from './read-model.js';
import { groupBy, median, roundMoney } from './statistics.js';
import { beyondMarket, namesDiffer, type MismatchSign } from './mismatch-signs.js';
import { detail } from '../messages/message-catalogue.js';

import { DEFAULT_PRICE_CHANGE_THRESHOLD, MAX_PRICE_CHANGE_THRESHOLD } from '../contract/limits.js';
import { priceOfKind } from '../model/price-kinds.js';

export { DEFAULT_PRICE_CHANGE_THRESHOLD, MAX_PRICE_CHANGE_THRESHOLD };

export interface PriceChangeQuery extends PageRequest {
  /** Smallest relative change reported, 0 < t ≤ 10 (0.2 = 20 %). @default 0.2 */
  readonly threshold?: number;
  /** Only clinics in this city (case-insensitive). */
  readonly city?: string;
  /** Only this clinic; an unknown id is NOT_FOUND. */
  readonly clinic_id?: string;
  /** Compare only this price kind. @default resident where both lists have it, else non-resident */
  readonly price_kind?: PriceKind;
}

/** One line of a list that went into a representative price. */
export interface PriceChangeLine {
  readonly position_id: string;
  readonly raw_name: string;
  readonly price: number;
}

/** One service of one clinic whose price changed between two consecutive lists. */
export interface PriceChange {
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly city: string | null;
  readonly service_id: string;
  readonly service_name: string;
  readonly category: string;
  /** Which price was compared. */
  readonly price_kind: PriceKind;
  readonly old_price: number;
  readonly new_price: number;
  /** new_price − old_price */
  readonly change: number;
  /** (new − old) / old, e.g. 0.25 = 25 % up, −0.1 = 10 % down. */
  readonly change_share: number;
  readonly direction: 'up' | 'down';
  readonly old_effective_date: string | null;
  readonly new_effective_date: string | null;
  readonly old_price_list_id: string;
  readonly new_price_list_id: string;
  readonly old_file_name: string;
  readonly new_file_name: string;
  /** The lines behind each representative price, so an analyst can check what was compared. */
  readonly old_positions: readonly PriceChangeLine[];
  readonly new_positions: readonly PriceChangeLine[];
  /**
   * Both lists price the service under some of the same normalized names, and only those lines were compared: the
   * change is the same line's price moving, never a wrong match.
   */
  readonly like_with_like: boolean;
  /** Why the change may be a wrong match rather than a price move; empty when nothing suggests it. */
  readonly mismatch_signs: readonly MismatchSign[];
}

/** A page of price changes, with the threshold and kind that produced it. */
export interface PriceChangePage extends Page<PriceChange> {
  readonly threshold: number;
  /** The requested kind, or null when each service used the kind both lists have. */
  readonly price_kind: PriceKind | null;
}

export async function listPriceChanges(queries: QueryPort, query: PriceChangeQuery = {}): Promise<PriceChangePage> {
  const model = await queries.directory();
  const threshold = query.threshold ?? DEFAULT_PRICE_CHANGE_THRESHOLD;
  if (!Number.isFinite(threshold) || threshold <= 0 || threshold > MAX_PRICE_CHANGE_THRESHOLD) {
    throw new PricecatError(
      'INVALID_INPUT',
      detail('THRESHOLD_OUT_OF_RANGE', { max: MAX_PRICE_CHANGE_THRESHOLD, got: String(threshold) }),
    );
  }
  if (query.clinic_id !== undefined && !model.clinicsById.has(query.clinic_id)) {
    throw new PricecatError('NOT_FOUND', detail('CLINIC_NOT_FOUND', { id: query.clinic_id }));
  }
  const city = query.city?.toLowerCase();
  const listsByClinic = groupBy(model.priceListsById.values(), (l) => l.clinic_id);
  // Only a few fields of each position are compared: a port that can narrow them (SQL) reads just those.
  const linesOfList = async (list: PriceList): Promise<readonly ListPriceLine[]> =>
    queries.listPriceLines
      ? queries.listPriceLines(list.price_list_id)
      : (await queries.findPositions({ price_list_id: list.price_list_id, status: 'normalized', kind: OFFER_KINDS })).items;
  const byService = async (list: PriceList) => groupBy(await linesOfList(list), (p) => p.service_id);
  const changes: PriceChange[] = [];
  for (const [clinicId, lists] of listsByClinic) {
    const clinic = model.clinicsById.get(clinicId);
    if (!clinic || (query.clinic_id && clinicId !== query.clinic_id)) continue;
    if (city && clinic.city?.toLowerCase() !== city) continue;
    const ordered = comparableLists(lists);
    let olderByService = ordered.length > 1 ? await byService(ordered[0]!) : new Map<string, ListPriceLine[]>();
    for (let i = 1; i < ordered.length; i++) {
      const [older, newer] = [ordered[i - 1]!, ordered[i]!];
      const newerByService = await byService(newer);
      const between = changesBetween(model, older, newer, olderByService, newerByService, query.price_kind);
      olderByService = newerByService;
      for (const change of between) {
        if (Math.abs(change.change_share) >= threshold - 1e-9) {
          changes.push({ clinic_id: clinicId, clinic_name: clinic.name, city: clinic.city, ...change });
        }
      }
    }
  }
  changes.sort(
    (a, b) =>
      Math.abs(b.change_share) - Math.abs(a.change_share) ||
      a.clinic_name.localeCompare(b.clinic_name, 'ru') ||
      a.service_name.localeCompare(b.service_name, 'ru'),
  );
  const page = toPage(changes, query);
  // The market's spread is read for the page only: a comparison per service shown, not per change found.
  const items = await beyondMarket(queries, page.items);
  return { ...page, items, threshold, price_kind: query.price_kind ?? null };
}

// ---- internal helpers ----

type ClinicFree = Omit<PriceChange, 'clinic_id' | 'clinic_name' | 'city'>;
export type { MismatchSign };

/** Oldest first, without empty lists and without re-ingests of a file already seen. */
function comparableLists(lists: readonly PriceList[]): PriceList[] {
  const seen = new Set<string>();
  return [...lists].sort(comparePriceListAge).filter((list) => {
    if (list.position_count === 0 || seen.has(list.sha256)) return false;
    seen.add(list.sha256);
    return true;
  });
}

/** Every service priced in both lists, with its representative prices (no threshold applied yet). */
function changesBetween(
  model: Directory,
  older: PriceList,
  newer: PriceList,
  before: ReadonlyMap<string, readonly ListPriceLine[]>,
  after: ReadonlyMap<string, readonly ListPriceLine[]>,
  kind: PriceKind | undefined,
): ClinicFree[] {
  const result: ClinicFree[] = [];
  for (const [serviceId, newPositions] of after) {
    const oldPositions = before.get(serviceId);
    const service = model.servicesById.get(serviceId);
    if (!oldPositions || !service) continue;
    const kinds: readonly PriceKind[] = kind ? [kind] : ['resident', 'nonresident'];
    for (const k of kinds) {
      const [oldAll, newAll] = [linesOf(oldPositions, k), linesOf(newPositions, k)];
      const [oldLines, newLines] = comparableLines(oldAll, newAll);
      if (oldLines.length === 0 || newLines.length === 0) continue;
      const oldPrice = roundMoney(median(oldLines.map((l) => l.price))!);
      const newPrice = roundMoney(median(newLines.map((l) => l.price))!);
      if (oldPrice > 0 && newPrice !== oldPrice) {
        result.push({
          service_id: serviceId,
          service_name: service.name,
          category: service.category,
          price_kind: k,
          old_price: oldPrice,
          new_price: newPrice,
          change: roundMoney(newPrice - oldPrice),
          change_share: Math.round(((newPrice - oldPrice) / oldPrice) * 10000) / 10000,
          direction: newPrice > oldPrice ? 'up' : 'down',
          old_effective_date: older.effective_date,
          new_effective_date: newer.effective_date,
          old_price_list_id: older.price_list_id,
          new_price_list_id: newer.price_list_id,
          old_file_name: older.file_name,
          new_file_name: newer.file_name,
          old_positions: oldLines,
          new_positions: newLines,
          like_with_like: sharesName(oldAll, newAll),
          mismatch_signs: namesDiffer(oldAll, newAll) ? ['names_differ'] : [],
        });
      }
      // Without a requested kind the first kind both lists price decides, even when it did not change.
      break;
    }
  }
  return result;
}

type Line = PriceChangeLine & { readonly name_norm: string };

function sharesName(older: readonly Line[], newer: readonly Line[]): boolean {
  const names = new Set(older.map((l) => l.name_norm));
  return newer.some((l) => names.has(l.name_norm));
}

function linesOf(positions: readonly ListPriceLine[], kind: PriceKind): Line[] {
  return positions.flatMap((p) => {
    const price = priceOfKind(p, kind);
    return price === null ? [] : [{ position_id: p.position_id, raw_name: p.raw_name, price, name_norm: p.name_norm }];
  });
}

/**
 * Like with like: when both lists price the service under some of the same normalized names, only those
 * lines count (a list that adds «with contrast» next to «without contrast» did not raise the price of
 * the latter); otherwise every line of the service counts.
 */
function comparableLines(older: readonly Line[], newer: readonly Line[]): [PriceChangeLine[], PriceChangeLine[]] {
  const newerNames = new Set(newer.map((l) => l.name_norm));
  const shared = new Set(older.map((l) => l.name_norm).filter((n) => newerNames.has(n)));
  const keep = (lines: readonly Line[]) =>
    lines.filter((l) => shared.size === 0 || shared.has(l.name_norm)).map(({ position_id, raw_name, price }) => ({ position_id, raw_name, price }));
  return [keep(older), keep(newer)];
}
