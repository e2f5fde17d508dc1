import { afterEach, describe, expect, it, vi } from 'vitest';
import './dashboard.js';
import type { PricecatDashboardElement } from './dashboard.element.js';
import type { PriceList, Stats } from '@pricecat/core/contract';
import { $, $$, cleanup, fakeApi, jsonError, mount, shadowText } from '../test-support/fake-api.js';

const NBSP = '\u00a0';

/** 1 250 positions of which 1 000 normalized: 80 %. */
const stats: Stats = {
  services: 1300,
  clinics: 12,
  cities: 3,
  price_lists: 15,
  documents: 15,
  last_ingest_at: '2025-02-01T10:00:00Z',
  positions: 1250,
  normalized: 1000,
  normalized_share: 0.8,
  queued: 170,
  unrecognized: 80,
  skipped: 0,
  by_method: { exact: 700, fuzzy: 250, code: 50 },
  by_status: { normalized: 1000, queued: 170, unrecognized: 80 },
};

function list(id: string, file: string, ingested: string, status: PriceList['status'], warnings: string[]): PriceList {
  return { price_list_id: id, clinic_id: 'c1', file_name: file, format: 'xlsx', effective_date: '2024-05-01', ingested_at: ingested, sha256: `sha-${id}`, status, warnings, position_count: 120 };
}

const priceLists = {
  items: [
    list('old', 'Старый прайс.xls', '2025-01-01T10:00:00Z', 'ok', []),
    list('new', 'Новый прайс.xlsx', '2025-02-01T10:00:00Z', 'warnings', ['Лист 2: нет колонки с ценой']),
  ],
};
const partners = { items: [{ clinic_id: 'c1', name: 'ТОО «Медикер»', city: 'Алматы' }], total: 1, limit: 500, offset: 0 };

afterEach(cleanup);

