import { afterEach, describe, expect, it, vi } from 'vitest';
import './queue.js';
import type { PricecatQueueElement } from './queue.element.js';
import type { QueueItem } from '@pricecat/core/contract';
import { $, $$, cleanup, fakeApi, mount, shadowText, type FakeApi } from '../test-support/fake-api.js';

function item(id: string, raw: string, confidence: number): QueueItem {
  return {
    position: {
      position_id: id, raw_name: raw, name_norm: raw.toLowerCase(), status: 'queued', confidence, clinic_id: 'c2', clinic_name: 'Клиника 2', city: 'Астана',
      section: 'УЗИ', code: null, unit: null, price: 7200, price_nonresident: null, price_list_id: 'pl1', file_name: 'прайс 2026.xlsx', effective_date: '2026-01-01', trace: null,
      kind: 'service', package_id: null,
    },
    suggestion: { service_id: `svc-${id}`, name: `${raw} (справочник)`, category: 'УЗИ', score: confidence, method: 'fuzzy' },
    alternatives: [{ service_id: 'svc-alt', name: 'УЗИ мочевого пузыря', category: 'Урология', score: 0.31, method: 'embedding' }],
  } as QueueItem;
}

const rawNames = (element: Element) => $$(element, '.item .raw').map((node) => node.textContent);
const stats = { services: 1, clinics: 1, price_lists: 1, positions: 10, normalized: 5, normalized_share: 0.5, queued: 2, unrecognized: 0, skipped: 0, by_method: {}, by_status: {} };

let api: FakeApi | undefined;
afterEach(() => {
  cleanup();
  window.scrollTo(0, 0);
});

describe('<pricecat-queue> tools', () => {
  it('shows alternatives with their specialty and confidence', async () => {
    api = fakeApi({ queue: { items: [item('a', 'УЗИ почек', 0.9)], total: 1, limit: 20, offset: 0 }, stats });
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toEqual(['УЗИ почек']));
    expect(shadowText($(element, '.alternative'))).toBe('УЗИ мочевого пузыря (Урология, уверенность 31\u00a0%)');
  });

  // Regression: issue 20 — the twin settled by the first decision came back with «Действие конфликтует».
  it('treats a position its twin decision already settled as done, and sends the apply-to-identical choice', async () => {
    const decided = new Set<string>();
    const queued = () => [item('a', 'УЗИ почек', 0.9), item('b', 'УЗИ почек', 0.9)].filter((i) => !decided.has(i.position.position_id));
    api = fakeApi({
      queue: (url: URL) => {
        const offset = Number(url.searchParams.get('offset'));
        return { items: queued().slice(offset), total: queued().length, limit: 20, offset };
      },
      stats: () => ({ ...stats, queued: queued().length }),
      match: (_url: URL, request: { body: unknown }) => {
        const id = (request.body as { position_id: string }).position_id;
        decided.add(id);
        return { decision_id: 'd1', already_decided: id === 'b', action: 'match', service: null, position_ids: [id] };
      },
    });
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(2));
    $<HTMLInputElement>(element, 'input[name="apply-to-identical"]').click();
    $(element, '.item .confirm').click();
    await vi.waitFor(() => expect(rawNames(element)).toEqual(['УЗИ почек']));
    $(element, '.item .confirm').click();
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toContain('уже решена'));
    expect(rawNames(element)).toEqual([]);
    expect(element.shadowRoot?.querySelector('.error')).toBeNull();
    expect(api.posted('match')).toEqual([
      { position_id: 'a', apply_to_identical: false, expected_status: 'queued' },
      { position_id: 'b', apply_to_identical: false, expected_status: 'queued' },
    ]);
  });

  it('filters on the server and counts the bulk acceptance before applying it', async () => {
    api = fakeApi({
      queue: { items: [item('a', 'УЗИ почек', 0.95)], total: 1, limit: 20, offset: 0 },
      stats,
      partners: { items: [{ clinic_id: 'c2', name: 'Клиника 2' }], total: 1, limit: 500, offset: 0 },
      'queue/accept-suggestions': (_url: URL, request: { body: unknown }) => {
        const body = request.body as { dry_run: boolean };
        return { accepted: 7, batch_id: body.dry_run ? null : 'batch1', dry_run: body.dry_run };
      },
    });
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(1));
    $(element, '.toolbar summary').click();
    await vi.waitFor(() => expect($$(element, 'select[name="clinic_id"] option')).toHaveLength(2));
    $<HTMLSelectElement>(element, 'select[name="clinic_id"]').value = 'c2';
    $<HTMLInputElement>(element, 'input[name="category"]').value = 'УЗИ';
    $<HTMLInputElement>(element, 'input[name="min"]').value = '80';
    $(element, '.apply-filters').click();
    await vi.waitFor(() => expect(api?.calls('queue').at(-1)?.searchParams.toString()).toBe('clinic_id=c2&category=%D0%A3%D0%97%D0%98&min_confidence=0.8&limit=20&offset=0'));
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('.bulk-count')).not.toBeNull());

    $(element, '.bulk-count').click();
    await vi.waitFor(() => expect(shadowText($(element, '.bulk-preview'))).toContain('Будет принято предложений: 7'));
    expect(api.posted('queue/accept-suggestions')).toEqual([{ clinic_id: 'c2', category: 'УЗИ', min_confidence: 0.9, dry_run: true }]);
    $(element, '.bulk-apply').click();
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toContain('Принято предложений: 7'));
    expect(api.posted('queue/accept-suggestions')[1]).toMatchObject({ min_confidence: 0.9, dry_run: false });
    expect(element.shadowRoot?.querySelector('.feedback .undo')).not.toBeNull();
  });

  it('shows the position’s neighbouring rows and its row in the file', async () => {
    api = fakeApi({
      queue: { items: [item('a', 'УЗИ почек', 0.9)], total: 1, limit: 20, offset: 0 },
      stats,
      'positions/a/context': {
        source: { table: 'Лист1', row: 12 },
        format: 'xlsx',
        rows: [
          { position_id: 'z', raw_name: 'УЗИ печени', section: 'УЗИ', price: 6000, status: 'normalized', method: 'exact', service_name: 'УЗИ печени', source: { table: 'Лист1', row: 11 }, current: false },
          { position_id: 'a', raw_name: 'УЗИ почек', section: 'УЗИ', price: 7200, status: 'queued', method: null, service_name: null, source: { table: 'Лист1', row: 12 }, current: true },
        ],
      },
    });
    const element = mount<PricecatQueueElement>('<pricecat-queue></pricecat-queue>');
    await vi.waitFor(() => expect(rawNames(element)).toHaveLength(1));
    $(element, '.show-context').click();
    await vi.waitFor(() => expect(shadowText($(element, '.context-source'))).toBe('Источник: Лист1, строка 12'));
    expect($$(element, '.context tbody tr').map((row) => shadowText(row))).toEqual([
      '11 УЗИ УЗИ печени 6\u00a0000 ₸ УЗИ печени',
      '12 УЗИ УЗИ почек 7\u00a0200 ₸ на проверке',
    ]);
  });
});
