import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import './app.js';
import type { PricecatAppElement } from './app.element.js';
import { matchRoute } from './routes.js';
import { $, $$, cleanup, fakeApi, mount, shadowText, type FakeApi } from '../test-support/fake-api.js';

const service = { service_id: 's 1/а', name: 'УЗИ почек', name_norm: 'узи почек', category: 'УЗИ', tariff_code: null, origin: 'dictionary' };
const routesOfApi = {
  partners: { items: [], total: 0, limit: 500, offset: 0 },
  search: { items: [{ service, prices: { clinics: 1, min: 5000, median: 5000, max: 5000 }, clinics: [], clinics_total: 1 }] },
  stats: { services: 1, clinics: 1, price_lists: 1, positions: 10, normalized: 5, normalized_share: 0.5, queued: 3, unrecognized: 2, skipped: 0, by_method: {}, by_status: {} },
  'price-lists': { items: [] },
  positions: { items: [], total: 0, limit: 500, offset: 0 },
  'services/s 1/а/partners': { service, price_kind: 'resident', median: null, min: null, max: null, spread: null, spread_ratio: null, partners: [] },
};

let api: FakeApi | undefined;
afterEach(async () => {
  cleanup();
  history.replaceState(null, '', location.pathname + location.search);
  await page.viewport(1280, 800);
});

