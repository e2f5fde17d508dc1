import { afterEach, describe, expect, it, vi } from 'vitest';
import './comparison.js';
import type { PricecatComparisonElement } from './comparison.element.js';
import type { PartnerPrice, Position, PriceList, ServiceComparison } from '@pricecat/core/contract';
import { $, $$, cleanup, fakeApi, jsonError, mount, shadowText, type FakeApi } from '../test-support/fake-api.js';

const NBSP = '\u00a0';
const service = { service_id: 's1', name: 'Приём терапевта', name_norm: 'приём терапевта', category: 'Терапия', tariff_code: null, origin: 'dictionary' } as const;

function partner(id: string, name: string, price: number, median: number, date: string | null): PartnerPrice {
  return {
    clinic_id: id,
    clinic_name: name,
    city: 'Алматы',
    price,
    deviation: price - median,
    deviation_share: (price - median) / median,
    deviation_kind: price > median ? 'overpayment' : price < median ? 'saving' : 'at_median',
    outlier: false,
    effective_date: date,
    price_list_id: `${id}-2024`,
    positions: [],
  };
}

/** Three clinics at 9 000, 10 000 and 12 600 tenge: the median is 10 000. */
const comparison: ServiceComparison = {
  service,
  price_kind: 'resident',
  median: 10000,
  min: 9000,
  max: 12600,
  spread: 3600,
  spread_ratio: 1.4,
  clinics: 3,
  outlier_bounds: { rule: 'half_median', low: 5000, high: 15000 },
  partners: [
    partner('c3', 'Медцентр «Дорогой»', 12600, 10000, '2024-03-01'),
    partner('c1', 'Клиника «Дешёвая»', 9000, 10000, '2024-01-15'),
    partner('c2', 'Поликлиника №1', 10000, 10000, null),
  ],
};

function position(id: string, clinic: string, list: string, price: number): Position {
  return {
    position_id: id, price_list_id: list, clinic_id: clinic, raw_name: 'Прием терапевта', name_norm: 'прием терапевта', code: null,
    section: null, unit: null, price, price_nonresident: null, prices_raw: [{ role: 'resident', value: price, raw: String(price), header: 'Цена' }],
    service_id: 's1', confidence: 1, method: 'exact', status: 'normalized', candidates: [], warnings: [], source: { table: 'Лист1', row: 2 },
  };
}

function list(id: string, clinic: string, date: string): PriceList {
  return { price_list_id: id, clinic_id: clinic, file_name: `${id}.xlsx`, format: 'xlsx', effective_date: date, ingested_at: '2025-01-01T00:00:00Z', sha256: `sha-${id}`, status: 'ok', warnings: [], position_count: 10 };
}

/** Clinic c3 has two lists: 11 000 in 2023 and 12 600 in 2024. */
const positions = { items: [position('p1', 'c3', 'c3-2023', 11000), position('p2', 'c3', 'c3-2024', 12600), position('p3', 'c1', 'c1-2024', 9000)], total: 3, limit: 500, offset: 0 };
const priceLists = { items: [list('c3-2023', 'c3', '2023-02-01'), list('c3-2024', 'c3', '2024-03-01'), list('c1-2024', 'c1', '2024-01-15')] };

let api: FakeApi | undefined;
afterEach(() => {
  api?.restore();
  cleanup();
});

