import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import './comparison.js';
import type { PricecatComparisonElement } from './comparison.element.js';
import type { PartnerPrice, ServiceComparison, ServicePriceHistory } from '@pricecat/core/contract';
import { $, $$, cleanup, fakeApi, jsonError, mount, shadowText } from '../test-support/fake-api.js';

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
    list_date: date ?? '2024-06-01',
    stale: false,
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
  class: { class_id: 's1', services: [{ service_id: 's1', name: service.name, category: service.category }], pooled: false },
};

function point(list: string, date: string, price: number) {
  return { price_list_id: list, file_name: `${list}.xlsx`, effective_date: date, ingested_at: '2025-01-01T00:00:00Z', price, lines: 1 };
}

/** As the server answers: clinic c3 has two lists, 11 000 in 2023 and 12 600 in 2024; c1 one list. */
const history: ServicePriceHistory = {
  service_id: 's1',
  price_kind: 'resident',
  clinics: [
    { clinic_id: 'c1', clinic_name: 'Клиника «Дешёвая»', city: 'Алматы', points: [point('c1-2024', '2024-01-15', 9000)] },
    { clinic_id: 'c3', clinic_name: 'Медцентр «Дорогой»', city: 'Алматы', points: [point('c3-2023', '2023-02-01', 11000), point('c3-2024', '2024-03-01', 12600)] },
  ],
};


afterEach(cleanup);