async function goTo(hash: string): Promise<void> {
  location.hash = hash;
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('<pricecat-app>', () => {
  it('opens on the search screen with Russian navigation and the export button', async () => {
    api = fakeApi(routesOfApi);
    const app = mount<PricecatAppElement>('<pricecat-app api-base="./api"></pricecat-app>');
    await app.updateComplete;
    expect($$(app, 'nav a').map((a) => a.textContent?.trim())).toEqual([
      'Поиск', 'Сводка', 'Загрузка', 'Проверка', 'Нераспознанные', 'Новые услуги', 'Журнал решений', 'Администрирование',
    ]);
    expect($(app, 'nav a[aria-current="page"]').textContent?.trim()).toBe('Поиск');
    expect(app.shadowRoot?.querySelector('pricecat-search')?.getAttribute('api-base')).toBe('./api');
    expect(app.shadowRoot?.querySelector('pricecat-export-button')).not.toBeNull();
  });

  it('goes from a search result to the comparison of that service', async () => {
    api = fakeApi(routesOfApi);
    await goTo('#/search?q=почек');
    const app = mount<PricecatAppElement>('<pricecat-app></pricecat-app>');
    await app.updateComplete;
    const search = app.shadowRoot?.querySelector('pricecat-search');
    if (!search) throw new Error('no search screen');
    await vi.waitFor(() => expect($$(search, '.hit a')).toHaveLength(1));
    const link = $<HTMLAnchorElement>(search, '.hit a');
    expect(link.getAttribute('href')).toBe('#/service/s%201%2F%D0%B0');
    link.click();
    await vi.waitFor(() => expect(app.shadowRoot?.querySelector('pricecat-comparison')).not.toBeNull());
    const comparison = app.shadowRoot?.querySelector('pricecat-comparison');
    expect(comparison?.getAttribute('service-id')).toBe('s 1/а');
    await vi.waitFor(() => expect(shadowText(comparison as Element)).toContain('УЗИ почек'));
  });

  it('opens the comparison at the far-abroad price the address names, and puts a switched kind in the address', async () => {
    api = fakeApi(routesOfApi);
    await goTo('#/service/s%201%2F%D0%B0?price_kind=nonresident_far');
    const app = mount<PricecatAppElement>('<pricecat-app></pricecat-app>');
    await app.updateComplete;
    await vi.waitFor(() => expect(api?.calls('services/s 1/а/partners').at(-1)?.searchParams.get('price_kind')).toBe('nonresident_far'));
    const comparison = app.shadowRoot?.querySelector('pricecat-comparison');
    expect(comparison?.getAttribute('price-kind')).toBe('nonresident_far');
    await vi.waitFor(() => expect($$(comparison as Element, 'input[value="resident"]')).toHaveLength(1));
    $<HTMLInputElement>(comparison as Element, 'input[value="resident"]').click();
    await vi.waitFor(() => expect(location.hash).toBe('#/service/s%201%2F%D0%B0?price_kind=resident'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await app.updateComplete;
    await goTo('#/service/s%201%2F%D0%B0?price_kind=nonresident_far');
    await vi.waitFor(() => expect(app.shadowRoot?.querySelector('pricecat-comparison')?.getAttribute('price-kind')).toBe('nonresident_far'));
    await goTo('#/service/s%201%2F%D0%B0?price_kind=martian');
    await vi.waitFor(() => expect(app.shadowRoot?.querySelector('pricecat-comparison')?.getAttribute('price-kind')).toBe('resident'));
  });

  it('lists the price changes of the kind and threshold the address names, and puts a changed filter in the address', async () => {
    const partners = { items: [{ clinic_id: 'c2', name: 'Клиника 2', city: 'Астана' }], total: 1, limit: 500, offset: 0 };
    const priceChanges = (url: URL) => ({ items: [], total: 0, limit: 50, offset: 0, threshold: Number(url.searchParams.get('threshold')), price_kind: url.searchParams.get('price_kind') });
    api = fakeApi({ ...routesOfApi, partners, 'price-changes': priceChanges });
    const lastCall = () => api?.calls('price-changes').at(-1)?.searchParams;
    await goTo('#/admin?price_kind=nonresident_far&threshold=10');
    const app = mount<PricecatAppElement>('<pricecat-app></pricecat-app>');
    await app.updateComplete;
    await vi.waitFor(() => expect(lastCall()?.get('price_kind')).toBe('nonresident_far'));
    expect(lastCall()?.get('threshold')).toBe('0.1');
    const changes = app.shadowRoot!.querySelector('pricecat-price-changes')!;
    await vi.waitFor(() => expect($<HTMLSelectElement>(changes, 'select.kind').value).toBe('nonresident_far'));
    expect($<HTMLInputElement>(changes, 'input.threshold').value).toBe('10');

    const kind = $<HTMLSelectElement>(changes, 'select.kind');
    kind.value = 'nonresident';
    kind.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(location.hash).toBe('#/admin?threshold=10&price_kind=nonresident'));
    await vi.waitFor(() => expect(lastCall()?.get('price_kind')).toBe('nonresident'));
    await vi.waitFor(() => expect($$(changes, 'select.city option')).toHaveLength(2));
    const city = $<HTMLSelectElement>(changes, 'select.city');
    city.value = 'Астана';
    city.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(decodeURIComponent(location.hash)).toBe('#/admin?threshold=10&city=Астана&price_kind=nonresident'));

    // Back to the plain address: every filter at its default again.
    await goTo('#/admin');
    await vi.waitFor(() => expect(lastCall()?.has('price_kind')).toBe(false));
    expect(lastCall()?.get('threshold')).toBe('0.2');
    expect(lastCall()?.has('city')).toBe(false);
    await vi.waitFor(() => expect($<HTMLSelectElement>(changes, 'select.kind').value).toBe(''));
    // An address the view cannot mean reads as the defaults, not as a refused request.
    const calls = api.calls('price-changes').length;
    await goTo('#/admin?price_kind=martian&threshold=abc');
    await app.updateComplete;
    await changes.updateComplete;
    expect(api.calls('price-changes')).toHaveLength(calls);
    expect(app.shadowRoot!.querySelector('pricecat-price-changes')).toBe(changes);
  });

  it('puts a submitted search in the URL, and «← Назад к поиску» leads back to it', async () => {
    api = fakeApi(routesOfApi);
    await goTo('#/search');
    const app = mount<PricecatAppElement>('<pricecat-app></pricecat-app>');
    await app.updateComplete;
    const search = app.shadowRoot!.querySelector('pricecat-search')!;
    await search.updateComplete;
    const input = $<HTMLInputElement>(search, 'input[type="search"]');
    input.value = 'почек';
    input.dispatchEvent(new Event('input'));
    $<HTMLFormElement>(search, 'form').requestSubmit();
    await vi.waitFor(() => expect(decodeURIComponent(location.hash)).toBe('#/search?q=почек'));
    await vi.waitFor(() => expect($$(search, '.hit a')).toHaveLength(1));
    $<HTMLAnchorElement>(search, '.hit a').click();
    await vi.waitFor(() => expect(app.shadowRoot?.querySelector('pricecat-comparison')).not.toBeNull());
    const back = $<HTMLAnchorElement>(app, 'main p a');
    expect(decodeURIComponent(back.getAttribute('href') ?? '')).toBe('#/search?q=почек');
  });

  it('shows the dashboard and the upload screen from the navigation', async () => {
    api = fakeApi(routesOfApi);
    const app = mount<PricecatAppElement>('<pricecat-app></pricecat-app>');
    await app.updateComplete;
    await goTo('#/dashboard');
    await app.updateComplete;
    expect(app.shadowRoot?.querySelector('pricecat-dashboard')).not.toBeNull();
    await goTo('#/upload');
    await app.updateComplete;
    expect(shadowText($(app, 'main'))).toContain('Загрузка архива прайс-листов');
    expect(app.shadowRoot?.querySelector('pricecat-upload')).not.toBeNull();
  });

  it('shows the queue, unmatched and admin screens, and a message for unknown addresses', async () => {
    api = fakeApi(routesOfApi);
    await goTo('#/queue');
    const app = mount<PricecatAppElement>('<pricecat-app></pricecat-app>');
    await app.updateComplete;
    expect(shadowText($(app, 'main'))).toContain('Проверка сопоставлений');
    expect(app.shadowRoot?.querySelector('pricecat-queue')).not.toBeNull();
    await goTo('#/unmatched?status=unrecognized');
    await app.updateComplete;
    expect(app.shadowRoot?.querySelector('pricecat-unmatched')?.getAttribute('status')).toBe('unrecognized');
    await goTo('#/admin');
    await app.updateComplete;
    expect(app.shadowRoot?.querySelector('pricecat-autoload-card')).not.toBeNull();
    expect(app.shadowRoot?.querySelector('pricecat-price-changes')).not.toBeNull();
    await goTo('#/nowhere');
    await app.updateComplete;
    expect(shadowText($(app, 'main'))).toContain('Страница не найдена.');
  });

  it('keeps the queue filters in the address: a reload shows the same filtered queue, and applying filters writes them', async () => {
    const queued = { items: [], total: 0, limit: 20, offset: 0 };
    api = fakeApi({ ...routesOfApi, queue: queued });
    await goTo('#/queue?method=fuzzy&min_confidence=0.6');
    const app = mount<PricecatAppElement>('<pricecat-app></pricecat-app>');
    await app.updateComplete;
    const queue = app.shadowRoot?.querySelector('pricecat-queue');
    if (!queue) throw new Error('no queue screen');
    await vi.waitFor(() => expect(shadowText(queue)).toContain('фильтр включён'));
    const asked = api.calls('queue').map((url) => [url.searchParams.get('method'), url.searchParams.get('min_confidence')]);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every(([method, min]) => method === 'fuzzy' && min === '0.6')).toBe(true);
    expect($<HTMLSelectElement>(queue, 'select[name="method"]').value).toBe('fuzzy');
    expect($<HTMLInputElement>(queue, 'input[name="min"]').value).toBe('60');

    $<HTMLSelectElement>(queue, 'select[name="method"]').value = 'code';
    $(queue, 'button.apply-filters').click();
    await vi.waitFor(() => expect(location.hash).toBe('#/queue?method=code&min_confidence=0.6'));
    await vi.waitFor(() => expect(api?.calls('queue').at(-1)?.searchParams.get('method')).toBe('code'));
    $(queue, 'button.reset-filters').click();
    await vi.waitFor(() => expect(location.hash).toBe('#/queue'));
    await vi.waitFor(() => expect(api?.calls('queue').at(-1)?.searchParams.has('method')).toBe(false));
  });

  it('keeps the header on one line at 1280×800: the export button beside the navigation, not under it', async () => {
    api = fakeApi(routesOfApi);
    await page.viewport(1280, 800);
    const app = mount<PricecatAppElement>('<pricecat-app></pricecat-app>');
    await app.updateComplete;
    await document.fonts.ready;
    const nav = $(app, 'nav').getBoundingClientRect();
    const exportButton = $(app, 'pricecat-export-button').getBoundingClientRect();
    expect(exportButton.top).toBeLessThan(nav.bottom);
    expect(exportButton.right).toBeLessThanOrEqual(1280);
  });

  it('fits a 390 px wide phone screen without sideways scrolling', async () => {
    api = fakeApi(routesOfApi);
    await page.viewport(390, 844);
    await goTo('#/search?q=почек');
    const app = mount<PricecatAppElement>('<pricecat-app></pricecat-app>');
    await app.updateComplete;
    const search = app.shadowRoot?.querySelector('pricecat-search');
    if (!search) throw new Error('no search screen');
    await vi.waitFor(() => expect($$(search, '.hit')).toHaveLength(1));
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  });
});

describe('matchRoute', () => {
  it('reads the service id and the query of a comparison address', () => {
    const found = matchRoute('#/service/abc?price_kind=nonresident');
    expect(found?.route.path).toBe('/service/:id');
    expect(found?.params).toEqual({ id: 'abc' });
    expect(found?.query.get('price_kind')).toBe('nonresident');
  });
});