describe('<pricecat-comparison>', () => {
  it('lists clinics cheapest first with prices in tenge and the date of the price list', async () => {
    api = fakeApi({ 'services/s1/partners': comparison, positions, 'price-lists': priceLists });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(3));
    const rows = $$(element, 'tbody tr').map((row) => shadowText(row));
    expect(rows[0]).toContain('Клиника «Дешёвая»');
    expect(rows[0]).toContain(`9${NBSP}000 ₸`);
    expect(rows[0]).toContain('15.01.2024');
    expect(rows[2]).toContain('Медцентр «Дорогой»');
    expect(rows[2]).toContain(`12${NBSP}600 ₸`);
    expect(rows[1]).toContain('дата не указана');
    expect(shadowText(element)).toContain(`Медиана: 10${NBSP}000 ₸`);
  });

  it('shows overpayment above the median in red and saving below it in green', async () => {
    api = fakeApi({ 'services/s1/partners': comparison, positions, 'price-lists': priceLists });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(3));
    const saving = $(element, 'tbody tr:first-child .deviation span');
    const overpay = $(element, 'tbody tr:last-child .deviation span');
    expect(shadowText(saving)).toContain(`−10${NBSP}%`);
    expect(shadowText(saving)).toContain(`−1${NBSP}000 ₸`);
    expect(shadowText(overpay)).toContain(`+26${NBSP}%`);
    expect(getComputedStyle(overpay).color).toBe('rgb(198, 40, 40)');
    expect(getComputedStyle(saving).color).toBe('rgb(27, 127, 59)');
    expect(shadowText($(element, 'tbody tr:nth-child(2) .deviation'))).toBe('на уровне медианы');
  });

  it('draws one dot per clinic on the spread chart', async () => {
    api = fakeApi({ 'services/s1/partners': comparison, positions, 'price-lists': priceLists });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'svg circle')).toHaveLength(3));
    const xs = $$(element, 'svg circle').map((dot) => Number(dot.getAttribute('cx')));
    expect(xs[0]).toBeLessThan(xs[1] ?? 0);
    expect(xs[1]).toBeLessThan(xs[2] ?? 0);
    expect($$(element, 'svg title').map((title) => title.textContent)).toContain(`Медцентр «Дорогой»: 12${NBSP}600 ₸`);
  });

  it('shows the price history of a clinic that has two lists', async () => {
    api = fakeApi({ 'services/s1/partners': comparison, positions, 'price-lists': priceLists });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, '.history li')).toHaveLength(2));
    expect(shadowText($(element, '.history'))).toContain('История цен: Медцентр «Дорогой»');
    const items = $$(element, '.history li').map((item) => shadowText(item));
    expect(items[0]).toContain(`01.02.2023: 11${NBSP}000 ₸`);
    expect(items[1]).toContain(`01.03.2024: 12${NBSP}600 ₸`);
  });

  it('asks for non-resident prices when the user flips the switch, and says so with an event', async () => {
    api = fakeApi({
      'services/s1/partners': (url: URL) => ({ ...comparison, price_kind: url.searchParams.get('price_kind') }),
      positions,
      'price-lists': priceLists,
    });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'input[type="radio"]')).toHaveLength(2));
    const changed = new Promise<CustomEvent>((resolve) =>
      element.addEventListener('pricecat-price-kind-change', (event) => resolve(event), { once: true }),
    );
    $<HTMLInputElement>(element, 'input[value="nonresident"]').click();
    expect((await changed).detail).toEqual({ priceKind: 'nonresident' });
    await vi.waitFor(() => expect(api?.calls('services/s1/partners').at(-1)?.searchParams.get('price_kind')).toBe('nonresident'));
    expect(element.getAttribute('price-kind')).toBe('nonresident');
  });

  it('explains an unknown service in Russian', async () => {
    api = fakeApi({ 'services/nope/partners': jsonError(404, 'NOT_FOUND', 'Service nope not found'), positions, 'price-lists': priceLists });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="nope"></pricecat-comparison>');
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('[role="alert"]')).not.toBeNull());
    expect(shadowText($(element, '[role="alert"]'))).toContain('Не найдено: запись удалена или адрес неверен.');
  });

  it('says that no clinic prices the service', async () => {
    api = fakeApi({ 'services/s1/partners': { ...comparison, partners: [], median: null, min: null, max: null, spread: null }, positions, 'price-lists': priceLists });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect(shadowText(element)).toContain('Для этой услуги нет цен клиник.'));
    expect(shadowText(element)).toContain('Медиана: —');
  });
});