describe('<pricecat-dashboard>', () => {
  it('shows documents, clinics, positions, normalized share and queue size', async () => {
    const api = fakeApi({ stats, 'price-lists': priceLists, partners });
    const element = mount<PricecatDashboardElement>('<pricecat-dashboard></pricecat-dashboard>');
    await vi.waitFor(() => expect($$(element, '.card')).not.toHaveLength(0));
    const figure = (key: string) => shadowText($(element, `[data-figure="${key}"] dd`));
    expect(figure('documents')).toBe('15');
    expect(figure('clinics')).toBe('12');
    expect(figure('positions')).toBe(`1${NBSP}250`);
    expect(figure('normalized-share')).toBe(`80${NBSP}%`);
    expect(figure('queue')).toBe('170');
  });

  it('lists positions per matching method in Russian, largest first', async () => {
    const api = fakeApi({ stats, 'price-lists': priceLists, partners });
    const element = mount<PricecatDashboardElement>('<pricecat-dashboard></pricecat-dashboard>');
    await vi.waitFor(() => expect($$(element, '.method')).toHaveLength(3));
    expect($$(element, '.method').map((m) => m.textContent)).toEqual(['точное совпадение', 'похожее название', 'по коду']);
  });

  it('lists the latest ingest first with its clinic, status and warnings', async () => {
    const api = fakeApi({ stats, 'price-lists': priceLists, partners });
    const element = mount<PricecatDashboardElement>('<pricecat-dashboard></pricecat-dashboard>');
    await vi.waitFor(() => expect($$(element, 'table.latest tbody tr')).toHaveLength(2));
    const first = shadowText($$(element, 'table.latest tbody tr')[0] as HTMLElement);
    expect(first).toContain('Новый прайс.xlsx');
    expect(first).toContain('ТОО «Медикер»');
    expect(first).toContain('с предупреждениями');
    expect(first).toContain('Лист 2: нет колонки с ценой');
    expect(shadowText($$(element, 'table.latest tbody tr')[1] as HTMLElement)).toContain('готово');
  });

  it('shows a warning in Russian only: without the file name its row already shows and without the stable code', async () => {
    // As the server words them for «Клиника 1 прайс 2024.docx» of the real archive.
    const warnings = [
      'Клиника 1 прайс 2024.docx, [ROWS_WITHOUT_PRICE_SKIPPED] таблица 1: пропущено строк с названием, но без цены (пусто или 0): 23',
      '[LIST_IN_COLUMNS] Клиника 1 прайс 2024.docx, таблица 2: список в колонках, а не таблица; из его строк прочитано строк: 4',
      'Приложение.docx, [PRICES_REPAIRED] стр. 1: в 7 строк(ах) цена восстановлена',
    ];
    const api = fakeApi({ stats, 'price-lists': { items: [list('d', 'Клиника 1 прайс 2024.docx', '2025-03-01T10:00:00Z', 'warnings', warnings)] }, partners });
    const element = mount<PricecatDashboardElement>('<pricecat-dashboard></pricecat-dashboard>');
    await vi.waitFor(() => expect($$(element, 'table.latest tbody tr')).toHaveLength(1));
    expect($$(element, '.warnings li').map((li) => shadowText(li))).toEqual([
      'таблица 1: пропущено строк с названием, но без цены (пусто или 0): 23',
      'таблица 2: список в колонках, а не таблица; из его строк прочитано строк: 4',
      // The third folds under «ещё 1»; another file's name is kept.
      'Приложение.docx, стр. 1: в 7 строк(ах) цена восстановлена',
    ]);
    expect($$(element, 'li').map((li) => li.getAttribute('data-code'))).toEqual(['ROWS_WITHOUT_PRICE_SKIPPED', 'LIST_IN_COLUMNS', 'PRICES_REPAIRED']);
  });

  it('folds a long list of warnings under «ещё N»', async () => {
    const warnings = ['Стр. 1: пусто', 'Стр. 2: пусто', 'Стр. 3: пусто', 'Стр. 4: пусто', 'Стр. 5: пусто'];
    const api = fakeApi({ stats, 'price-lists': { items: [list('scan', 'Скан.pdf', '2025-03-01T10:00:00Z', 'warnings', warnings)] }, partners });
    const element = mount<PricecatDashboardElement>('<pricecat-dashboard></pricecat-dashboard>');
    await vi.waitFor(() => expect($$(element, 'table.latest tbody tr')).toHaveLength(1));
    expect(shadowText($(element, 'details summary'))).toBe('ещё 3');
    expect($<HTMLDetailsElement>(element, 'details').open).toBe(false);
    expect($$(element, 'details li').map((li) => li.textContent)).toEqual(['Стр. 3: пусто', 'Стр. 4: пусто', 'Стр. 5: пусто']);
  });

  it('links its figures to the lists behind them and shows per-clinic figures and the share over time', async () => {
    const figures = {
      clinics: [{ clinic_id: 'c1', name: 'ТОО «Медикер»', city: 'Алматы', price_lists: 2, positions: 240, normalized: 180, queued: 40, unrecognized: 20, skipped: 0, normalized_share: 0.75, latest_list_date: '2024-05-01' }],
      categories: [{ category: 'УЗИ', services: 69, offered: 12, clinics: 1 }],
      ingests: [
        { price_list_id: 'old', file_name: 'Старый прайс.xls', clinic_id: 'c1', clinic_name: 'ТОО «Медикер»', ingested_at: '2025-01-01T10:00:00Z', positions: 120, normalized: 60, normalized_share: 0.5, cumulative_share: 0.5 },
        { price_list_id: 'new', file_name: 'Новый прайс.xlsx', clinic_id: 'c1', clinic_name: 'ТОО «Медикер»', ingested_at: '2025-02-01T10:00:00Z', positions: 120, normalized: 120, normalized_share: 1, cumulative_share: 0.75 },
      ],
    };
    const api = fakeApi({ stats, 'price-lists': priceLists, partners, dashboard: figures });
    const element = mount<PricecatDashboardElement>('<pricecat-dashboard></pricecat-dashboard>');
    await vi.waitFor(() => expect($$(element, 'table.by-clinic tbody tr')).toHaveLength(1));
    expect($(element, '[data-figure="queue"] a').getAttribute('href')).toBe('#/queue');
    expect($(element, '[data-figure="unrecognized"] a').getAttribute('href')).toBe('#/unmatched?status=unrecognized');
    // The name column is headed by what it holds, one clinic per row.
    expect(shadowText($(element, 'table.by-clinic thead th'))).toBe('Клиника');
    const row = $(element, 'table.by-clinic tbody tr');
    expect(row.querySelector('a.queued')?.getAttribute('href')).toBe('#/unmatched?clinic_id=c1&status=queued');
    expect(shadowText(row.querySelector('.share')!)).toBe(`75${NBSP}%`);
    const bars = $$(element, 'svg.share-chart rect');
    expect(bars).toHaveLength(2);
    // The second list is fully normalized: its bar is the taller one.
    expect(Number(bars[1]!.getAttribute('height'))).toBeGreaterThan(Number(bars[0]!.getAttribute('height')));
    expect($(element, '.by-category a').getAttribute('href')).toBe(`#/search?q=${encodeURIComponent('УЗИ')}`);
  });

  it('says that nothing was ingested yet on an empty catalogue', async () => {
    const api = fakeApi({ stats: { ...stats, by_method: {} }, 'price-lists': { items: [] }, partners });
    const element = mount<PricecatDashboardElement>('<pricecat-dashboard></pricecat-dashboard>');
    await vi.waitFor(() => expect(shadowText(element)).toContain('Прайс-листы ещё не загружены.'));
  });

  it('shows a readable error with a retry button that loads again', async () => {
    let fail = true;
    const api = fakeApi({
      stats: () => (fail ? jsonError(503, 'UNAVAILABLE', 'down') : stats),
      'price-lists': priceLists,
      partners,
    });
    const element = mount<PricecatDashboardElement>('<pricecat-dashboard></pricecat-dashboard>');
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('[role="alert"]')).not.toBeNull());
    expect(shadowText($(element, '[role="alert"]'))).toContain('Внутренняя ошибка сервера');
    fail = false;
    $(element, '[role="alert"] button').click();
    await vi.waitFor(() => expect($$(element, '.card')).not.toHaveLength(0));
  });
});
