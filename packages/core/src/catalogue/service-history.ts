/**
 * A service's price history per clinic: every list of the clinic that prices the service, oldest first, each with
 * the representative price of that list (the median of its lines for the service, as in the comparison). The same
 * order as everywhere else (`comparePriceListAge`: effective date, unknown = ingest day, then ingest time), and a
 * re-ingest of a file already seen (same SHA-256) is left out, as price changes leave it out.
 */
import { PricecatError } from '../errors.js';
import type { PriceKind } from '../model/catalogue-types.js';
import { normalizedPositionsOf } from './compare-service.js';
import { comparePriceListAge } from './read-model.js';
import { groupBy, median, roundMoney } from './statistics.js';
import type { QueryPort } from '../storage/query-port.js';
import { detail } from '../messages/message-catalogue.js';
import { priceOfKind, type KindPrices } from '../model/price-kinds.js';

/** One list of a clinic pricing the service. */
export interface PriceHistoryPoint {
  readonly price_list_id: string;
  readonly file_name: string;
  readonly effective_date: string | null;
  readonly ingested_at: string;
  /** The median of the list's lines for the service, in the asked kind. */
  readonly price: number;
  /** How many lines went into it. */
  readonly lines: number;
}

/** One clinic's history, oldest list first. */
export interface ClinicPriceHistory {
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly city: string | null;
  readonly points: readonly PriceHistoryPoint[];
}

export interface ServicePriceHistory {
  readonly service_id: string;
  readonly price_kind: PriceKind;
  /** Clinics with at least one list pricing the service, by name. */
  readonly clinics: readonly ClinicPriceHistory[];
}

/** Throws NOT_FOUND for an unknown service. */
export async function servicePriceHistory(
  queries: QueryPort,
  serviceId: string,
  options: { readonly price_kind?: PriceKind; readonly city?: string } = {},
): Promise<ServicePriceHistory> {
  const model = await queries.directory();
  if (!model.servicesById.has(serviceId)) {
    throw new PricecatError('NOT_FOUND', detail('SERVICE_NOT_FOUND', { id: serviceId }));
  }
  const kind = options.price_kind ?? 'resident';
  const city = options.city?.toLowerCase();
  const priceOf = (p: KindPrices) => priceOfKind(p, kind);
  const positions = (await normalizedPositionsOf(queries, serviceId)).filter((p) => priceOf(p) !== null);
  const clinics: ClinicPriceHistory[] = [];
  for (const [clinicId, own] of groupBy(positions, (p) => p.clinic_id)) {
    const clinic = model.clinicsById.get(clinicId);
    if (!clinic || (city && clinic.city?.toLowerCase() !== city)) continue;
    const byList = groupBy(own, (p) => p.price_list_id);
    const lists = [...byList.keys()].flatMap((id) => model.priceListsById.get(id) ?? []).sort(comparePriceListAge);
    const seen = new Set<string>();
    const points: PriceHistoryPoint[] = [];
    for (const list of lists) {
      if (seen.has(list.sha256)) continue;
      seen.add(list.sha256);
      const prices = byList.get(list.price_list_id)!.map((p) => priceOf(p)!);
      points.push({
        price_list_id: list.price_list_id,
        file_name: list.file_name,
        effective_date: list.effective_date,
        ingested_at: list.ingested_at,
        price: roundMoney(median(prices)!),
        lines: prices.length,
      });
    }
    clinics.push({ clinic_id: clinicId, clinic_name: clinic.name, city: clinic.city, points });
  }
  clinics.sort((a, b) => a.clinic_name.localeCompare(b.clinic_name, 'ru'));
  return { service_id: serviceId, price_kind: kind, clinics };
}
