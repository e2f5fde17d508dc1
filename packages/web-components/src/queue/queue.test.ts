import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import './queue.js';
import type { PricecatQueueElement } from './queue.element.js';
import type { QueueItem } from '@pricecat/core/contract';
import type { Stats } from '@pricecat/core/contract';
import { $, $$, cleanup, fakeApi, jsonError, mount, shadowText, typeInto, type FakeApi, type FakeRequest } from '../test-support/fake-api.js';

const NBSP = '\u00a0';

function item(id: string, raw: string, suggestion: string | null, confidence: number, price: number | null = 7200): QueueItem {
  return {
    position: {
      position_id: id, raw_name: raw, name_norm: raw.toLowerCase(), status: 'queued', confidence, clinic_id: 'c2', clinic_name: 'Клиника 2', city: 'Астана',
      section: null, code: null, unit: null, price, price_nonresident: 11000, price_list_id: 'pl1', file_name: 'прайс 2026.pdf', effective_date: '2026-01-01',
      trace: null, kind: 'service', package_id: null,
    },
    suggestion: suggestion ? { service_id: `svc-${id}`, name: suggestion, category: 'УЗИ', score: confidence, method: 'fuzzy' } : null,
    alternatives: [{ service_id: 'svc-alt', name: 'УЗИ мочевого пузыря', category: 'УЗИ', score: 0.3, method: 'fuzzy' }],
  };
}

/** A small server: the queue shrinks with every decision, the stats follow it. */
function queueServer(items: QueueItem[], options: { matchAnswer?: (request: FakeRequest) => unknown } = {}) {
  let queue = [...items];
  let normalized = 100;
  const decide = (request: FakeRequest, action: 'match' | 'skip') => {
    const id = (request.body as { position_id: string }).position_id;
    queue = queue.filter((other) => other.position.position_id !== id);
    if (action === 'match') normalized += 1;
    return { decision_id: 'd1', action, service: null, position_ids: [id] };
  };
  const stats = (): Stats => ({
    services: 10, clinics: 1, cities: 1, price_lists: 1, documents: 1, last_ingest_at: '2026-01-02T09:00:00Z', positions: 1000, normalized, normalized_share: normalized / 1000, queued: queue.length,
    unrecognized: 0, skipped: 0, by_method: {}, by_status: {},
  });
  return {
    queue: (url: URL) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return { items: queue.slice(offset, offset + limit), total: queue.length, limit, offset };
    },
    stats,
    match: (_url: URL, request: FakeRequest) => options.matchAnswer?.(request) ?? decide(request, 'match'),
    skip: (_url: URL, request: FakeRequest) => decide(request, 'skip'),
    undo: () => {
      queue = [...items];
      return { decision_id: 'd1', action: 'match', service_id: 'svc-a', position_ids: ['a'] };
    },
  };
}

const three = () => [
  item('a', 'УЗИ почек', 'УЗИ почек и надпочечников', 0.93),
  item('b', 'Креатинин', 'Креатинин (кровь)', 0.8),
  item('c', 'Прием терапевта', null, 0.4, null),
];

const counter = (element: Element, key: string) => shadowText($(element, `[data-counter="${key}"] dd`));
const rawNames = (element: Element) => $$(element, '.item .raw').map((node) => node.textContent);
const press = (key: string, code = '') => window.dispatchEvent(new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true }));

let api: FakeApi | undefined;
afterEach(() => {
  cleanup();
  // A test that moves through items scrolls the page; the next one starts at the top.
  window.scrollTo(0, 0);
});

