/**
 * Comparison of one service across clinics: a representative price per clinic, the median, spread,
 * each clinic's deviation from the median (overpayment / saving) and outliers (rule in outliers.ts).
 *
 * Representative price of a clinic: in the clinic's newest price list (by effective date, then ingest
 * time) that prices the service in the chosen kind (resident or non-resident), the median of the
 * positions matched to the service. A list may price one service on several lines (first and repeat
 * visit, doctor grades); the median keeps one odd line from moving the figure.
 *
 * Asked to pool the service's class (`pool_class`), the positions matched to any duplicate entry of the service (its
 * class, derived from the dictionary in match/dictionary-structure.ts) count as the service's: a clinic that prices
 * `Доплер УЗИ плода (доплерография)` is compared with one pricing `Доплер УЗИ плода`. The clinic's newest list is
 * then the newest that prices any entry of the class.
 */
import { PricecatError } from '../errors.js';
import { dictionaryStructureOf } from '../match/dictionary-structure.js';
import type { Position } from '../storage/records.js';
import type { ComparedClass, DeviationKind, PartnerPrice, PriceKind, PriceSummary, ServiceComparison } from '../model/catalogue-types.js';
import { isOutlier, outlierBounds } from './outliers.js';
import { OFFER_KINDS, type Directory, type PriceLine, type QueryPort, type ServicePriceLines, type ServicePricesOptions } from '../storage/query-port.js';
import { newestPriceList } from './read-model.js';
import { listDate, staleFlags } from './stale-lists.js';
import { groupBy, median, roundMoney } from './statistics.js';
import { maxOf, minOf } from '../numbers.js';
import { detail } from '../messages/message-catalogue.js';
import { priceOfKind } from '../model/price-kinds.js';

export interface CompareOptions {
  readonly price_kind?: PriceKind;
  readonly city?: string;
  /** Pool the positions of every duplicate entry of the service (its class) as one service's. @default false */
  readonly pool_class?: boolean;
}

export async function compareService(queries: QueryPort, serviceId: string, options: CompareOptions = {}): Promise<ServiceComparison> {
  const model = await queries.directory();
  const service = model.servicesById.get(serviceId);
  if (!service) throw new PricecatError('NOT_FOUND', detail('SERVICE_NOT_FOUND', { id: serviceId }));
  const kind = options.price_kind ?? 'resident';
  const compared = classOf(model, serviceId, options.pool_class ?? false);
  const ids = compared.pooled ? compared.services.map((s) => s.service_id) : [serviceId];
  const lines = await servicePricesOf(queries, ids, kind);
  const partners = partnerPrices(model, ids.flatMap((id) => lines.get(id)!.lines), kind, options.city);
  const prices = partners.map((p) => p.price);
  const mid = median(prices);
  const min = prices.length ? minOf(prices) : null;
  const max = prices.length ? maxOf(prices) : null;
  const bounds = outlierBounds(prices);
  const dates = partners.map((p) => listDate(model.priceListsById.get(p.price_list_id)!));
  const stale = new Map(staleFlags(dates).map((flag, i) => [partners[i]!.clinic_id, { list_date: dates[i]!, stale: flag }]));
  return {
    service,
    price_kind: kind,
    median: mid,
    min,
    max,
    spread: min !== null && max !== null ? roundMoney(max - min) : null,
    spread_ratio: min !== null && max !== null && min > 0 ? roundMoney(max / min) : null,
    clinics: partners.length,
    outlier_bounds: bounds,
    partners: partners
      .map((p) => ({
        ...p,
        deviation: mid === null ? 0 : roundMoney(p.price - mid),
        deviation_share: mid ? Math.round(((p.price - mid) / mid) * 10000) / 10000 : 0,
        deviation_kind: deviationKind(p.price, mid),
        outlier: isOutlier(p.price, bounds),
        ...stale.get(p.clinic_id)!,
      }))
      .sort((a, b) => a.price - b.price || a.clinic_name.localeCompare(b.clinic_name)),
    class: compared,
  };
}