describe('<pricecat-comparison>', () => {
  it('lists clinics cheapest first with prices in tenge and the date of the price list', async () => {
    const api = fakeApi({ 'services/s1/partners': comparison, 'services/s1/history': history });
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

  it("compares the dictionary's duplicate entries of the service as one service, and names them", async () => {
    // «Приём терапевта» under a second specialty: the clinic c2 matched to that entry is compared too.
    const pooled: ServiceComparison = {
      ...comparison,
      class: {
        class_id: 's1',
        services: [
          { service_id: 's1', name: service.name, category: service.category },
          { service_id: 's1-gp', name: service.name, category: 'Врач общей практики' },
        ],
        pooled: true,
      },
    };
    const api = fakeApi({ 'services/s1/partners': pooled, 'services/s1/history': history });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(3));
    expect(api.calls('services/s1/partners').every((url) => url.searchParams.get('pool_class') === 'true')).toBe(true);
    expect(shadowText($(element, '.class'))).toBe(
      'Сравнивается как одна услуга вместе с дублями справочника: «Приём терапевта» (Врач общей практики). История цен — только по этой записи справочника.',
    );
  });

  it('says nothing of a class when the service has no duplicate entry', async () => {
    fakeApi({ 'services/s1/partners': comparison, 'services/s1/history': history });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(3));
    expect(element.shadowRoot?.querySelector('.class')).toBeNull();
  });

  it('shows overpayment above the median in red and saving below it in green', async () => {
    const api = fakeApi({ 'services/s1/partners': comparison, 'services/s1/history': history });
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
    const api = fakeApi({ 'services/s1/partners': comparison, 'services/s1/history': history });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'svg.spread circle')).toHaveLength(3));
    const xs = $$(element, 'svg.spread circle').map((dot) => Number(dot.getAttribute('cx')));
    expect(xs[0]).toBeLessThan(xs[1] ?? 0);
    expect(xs[1]).toBeLessThan(xs[2] ?? 0);
    expect($$(element, 'svg.spread title').map((title) => title.textContent)).toContain(`Медцентр «Дорогой»: 12${NBSP}600 ₸`);
  });

  it('draws the price history the server computed, one line per clinic, older list to the left', async () => {
    const api = fakeApi({ 'services/s1/partners': comparison, 'services/s1/history': history });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'svg.history-chart .clinic-line')).toHaveLength(2));
    const dots = $$(element, 'svg.history-chart g[data-clinic="c3"] circle');
    expect(dots).toHaveLength(2);
    expect(Number(dots[0]!.getAttribute('cx'))).toBeLessThan(Number(dots[1]!.getAttribute('cx')));
    // The dearer point is drawn higher (a smaller y).
    expect(Number(dots[1]!.getAttribute('cy'))).toBeLessThan(Number(dots[0]!.getAttribute('cy')));
    const legend = shadowText($(element, '.legend'));
    expect(legend).toContain(`Медцентр «Дорогой»: 01.02.2023: 11${NBSP}000 ₸ → 01.03.2024: 12${NBSP}600 ₸`);
    expect(api.calls('positions')).toHaveLength(0);
  });

  it('marks an outlier and a stale list, and opens the lines behind a clinic’s price', async () => {
    const lines = [
      { position_id: 'p1', raw_name: 'Прием терапевта первичный', price: 12000 },
      { position_id: 'p2', raw_name: 'Прием терапевта повторный', price: 13200 },
    ];
    const audited: ServiceComparison = {
      ...comparison,
      partners: [
        { ...partner('c3', 'Медцентр «Дорогой»', 12600, 10000, '2024-03-01'), outlier: true, stale: true, positions: lines },
        { ...partner('c1', 'Клиника «Дешёвая»', 9000, 10000, '2026-01-15'), outlier: false, stale: false },
      ],
    };
    const api = fakeApi({ 'services/s1/partners': audited, 'services/s1/history': history });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(2));
    const dear = $(element, 'tbody tr:last-child');
    expect(dear.classList.contains('outlier')).toBe(true);
    expect(shadowText(dear.querySelector('.outlier-badge')!)).toBe('выброс');
    expect(shadowText(dear.querySelector('.stale-badge')!)).toBe('устаревший прайс');
    expect($(element, 'tbody tr:first-child').querySelector('.badge')).toBeNull();
    const details = dear.querySelector('details')!;
    expect(shadowText(details.querySelector('summary')!)).toBe('строк прайса: 2');
    details.open = true;
    expect([...details.querySelectorAll('li')].map((li) => shadowText(li.querySelector('.line-name')!))).toEqual([
      'Прием терапевта первичный',
      'Прием терапевта повторный',
    ]);
  });

  it('withdraws a wrong line’s match from the comparison and shows the comparison anew', async () => {
    const wrong = { ...partner('c3', 'Медцентр «Дорогой»', 12600, 10000, '2024-03-01'), positions: [{ position_id: 'p9', raw_name: 'МРТ с контрастом', price: 12600 }] };
    const api = fakeApi({
      'services/s1/partners': { ...comparison, partners: [wrong] },
      'services/s1/history': history,
      skip: { action: 'skip', service: null, position_ids: ['p9'], already_decided: false },
    });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'button.correct')).toHaveLength(1));
    $<HTMLButtonElement>(element, 'button.correct').click();
    await vi.waitFor(() => expect($$(element, 'button.withdraw')).toHaveLength(1));
    $<HTMLButtonElement>(element, 'button.withdraw').click();
    await vi.waitFor(() => expect(shadowText(element)).toContain('Сопоставление строки «МРТ с контрастом» снято.'));
    expect(api.posted('skip')).toEqual([{ position_id: 'p9' }]);
    await vi.waitFor(() => expect(api?.calls('services/s1/partners').length).toBe(2));
  });

  it('asks for non-resident prices when the user flips the switch, and says so with an event', async () => {
    const api = fakeApi({
      'services/s1/partners': (url: URL) => ({ ...comparison, price_kind: url.searchParams.get('price_kind') }),
      'services/s1/history': history,
    });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'input[type="radio"]')).toHaveLength(3));
    const changed = new Promise<CustomEvent>((resolve) =>
      element.addEventListener('pricecat-price-kind-change', (event) => resolve(event), { once: true }),
    );
    $<HTMLInputElement>(element, 'input[value="nonresident"]').click();
    expect((await changed).detail).toEqual({ priceKind: 'nonresident' });
    await vi.waitFor(() => expect(api?.calls('services/s1/partners').at(-1)?.searchParams.get('price_kind')).toBe('nonresident'));
    expect(element.getAttribute('price-kind')).toBe('nonresident');
  });

  it('offers the far-abroad price, asks for it and shows its answer', async () => {
    const far: ServiceComparison = {
      ...comparison,
      price_kind: 'nonresident_far',
      median: 30000,
      min: 30000,
      max: 30000,
      spread: 0,
      spread_ratio: 1,
      clinics: 1,
      outlier_bounds: { rule: 'half_median', low: 15000, high: 45000 },
      partners: [partner('c3', 'Медцентр «Дорогой»', 30000, 30000, '2024-03-01')],
    };
    const api = fakeApi({
      'services/s1/partners': (url: URL) => (url.searchParams.get('price_kind') === 'nonresident_far' ? far : comparison),
      'services/s1/history': (url: URL) => ({ ...history, price_kind: url.searchParams.get('price_kind') }),
    });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(3));
    expect($$(element, '.kind label').map((label) => shadowText(label))).toEqual(['Резиденты', 'Нерезиденты', 'Дальнее зарубежье']);
    const changed = new Promise<CustomEvent>((resolve) =>
      element.addEventListener('pricecat-price-kind-change', (event) => resolve(event), { once: true }),
    );
    $<HTMLInputElement>(element, 'input[value="nonresident_far"]').click();
    expect((await changed).detail).toEqual({ priceKind: 'nonresident_far' });
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(1));
    expect(api?.calls('services/s1/partners').at(-1)?.searchParams.get('price_kind')).toBe('nonresident_far');
    expect(api?.calls('services/s1/history').at(-1)?.searchParams.get('price_kind')).toBe('nonresident_far');
    expect(shadowText($(element, 'tbody tr .price'))).toBe(`30${NBSP}000 ₸`);
    expect(element.getAttribute('price-kind')).toBe('nonresident_far');
    expect($<HTMLInputElement>(element, 'input[value="nonresident_far"]').checked).toBe(true);
  });

  it('keeps the three price kinds within a 390 px wide phone screen', async () => {
    fakeApi({ 'services/s1/partners': comparison, 'services/s1/history': history });
    await page.viewport(390, 844);
    try {
      const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
      await vi.waitFor(() => expect($$(element, '.kind label')).toHaveLength(3));
      for (const label of $$(element, '.kind label')) expect(label.getBoundingClientRect().right).toBeLessThanOrEqual(390);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    } finally {
      await page.viewport(1280, 800);
    }
  });

  it('explains an unknown service in Russian', async () => {
    const api = fakeApi({ 'services/nope/partners': jsonError(404, 'NOT_FOUND', 'Service nope not found'), 'services/nope/history': history });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="nope"></pricecat-comparison>');
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('[role="alert"]')).not.toBeNull());
    expect(shadowText($(element, '[role="alert"]'))).toContain('Не найдено: запись удалена или адрес неверен.');
  });

  it('says that no clinic prices the service', async () => {
    const api = fakeApi({ 'services/s1/partners': { ...comparison, partners: [], median: null, min: null, max: null, spread: null }, 'services/s1/history': history });
    const element = mount<PricecatComparisonElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    await vi.waitFor(() => expect(shadowText(element)).toContain('Для этой услуги нет цен клиник.'));
    expect(shadowText(element)).toContain('Медиана: —');
  });
});