describe('<pricecat-queue>', () => {
  it('shows each item with raw name, clinic, price, suggestion and alternatives, and the counters', async () => {
    api = fakeApi(queueServer(three()));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toEqual(['УЗИ почек', 'Креатинин', 'Прием терапевта']));
    const first = shadowText($$(element, '.item')[0] as HTMLElement);
    expect(first).toContain('Клиника 2, Астана');
    expect(first).toContain(`7${NBSP}200 ₸`);
    expect(first).toContain('УЗИ почек и надпочечников');
    expect(first).toContain(`уверенность 93${NBSP}%`);
    expect(first).toContain('УЗИ мочевого пузыря');
    expect(shadowText($$(element, '.item')[2] as HTMLElement)).toContain('Нет подходящей услуги');
    expect(shadowText($$(element, '.item')[2] as HTMLElement)).toContain(`11${NBSP}000 ₸ (нерезиденты)`);
    expect(counter(element, 'queue')).toBe('3');
    expect(counter(element, 'normalized')).toBe('100');
    expect(shadowText($(element, '.shortcuts'))).toContain('Пробел или 3 — пропустить');
  });

  it('shows the far-abroad price beside the price only where it differs from the non-resident one', async () => {
    const withFar = (source: QueueItem, far: number | null): QueueItem => ({ ...source, position: { ...source.position, price_nonresident_far: far } });
    const items = [
      withFar(item('a', 'УЗИ почек', null, 0.9), 15000),
      withFar(item('b', 'Креатинин', null, 0.8), 11000),
      withFar(item('c', 'Прием терапевта', null, 0.4, null), 14000),
      item('d', 'ЭКГ', null, 0.3),
    ];
    api = fakeApi(queueServer(items));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(4));
    const far = $$(element, '.item').map((node) => (node.querySelector('.far-price') ? shadowText(node.querySelector('.far-price')!) : null));
    expect(far).toEqual([`15${NBSP}000 ₸ (дальнее зарубежье)`, null, `14${NBSP}000 ₸ (дальнее зарубежье)`, null]);
    expect(shadowText($$(element, '.item')[0] as HTMLElement)).toContain(`7${NBSP}200 ₸ · 15${NBSP}000 ₸ (дальнее зарубежье)`);
    expect(shadowText($$(element, '.item')[2] as HTMLElement)).toContain(`11${NBSP}000 ₸ (нерезиденты) · 14${NBSP}000 ₸ (дальнее зарубежье)`);
  });

  it('labels a package and a component of one beside their names, and nothing for a service', async () => {
    const pack = item('p', 'CHECK-UP "Мужское здоровье"', null, 0.5, 78000);
    const part = item('c', 'Микрореакция', 'Микрореакция', 0.6, 1240);
    const items = [
      { ...pack, position: { ...pack.position, kind: 'package' as const, package_id: null } },
      { ...part, position: { ...part.position, kind: 'component' as const, package_id: 'p' } },
      item('s', 'Прием терапевта', null, 0.4),
    ];
    api = fakeApi(queueServer(items));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    const labels = $$(element, '.item').map((node) => node.querySelector('.kind')?.textContent ?? null);
    expect(labels).toEqual(['пакет', 'в составе пакета', null]);
  });

  it('says why each item was suggested, from the position\'s trace, in Russian', async () => {
    const traced = three().map((entry, i): QueueItem =>
      i === 0
        ? { ...entry, position: { ...entry.position, trace: { stage: 'ranker', rule: 'fuzzy', signals: { logit: 1.2, term: 0.74, ngram: 0.5 }, guards: ['siblings'] } } }
        : i === 1
          ? { ...entry, position: { ...entry.position, trace: { stage: 'decision', decision: 'rejected' } } }
          : entry,
    );
    api = fakeApi(queueServer(traced));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    const [first, second, third] = $$(element, '.item').map((node) => shadowText(node as HTMLElement));
    expect(first).toContain('Почему: оценка модели сопоставления; похожее название; совпадение терминов 74');
    expect(first).toContain('строка не уточняет метод или материал');
    expect(first).not.toContain('logit');
    expect(second).toContain('Почему: аналитик отклонил прежнюю подсказку');
    expect(third).not.toContain('Почему');
  });

  it('removes a confirmed item at once, before the server answers, and updates the counters', async () => {
    let release: () => void = () => undefined;
    const server = queueServer(three());
    api = fakeApi({
      ...server,
      match: (url: URL, request: FakeRequest) =>
        new Promise((resolve) => (release = () => resolve(new Response(JSON.stringify(server.match(url, request)))))),
    });
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    $(element, '.item .confirm').click();
    await element.updateComplete;
    expect(rawNames(element)).toEqual(['Креатинин', 'Прием терапевта']);
    expect(counter(element, 'queue')).toBe('2');
    expect(counter(element, 'normalized')).toBe('101');
    expect(api.posted('match')).toEqual([{ position_id: 'a', apply_to_identical: true, expected_status: 'queued' }]);
    release();
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toContain('«УЗИ почек» → «УЗИ почек и надпочечников»'));
    expect(counter(element, 'queue')).toBe('2');
  });

  it('keeps an item current when the answer also takes the next one off (an identical twin decided with it)', async () => {
    // The twin «a2» is the last item loaded: decided with «a», it leaves with the answer, and «b» becomes current.
    const items = [
      item('b', 'Креатинин', 'Креатинин (кровь)', 0.95),
      item('a', 'УЗИ почек', 'УЗИ почек и надпочечников', 0.93),
      item('a2', 'УЗИ почек', 'УЗИ почек и надпочечников', 0.93),
    ];
    const server = queueServer(items);
    api = fakeApi({
      ...server,
      match: (url: URL, request: FakeRequest) => {
        const answer = server.match(url, request) as { position_ids: string[] };
        if ((request.body as { position_id: string }).position_id !== 'a') return answer;
        server.match(url, { method: 'POST', body: { position_id: 'a2' } });
        return { ...answer, position_ids: ['a', 'a2'] };
      },
    });
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    const current = () => $$(element, '.item[aria-current="true"]').map((node) => node.getAttribute('data-position-id'));
    press('ArrowDown');
    await vi.waitFor(() => expect(current()).toEqual(['a']));
    press('Enter');
    await vi.waitFor(() => expect(rawNames(element)).toEqual(['Креатинин']));
    expect(current()).toEqual(['b']);
    expect(shadowText($(element, '.feedback'))).toContain('и ещё 1 такая же позиция');
    press('Enter');
    await vi.waitFor(() => expect(api?.posted('match').map((body) => (body as { position_id: string }).position_id)).toEqual(['a', 'b']));
  });

  it('assigns another service chosen in the searchable picker', async () => {
    api = fakeApi({
      ...queueServer(three()),
      services: { items: [{ service_id: 'svc-kidney', name: 'УЗИ почек (детское)', name_norm: '', category: 'УЗИ', tariff_code: null, origin: 'dictionary' }], total: 1, limit: 20, offset: 0 },
    });
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    $(element, '.item .choose').click();
    await element.updateComplete;
    const picker = $(element, 'pricecat-service-picker');
    typeInto($<HTMLInputElement>(picker, 'input'), 'почек');
    await vi.waitFor(() => expect(api?.calls('services').at(-1)?.searchParams.get('q')).toBe('почек'));
    await vi.waitFor(() => expect($$(picker, 'li[role="option"]')).toHaveLength(1));
    $(picker, 'li[role="option"]').click();
    await vi.waitFor(() => expect(api?.posted('match')).toEqual([{ position_id: 'a', service_id: 'svc-kidney', apply_to_identical: true, expected_status: 'queued' }]));
    expect(rawNames(element)).toEqual(['Креатинин', 'Прием терапевта']);
  });

  it('assigns an alternative with one click', async () => {
    api = fakeApi(queueServer(three()));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    $(element, '.item .alternative').click();
    await vi.waitFor(() => expect(api?.posted('match')).toEqual([{ position_id: 'a', service_id: 'svc-alt', apply_to_identical: true, expected_status: 'queued' }]));
  });

  it('confirms with Enter, skips with Space and opens the picker with «В»', async () => {
    api = fakeApi(queueServer(three()));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    press('Enter');
    await vi.waitFor(() => expect(rawNames(element)).toEqual(['Креатинин', 'Прием терапевта']));
    press(' ');
    await vi.waitFor(() => expect(rawNames(element)).toEqual(['Прием терапевта']));
    expect(api.posted('match')).toEqual([{ position_id: 'a', apply_to_identical: true, expected_status: 'queued' }]);
    expect(api.posted('skip')).toEqual([{ position_id: 'b', expected_status: 'queued' }]);
    press('в', 'KeyD');
    await element.updateComplete;
    expect(element.shadowRoot?.querySelector('pricecat-service-picker')).not.toBeNull();
    await vi.waitFor(() => expect(counter(element, 'queue')).toBe('1'));
  });

  it('moves between items with the arrows and acts with 1 / 2 / 3 on the current one', async () => {
    api = fakeApi(queueServer(three()));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    press('ArrowDown');
    await element.updateComplete;
    expect(shadowText($(element, '.item[aria-current="true"] .raw'))).toBe('Креатинин');
    press('3');
    await vi.waitFor(() => expect(api?.posted('skip')).toEqual([{ position_id: 'b', expected_status: 'queued' }]));
    await vi.waitFor(() => expect(rawNames(element)).toEqual(['УЗИ почек', 'Прием терапевта']));
    // The current item is now «Прием терапевта», which has no suggestion: confirming it opens the picker.
    expect(shadowText($(element, '.item[aria-current="true"] .raw'))).toBe('Прием терапевта');
    press('1');
    await element.updateComplete;
    expect(api.posted('match')).toEqual([]);
    expect(element.shadowRoot?.querySelector('.item[aria-current="true"] pricecat-service-picker')).not.toBeNull();
  });

  it('loads the next portion with «Загрузить ещё»', async () => {
    api = fakeApi(queueServer(three()));
    // Far below the viewport, so only the button (not scrolling) can load more.
    const element = mount<PricecatQueueElement>('<pricecat-queue page-size="2" style="margin-top: 4000px"></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(2));
    expect(shadowText($(element, '.shown'))).toBe('Показано 2 из 3');
    $(element, '.load-more').click();
    await vi.waitFor(() => expect(rawNames(element)).toEqual(['УЗИ почек', 'Креатинин', 'Прием терапевта']));
    expect(element.shadowRoot?.querySelector('.load-more')).toBeNull();
  });

  it('loads the next portion by itself when the end of the list is scrolled into view', async () => {
    api = fakeApi(queueServer(three()));
    const element = mount<PricecatQueueElement>('<pricecat-queue page-size="1"></pricecat-queue>');
    await vi.waitFor(() => {
      // The user scrolls to the end of the list, as far as it goes now.
      element.shadowRoot?.querySelector('.sentinel')?.scrollIntoView();
      expect(rawNames(element)).toEqual(['УЗИ почек', 'Креатинин', 'Прием терапевта']);
    });
    expect(api.calls('queue').map((url) => url.searchParams.get('offset'))).toEqual(['0', '1', '2']);
  });

  it('undoes the last decision and shows the item again', async () => {
    api = fakeApi(queueServer(three()));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    $(element, '.item .confirm').click();
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('.undo')).not.toBeNull());
    $(element, '.undo').click();
    await vi.waitFor(() => expect(rawNames(element)).toEqual(['УЗИ почек', 'Креатинин', 'Прием терапевта']));
    expect(shadowText($(element, '.feedback'))).toContain('Отменено, позиций возвращено: 1');
    expect(counter(element, 'queue')).toBe('3');
  });

  it('decides one item on a double click of «Подтвердить», not the next one that moves under the pointer', async () => {
    api = fakeApi(queueServer(three()));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    await userEvent.dblClick($(element, '.item .confirm'));
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toContain('«УЗИ почек» → «УЗИ почек и надпочечников»'));
    expect(api.posted('match')).toEqual([{ position_id: 'a', apply_to_identical: true, expected_status: 'queued' }]);
    expect(rawNames(element)).toEqual(['Креатинин', 'Прием терапевта']);
  });

  it('takes back one decision on a double click of «Отменить»', async () => {
    api = fakeApi(queueServer(three()));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    $(element, '.item .skip').click();
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toContain('«УЗИ почек» пропущена'));
    $(element, '.item .confirm').click();
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toContain('«Креатинин» → «Креатинин (кровь)»'));
    await userEvent.dblClick($(element, '.undo'));
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toContain('Отменено, позиций возвращено: 1'));
    expect(api.calls('undo')).toHaveLength(1);
  });

  it('takes back one decision when Ctrl+Z is pressed again before the first undo is answered', async () => {
    let release = () => {};
    const server = queueServer(three());
    api = fakeApi({ ...server, undo: () => new Promise((resolve) => (release = () => resolve(new Response(JSON.stringify(server.undo()))))) });
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    $(element, '.item .confirm').click();
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toContain('«УЗИ почек» → «УЗИ почек и надпочечников»'));
    const ctrlZ = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', code: 'KeyZ', ctrlKey: true, bubbles: true, cancelable: true }));
    ctrlZ();
    await vi.waitFor(() => expect(api?.calls('undo')).toHaveLength(1));
    ctrlZ();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toContain('Отменено, позиций возвращено: 1'));
    expect(api.calls('undo')).toHaveLength(1);
  });

  it('puts the item back and explains when the server refuses the decision', async () => {
    api = fakeApi(queueServer(three(), { matchAnswer: () => jsonError(409, 'CONFLICT', 'Position a is already normalized.') }));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(3));
    $(element, '.item .confirm').click();
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('[role="alert"]')).not.toBeNull());
    expect(shadowText($(element, '[role="alert"]'))).toContain('Действие конфликтует с текущим состоянием данных');
    expect(rawNames(element)).toEqual(['УЗИ почек', 'Креатинин', 'Прием терапевта']);
    expect(counter(element, 'queue')).toBe('3');
  });

  it('says so when the queue is empty', async () => {
    api = fakeApi(queueServer([]));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(shadowText(element)).toContain('Очередь пуста: все позиции проверены.'));
  });

  it('renders names from documents as text, not HTML', async () => {
    api = fakeApi(queueServer([item('x', '<img src=x onerror=alert(1)> УЗИ', 'УЗИ', 0.5)]));
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toEqual(['<img src=x onerror=alert(1)> УЗИ']));
    expect(element.shadowRoot?.querySelector('.item img')).toBeNull();
  });
});
