import { afterEach, describe, expect, it, vi } from 'vitest';
import './unmatched.js';
import type { PricecatUnmatchedElement } from './unmatched.element.js';
import type { UnmatchedPosition } from '@pricecat/core/contract';
import { $, $$, cleanup, fakeApi, jsonError, mount, shadowText, typeInto } from '../test-support/fake-api.js';

const NBSP = '\u00a0';

function position(id: string, raw: string, status: 'queued' | 'unrecognized', clinic = 'Клиника 2'): UnmatchedPosition {
  return {
    position_id: id, raw_name: raw, name_norm: raw.toLowerCase(), status, confidence: 0.2, clinic_id: clinic === 'Клиника 2' ? 'c2' : 'c7', clinic_name: clinic, city: 'Астана',
    section: 'Прием и консультация', code: null, unit: null, price: null, price_nonresident: 10800, price_list_id: 'pl', file_name: 'прайс.pdf',
    effective_date: null, trace: null, kind: 'service', package_id: null, candidates: [{ service_id: 's', name: 'Прием терапевта', category: 'Терапевт', score: 0.18, method: 'fuzzy' }],
  };
}

/** 120 positions; the stub filters them the way the server does. */
const all = Array.from({ length: 120 }, (_, index) =>
  position(`p${index}`, index % 2 ? `Прием врача ${index}` : `Анализ ${index}`, index % 3 ? 'unrecognized' : 'queued', index < 100 ? 'Клиника 2' : 'Клиника 7'),
);
const partners = { items: [{ clinic_id: 'c2', name: 'Клиника 2', city: 'Астана' }, { clinic_id: 'c7', name: 'Клиника 7', city: null }], total: 2, limit: 500, offset: 0 };
const unmatched = (url: URL) => {
  const p = url.searchParams;
  const items = all.filter(
    (row) =>
      (!p.get('status') || row.status === p.get('status')) &&
      (!p.get('clinic_id') || row.clinic_id === p.get('clinic_id')) &&
      (!p.get('q') || row.raw_name.toLowerCase().includes(p.get('q')!.toLowerCase())),
  );
  const offset = Number(p.get('offset') ?? 0);
  const limit = Number(p.get('limit') ?? 50);
  return { items: items.slice(offset, offset + limit), total: items.length, limit, offset };
};

afterEach(cleanup);

const names = (element: Element) => $$(element, 'tbody .raw').map((cell) => cell.textContent);

