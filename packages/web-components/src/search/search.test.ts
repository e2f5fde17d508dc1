import { afterEach, describe, expect, it, vi } from 'vitest';
import './search.js';
import type { PricecatSearchElement } from './search.element.js';
import type { SearchHit } from '@pricecat/core/contract';
import { $, $$, cleanup, fakeApi, jsonError, mount, shadowText, typeInto } from '../test-support/fake-api.js';

const NBSP = '\u00a0';

function hit(id: string, name: string, prices: [number, number, number], clinics: number): SearchHit {
  return {
    service: { service_id: id, name, name_norm: name.toLowerCase(), category: 'УЗИ', tariff_code: null, origin: 'dictionary' },
    prices: { clinics, min: prices[0], median: prices[1], max: prices[2] },
    clinics: [],
    clinics_total: clinics,
  };
}

const partners = {
  items: [
    { clinic_id: 'c1', name: 'А', city: 'Шымкент' },
    { clinic_id: 'c2', name: 'Б', city: 'Алматы' },
    { clinic_id: 'c3', name: 'В', city: 'Алматы' },
  ],
  total: 3,
  limit: 500,
  offset: 0,
};

afterEach(cleanup);

describe('<pricecat-search>', () => {
  it('suggests services while the user types lowercase Cyrillic and marks the typed letters', async () => {
    const api = fakeApi({
      partners,
      search: {
        items: [hit('s1', 'УЗИ почек', [5000, 7000, 12600], 3), hit('s2', 'УЗИ щитовидной железы', [4000, 6000, 9000], 2)],
      },
    });
    const element = mount<PricecatSearchElement>('<pricecat-search api-base="/x/api"></pricecat-search>');
    await element.updateComplete;
    typeInto($<HTMLInputElement>(element, 'input'), 'узи');
    await vi.waitFor(() => expect($$(element, '[role="option"]')).toHaveLength(2));
    const first = $(element, '[role="option"]');
    expect(first.textContent?.replace(/\s+/g, ' ').trim()).toBe('УЗИ почек');
    expect(first.querySelector('mark')?.textContent).toBe('УЗИ');
    expect(api.calls('search')[0]?.searchParams.get('q')).toBe('узи');
  });

  it('shows results with clinic count and min / median / max in tenge after Enter', async () => {
    const api = fakeApi({ partners, search: { items: [hit('s1', 'УЗИ почек', [5000, 7000, 12600], 3)] } });
    const element = mount<PricecatSearchElement>('<pricecat-search api-base="/api"></pricecat-search>');
    await element.updateComplete;
    typeInto($<HTMLInputElement>(element, 'input'), 'почек');
    $<HTMLFormElement>(element, 'form').requestSubmit();
    await vi.waitFor(() => expect($$(element, '.hit')).toHaveLength(1));
    const text = shadowText($(element, '.hit'));
    expect(text).toContain('Клиник: 3');
    expect(text).toContain(`Мин.: 5${NBSP}000 ₸`);
    expect(text).toContain(`Медиана: 7${NBSP}000 ₸`);
    expect(text).toContain(`Макс.: 12${NBSP}600 ₸`);
  });

  it('offers the cities of the clinics and searches again within the chosen city', async () => {
    const api = fakeApi({ partners, search: { items: [hit('s1', 'УЗИ почек', [5000, 7000, 12600], 3)] } });
    const element = mount<PricecatSearchElement>('<pricecat-search api-base="/api" q="узи"></pricecat-search>');
    await vi.waitFor(() => expect($$(element, '#city option')).toHaveLength(3));
    expect($$(element, '#city option').map((o) => o.textContent)).toEqual(['Все города', 'Алматы', 'Шымкент']);
    const select = $<HTMLSelectElement>(element, '#city');
    select.value = 'Алматы';
    select.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(api?.calls('search').at(-1)?.searchParams.get('city')).toBe('Алматы'));
  });

  it('tells the user when nothing matches', async () => {
    const api = fakeApi({ partners, search: { items: [] } });
    const element = mount<PricecatSearchElement>('<pricecat-search q="МРТ колена"></pricecat-search>');
    await vi.waitFor(() => expect(shadowText(element)).toContain('По запросу «МРТ колена» ничего не найдено.'));
  });

  it('fires pricecat-service-select with the service id when a result is clicked', async () => {
    const api = fakeApi({ partners, search: { items: [hit('s-42', 'Приём терапевта', [3000, 4000, 5000], 5)] } });
    const element = mount<PricecatSearchElement>('<pricecat-search q="терапевт"></pricecat-search>');
    await vi.waitFor(() => expect($$(element, '.hit a')).toHaveLength(1));
    const picked = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('pricecat-service-select', (event) => resolve(event as CustomEvent), { once: true }),
    );
    $(element, '.hit a').click();
    expect((await picked).detail).toEqual({ serviceId: 's-42', name: 'Приём терапевта' });
  });

  it('renders a name with markup as plain text', async () => {
    const api = fakeApi({ partners, search: { items: [hit('s1', '<img src=x onerror=alert(1)> УЗИ', [1, 2, 3], 1)] } });
    const element = mount<PricecatSearchElement>('<pricecat-search q="узи"></pricecat-search>');
    await vi.waitFor(() => expect($$(element, '.hit')).toHaveLength(1));
    expect(element.shadowRoot?.querySelector('img')).toBeNull();
    expect(shadowText($(element, '.hit a'))).toBe('<img src=x onerror=alert(1)> УЗИ');
  });

  it('shows a readable Russian error instead of the raw answer when the server fails', async () => {
    const api = fakeApi({ partners, search: jsonError(500, 'INTERNAL', 'Something broke') });
    const element = mount<PricecatSearchElement>('<pricecat-search q="узи"></pricecat-search>');
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('[role="alert"]')).not.toBeNull());
    const text = shadowText($(element, '[role="alert"]'));
    expect(text).toContain('Внутренняя ошибка сервера. Попробуйте позже.');
    expect(text).not.toContain('{');
    expect(text).toContain('Повторить');
  });

  it('shows the true count, pages through 69 services and says which typo it corrected', async () => {
    const all = Array.from({ length: 69 }, (_, i) => hit(`s${i}`, `Прием кардиолога ${i + 1}`, [1000, 2000, 3000], 1));
    const api = fakeApi({
      partners,
      search: (url: URL) => {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 20);
        return { items: all.slice(offset, offset + limit), total: 69, limit, offset, corrections: [{ from: 'кардиолго', to: 'кардиолога' }] };
      },
    });
    const element = mount<PricecatSearchElement>('<pricecat-search q="кардиолго"></pricecat-search>');
    await vi.waitFor(() => expect($$(element, '.hit')).toHaveLength(50));
    expect(shadowText($(element, '[role="status"]'))).toBe('Найдено услуг: 69 · Показаны 1–50 из 69');
    expect(shadowText($(element, '.corrections'))).toBe('С исправлением опечаток: «кардиолго» → «кардиолога»');
    $$<HTMLButtonElement>(element, '.pager button')[1]!.click();
    await vi.waitFor(() => expect($$(element, '.hit')).toHaveLength(19));
    expect(shadowText($(element, '[role="status"]'))).toBe('Найдено услуг: 69 · Показаны 51–69 из 69');
    expect(api.calls('search').at(-1)?.searchParams.get('offset')).toBe('50');
  });

  it('fires pricecat-search-change with the query and city on submit, for the URL', async () => {
    const api = fakeApi({ partners, search: { items: [], total: 0 } });
    const element = mount<PricecatSearchElement>('<pricecat-search city="Алматы"></pricecat-search>');
    await element.updateComplete;
    const changed = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('pricecat-search-change', (event) => resolve(event as CustomEvent), { once: true }),
    );
    typeInto($<HTMLInputElement>(element, 'input'), ' оак ');
    $<HTMLFormElement>(element, 'form').requestSubmit();
    expect((await changed).detail).toEqual({ q: 'оак', city: 'Алматы' });
  });
});