/** The service's class in the directory's dictionary, pooled when asked and when it has other entries. */
function classOf(model: Directory, serviceId: string, pool: boolean): ComparedClass {
  const found = dictionaryStructureOf(model.services).classOf(serviceId);
  const ids = [serviceId, ...(found?.service_ids ?? []).filter((id) => id !== serviceId)];
  const services = ids.flatMap((id) => {
    const service = model.servicesById.get(id);
    return service ? [{ service_id: id, name: service.name, category: service.category }] : [];
  });
  return {
    class_id: found?.class_id ?? `cls_${serviceId.replace(/^svc_/, '')}`,
    services,
    pooled: pool && services.length > 1,
  };
}

/** min / median / max of the representative resident prices over clinics. */
export async function summarizePrices(queries: QueryPort, serviceId: string, city?: string): Promise<PriceSummary> {
  const model = await queries.directory();
  const lines = (await servicePricesOf(queries, [serviceId], 'resident')).get(serviceId)!.lines;
  const prices = partnerPrices(model, lines, 'resident', city).map((p) => p.price);
  return {
    clinics: prices.length,
    min: prices.length ? minOf(prices) : null,
    median: median(prices),
    max: prices.length ? maxOf(prices) : null,
  };
}

/** The offers normalized to the service (a package's components are no offers), in ingest order. */
export async function normalizedPositionsOf(queries: QueryPort, serviceId: string): Promise<readonly Position[]> {
  return (await queries.findPositions({ service_id: serviceId, status: 'normalized', kind: OFFER_KINDS })).items;
}

/**
 * What the price comparisons need of each service (QueryPort `servicePrices`): the port's own answer when it
 * has one (SQL picks the newest list per clinic), else every normalized position of each service, which
 * {@link partnerPrices} narrows to the same lines. Every id asked has an entry.
 */
export async function servicePricesOf(
  queries: QueryPort,
  serviceIds: readonly string[],
  kind: PriceKind,
  options?: ServicePricesOptions,
): Promise<ReadonlyMap<string, ServicePriceLines>> {
  if (queries.servicePrices) return queries.servicePrices(serviceIds, kind, options);
  const result = new Map<string, ServicePriceLines>();
  for (const id of new Set(serviceIds)) {
    const positions = await normalizedPositionsOf(queries, id);
    result.set(id, { lines: positions, clinic_ids: [...new Set(positions.map((p) => p.clinic_id))] });
  }
  return result;
}

// ---- internal helpers ----

type Unscored = Omit<PartnerPrice, 'deviation' | 'deviation_share' | 'deviation_kind' | 'outlier' | 'list_date' | 'stale'>;

function deviationKind(price: number, mid: number | null): DeviationKind {
  if (mid === null || price === mid) return 'at_median';
  return price > mid ? 'overpayment' : 'saving';
}

/**
 * One price per clinic: the clinic's newest price list that prices the service, and in it the median of
 * the positions matched to the service (a list may price one service on several lines).
 */
export function partnerPrices(model: Directory, normalized: readonly PriceLine[], kind: PriceKind, city?: string): Unscored[] {
  const priceOf = (p: PriceLine) => priceOfKind(p, kind);
  const byClinic = groupBy(normalized, (p) => (priceOf(p) === null ? null : p.clinic_id));
  const result: Unscored[] = [];
  for (const [clinicId, positions] of byClinic) {
    const clinic = model.clinicsById.get(clinicId);
    if (!clinic || (city && clinic.city?.toLowerCase() !== city.toLowerCase())) continue;
    // One pass over the clinic's lists (not a sort of every position's list).
    const listIds = new Set(positions.map((p) => p.price_list_id));
    const newest = newestPriceList([...listIds].flatMap((id) => model.priceListsById.get(id) ?? []))!;
    const inNewest = positions.filter((p) => p.price_list_id === newest.price_list_id);
    result.push({
      clinic_id: clinicId,
      clinic_name: clinic.name,
      city: clinic.city,
      price: roundMoney(median(inNewest.map((p) => priceOf(p)!))!),
      effective_date: newest.effective_date,
      price_list_id: newest.price_list_id,
      positions: inNewest.map((p) => ({ position_id: p.position_id, raw_name: p.raw_name, price: priceOf(p)! })),
    });
  }
  return result;
}