describe('<pricecat-unmatched>', () => {
  it('lists positions with clinic, price, status and the nearest service, a page at a time', async () => {
    const api = fakeApi({ unmatched, partners });
    const element = mount<PricecatUnmatchedElement>('<pricecat-unmatched></pricecat-unmatched>');
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(50));
    const row = shadowText($$(element, 'tbody tr')[1] as HTMLElement);
    expect(row).toContain('Прием врача 1');
    expect(row).toContain('Клиника 2');
    expect(shadowText($(element, 'tbody tr:nth-child(2) td.num'))).toBe(`10${NBSP}800 ₸нерезиденты`);
    expect(row).toContain('не распознана');
    expect(row).toContain('Прием терапевта');
    expect(shadowText($(element, '.range'))).toBe('1–50 из 120');
    $(element, '.next').click();
    await vi.waitFor(() => expect(shadowText($(element, '.range'))).toBe('51–100 из 120'));
    expect(names(element)[0]).toBe('Анализ 50');
  });

  it('shows a far-abroad price under the price only where it differs from the non-resident one', async () => {
    const rows = [
      { ...position('f1', 'МРТ колена', 'unrecognized'), price: 20000, price_nonresident: 26000, price_nonresident_far: 32000 },
      { ...position('f2', 'КТ грудной клетки', 'unrecognized'), price_nonresident_far: 10800 },
      { ...position('f3', 'Приём хирурга', 'queued'), price_nonresident_far: null },
    ];
    const api = fakeApi({ unmatched: { items: rows, total: 3, limit: 50, offset: 0 }, partners });
    const element = mount<PricecatUnmatchedElement>('<pricecat-unmatched></pricecat-unmatched>');
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(3));
    const prices = $$(element, 'tbody td.num').map((cell) => shadowText(cell));
    expect(prices).toEqual([`20${NBSP}000 ₸32${NBSP}000 ₸дальнее зарубежье`, `10${NBSP}800 ₸нерезиденты`, `10${NBSP}800 ₸нерезиденты`]);
    expect(api.calls('unmatched')).toHaveLength(1);
  });

  it('filters by status, clinic and text and starts again from the first page', async () => {
    const api = fakeApi({ unmatched, partners });
    const element = mount<PricecatUnmatchedElement>('<pricecat-unmatched page-size="10"></pricecat-unmatched>');
    await vi.waitFor(() => expect($$(element, 'select.clinic option')).toHaveLength(3));
    $(element, '.next').click();
    await vi.waitFor(() => expect(shadowText($(element, '.range'))).toBe('11–20 из 120'));
    const status = $<HTMLSelectElement>(element, 'select.status');
    status.value = 'queued';
    status.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(shadowText($(element, '.range'))).toBe('1–10 из 40'));
    const clinic = $<HTMLSelectElement>(element, 'select.clinic');
    clinic.value = 'c7';
    clinic.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(shadowText($(element, '.range'))).toBe('1–6 из 6'));
    typeInto($<HTMLInputElement>(element, 'input.text'), 'прием');
    await vi.waitFor(() => expect(names(element)).toEqual(['Прием врача 105', 'Прием врача 111', 'Прием врача 117']));
    expect(api.calls('unmatched').at(-1)?.searchParams.toString()).toBe('clinic_id=c7&status=queued&q=%D0%BF%D1%80%D0%B8%D0%B5%D0%BC&limit=10&offset=0');
  });

  it('says so when nothing is left', async () => {
    const api = fakeApi({ unmatched: { items: [], total: 0, limit: 50, offset: 0 }, partners });
    const element = mount<PricecatUnmatchedElement>('<pricecat-unmatched></pricecat-unmatched>');
    await vi.waitFor(() => expect(shadowText(element)).toContain('Нераспознанных позиций нет.'));
  });

  it('shows a readable error instead of a blank screen', async () => {
    const api = fakeApi({ unmatched: jsonError(400, 'INVALID_INPUT', 'status must be queued or unrecognized'), partners });
    const element = mount<PricecatUnmatchedElement>('<pricecat-unmatched></pricecat-unmatched>');
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('[role="alert"]')).not.toBeNull());
    expect(shadowText($(element, '[role="alert"]'))).toContain('Запрос не принят');
  });

  it('assigns a service to an unmatched position, or creates a new one for it, from the picker', async () => {
    const api = fakeApi({
      unmatched,
      partners,
      services: (_url: URL, request: { method: string }) =>
        request.method === 'POST'
          ? { service_id: 'new', name: 'Бахилы', category: 'Расходные материалы', normalized_positions: 1 }
          : { items: [{ service_id: 's-ther', name: 'Прием терапевта', category: 'Терапевт', name_norm: 'прием терапевта', tariff_code: null, origin: 'dictionary' }], total: 1, limit: 20, offset: 0 },
      match: (_url: URL, request: { body: unknown }) => ({
        decision_id: 'd', action: 'match', service: null, position_ids: [(request.body as { position_id: string }).position_id],
      }),
    });
    const element = mount<PricecatUnmatchedElement>('<pricecat-unmatched></pricecat-unmatched>');
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(50));
    $(element, 'tbody tr .assign').click();
    const picker = await vi.waitFor(() => $(element, 'pricecat-service-picker'));
    await vi.waitFor(() => expect(picker.shadowRoot?.querySelector('li[role="option"]')).not.toBeNull());
    (picker.shadowRoot!.querySelector('li[role="option"]') as HTMLElement).click();
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toBe('«Анализ 0» → «Прием терапевта»'));
    expect(api.posted('match')).toEqual([{ position_id: 'p0', service_id: 's-ther', expected_status: 'queued' }]);

    $(element, 'tbody tr .assign').click();
    const again = await vi.waitFor(() => $(element, 'pricecat-service-picker'));
    await vi.waitFor(() => expect(again.shadowRoot?.querySelector('.open-create')).not.toBeNull());
    (again.shadowRoot!.querySelector('.open-create') as HTMLElement).click();
    await vi.waitFor(() => expect(again.shadowRoot?.querySelector('form.create')).not.toBeNull());
    (again.shadowRoot!.querySelector('input[name="name"]') as HTMLInputElement).value = 'Бахилы';
    (again.shadowRoot!.querySelector('input[name="category"]') as HTMLInputElement).value = 'Расходные материалы';
    (again.shadowRoot!.querySelector('form.create button[type="submit"]') as HTMLElement).click();
    await vi.waitFor(() => expect(api?.posted('services')).toEqual([{ name: 'Бахилы', category: 'Расходные материалы', position_ids: ['p0'] }]));
  });
});
