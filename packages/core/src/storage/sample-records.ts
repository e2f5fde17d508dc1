/**
 * Small, valid records for the storage conformance suite: each builder fills every field with a
 * plausible value (a clinic in Almaty, a consultation at 12 600 ₸) and takes overrides for the fields
 * a case is about.
 */
import type { PriceListWrite } from './storage.js';
import type { Clinic, LearnedSynonym, Position, PriceList, Service, SkippedItem } from './records.js';

/** A dictionary service. */
export function sampleService(service_id: string, overrides: Partial<Service> = {}): Service {
  return {
    service_id,
    name: 'Прием (осмотр, консультация) врача-терапевта первичный',
    name_norm: 'прием осмотр консультация врача терапевта первичный',
    category: 'Терапия',
    tariff_code: 'A02.004.000',
    origin: 'dictionary',
    ...overrides,
  };
}

/** A clinic. */
export function sampleClinic(clinic_id: string, overrides: Partial<Clinic> = {}): Clinic {
  return {
    clinic_id,
    name: 'ТОО «Медицинский центр Здоровье»',
    city: 'Алматы',
    bin: '123456789012',
    aliases: ['МЦ Здоровье'],
    created_at: '2024-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** A price list of `clinic_id`. */
export function samplePriceList(price_list_id: string, clinic_id: string, overrides: Partial<PriceList> = {}): PriceList {
  return {
    price_list_id,
    clinic_id,
    file_name: 'Прейскурант 2024.xlsx',
    format: 'xlsx',
    effective_date: '2024-01-01',
    ingested_at: '2024-03-01T09:00:00.000Z',
    sha256: 'a'.repeat(64),
    status: 'ok',
    warnings: [],
    position_count: 1,
    ...overrides,
  };
}

/** A matched position at 12 600 ₸ (residents) / 15 000 ₸ (non-residents). */
export function samplePosition(
  position_id: string,
  price_list_id: string,
  clinic_id: string,
  overrides: Partial<Position> = {},
): Position {
  return {
    position_id,
    price_list_id,
    clinic_id,
    raw_name: 'Консультация терапевта',
    name_norm: 'консультация терапевта',
    code: 'A02.004.000',
    section: 'ПРИЕМ ВРАЧА',
    unit: 'услуга',
    price: 12600,
    price_nonresident: 15000,
    price_nonresident_far: null,
    prices_raw: [
      { role: 'resident', value: 12600, raw: '12 600', header: 'Цена для резидентов, тг' },
      { role: 'nonresident', value: 15000, raw: '15 000', header: 'Цена для нерезидентов, тг' },
    ],
    service_id: 'svc-therapist',
    confidence: 0.93,
    method: 'fuzzy',
    status: 'normalized',
    candidates: [{ service_id: 'svc-therapist', name: 'Прием терапевта', score: 0.93, method: 'fuzzy' }],
    warnings: [],
    source: { table: 'Лист1', row: 12 },
    kind: 'service',
    package_id: null,
    ...overrides,
  };
}

/** One ingest: a clinic, its price list and `positions`, with the ingested file recorded. */
export function sampleWrite(
  clinic_id: string,
  price_list_id: string,
  positions: readonly Position[],
  overrides: Partial<PriceListWrite> = {},
): PriceListWrite {
  return {
    clinic: sampleClinic(clinic_id),
    priceList: samplePriceList(price_list_id, clinic_id, { position_count: positions.length }),
    positions,
    ingestedFile: {
      path: `inbox/${price_list_id}.xlsx`,
      sha256: 'b'.repeat(64),
      price_list_id,
      ingested_at: '2024-03-01T09:00:00.000Z',
    },
    ...overrides,
  };
}

/** An analyst's decision that `name_norm` means `service_id`. */
export function sampleSynonym(name_norm: string, service_id: string): LearnedSynonym {
  return {
    name_norm,
    service_id,
    raw_name: name_norm.toUpperCase(),
    clinic_id: 'clinic-1',
    created_at: '2024-03-02T10:00:00.000Z',
  };
}

/** A position the analyst chose to skip. */
export function sampleSkippedItem(position_id: string, name_norm: string): SkippedItem {
  return { position_id, name_norm, created_at: '2024-03-02T10:00:00.000Z' };
}
