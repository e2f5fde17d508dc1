import { afterEach, describe, expect, it, vi } from 'vitest';
import './price-changes.js';
import type { PricecatPriceChangesElement } from './price-changes.element.js';
import type { PriceChangesFilter } from './price-changes-filter.js';
import type { PriceChange } from '@pricecat/core/contract';
import { $, $$, cleanup, fakeApi, mount, shadowText } from '../test-support/fake-api.js';

const NBSP = '\u00a0';

function change(service: string, oldPrice: number, newPrice: number, clinic = 'Клиника 2', city: string | null = 'Астана'): PriceChange {
  return {
    clinic_id: clinic === 'Клиника 2' ? 'c2' : 'c7', clinic_name: clinic, city, service_id: service, service_name: service, category: 'УЗИ',
    price_kind: 'nonresident', old_price: oldPrice, new_price: newPrice, change: newPrice - oldPrice, change_share: (newPrice - oldPrice) / oldPrice,
    direction: newPrice > oldPrice ? 'up' : 'down', old_effective_date: '2025-01-01', new_effective_date: '2026-01-01',
    old_price_list_id: 'pl-2025', new_price_list_id: 'pl-2026', old_file_name: 'прайс 2025.pdf', new_file_name: 'прайс 2026.pdf',
    old_positions: [{ position_id: 'p-old', raw_name: service, price: oldPrice }], new_positions: [{ position_id: 'p-new', raw_name: service, price: newPrice }],
    like_with_like: true, mismatch_signs: [],
  };
}

const changes = [change('УЗИ почек', 7200, 11000), change('УЗИ щитовидной железы', 9000, 6000, 'Клиника 7', 'Алматы'), change('ЭКГ', 4000, 4500)];
const partners = {
  items: [{ clinic_id: 'c2', name: 'Клиника 2', city: 'Астана' }, { clinic_id: 'c7', name: 'Клиника 7', city: 'Алматы' }],
  total: 2, limit: 500, offset: 0,
};
const priceChanges = (url: URL) => {
  const p = url.searchParams;
  const threshold = Number(p.get('threshold'));
  const items = changes.filter(
    (c) => Math.abs(c.change_share) >= threshold && (!p.get('city') || c.city === p.get('city')) && (!p.get('clinic_id') || c.clinic_id === p.get('clinic_id')),
  );
  const offset = Number(p.get('offset') ?? 0);
  const limit = Number(p.get('limit') ?? 50);
  return { items: items.slice(offset, offset + limit), total: items.length, limit, offset, threshold, price_kind: null };
};

afterEach(cleanup);

const rows = (element: Element) => $$(element, 'tbody tr.change');

describe('<pricecat-price-changes>', () => {
  it('lists changes above 20 % with old and new price, dates, direction and percent', async () => {
    const api = fakeApi({ 'price-changes': priceChanges, partners });
    const element = mount<PricecatPriceChangesElement>('<pricecat-price-changes></pricecat-price-changes>');
    await vi.waitFor(() => expect(rows(element)).toHaveLength(2));
    expect(api.calls('price-changes')[0]?.searchParams.get('threshold')).toBe('0.2');
    const [up, down] = rows(element).map((row) => shadowText(row));
    expect(up).toContain('УЗИ почек');
    expect(up).toContain(`7${NBSP}200 ₸ 01.01.2025`);
    expect(up).toContain(`11${NBSP}000 ₸ 01.01.2026`);
    expect(up).toContain(`▲ +53${NBSP}%`);
    expect(up).toContain(`+3${NBSP}800 ₸`);
    expect(down).toContain(`▼ −33${NBSP}%`);
    expect(rows(element)[1]?.querySelector('.delta')?.classList.contains('down')).toBe(true);
  });

  it('lists smaller changes when the threshold is lowered', async () => {
    const api = fakeApi({ 'price-changes': priceChanges, partners });
    const element = mount<PricecatPriceChangesElement>('<pricecat-price-changes></pricecat-price-changes>');
    await vi.waitFor(() => expect(rows(element)).toHaveLength(2));
    const input = $<HTMLInputElement>(element, 'input.threshold');
    input.value = '10';
    input.dispatchEvent(new Event('input'));
    await vi.waitFor(() => expect(rows(element)).toHaveLength(3));
    expect(api.calls('price-changes').at(-1)?.searchParams.get('threshold')).toBe('0.1');
  });

  it('explains a threshold it cannot use instead of asking the server', async () => {
    const api = fakeApi({ 'price-changes': priceChanges, partners });
    const element = mount<PricecatPriceChangesElement>('<pricecat-price-changes></pricecat-price-changes>');
    await vi.waitFor(() => expect(rows(element)).toHaveLength(2));
    const input = $<HTMLInputElement>(element, 'input.threshold');
    input.value = '0';
    input.dispatchEvent(new Event('input'));
    await element.updateComplete;
    expect(shadowText($(element, '[role="alert"]'))).toContain('Порог — число больше 0');
    expect(api.calls('price-changes')).toHaveLength(1);
  });

  it('shows the whole «Резиденты, иначе нерезиденты» in the kind filter in the admin card at 1280 px', async () => {
    fakeApi({ 'price-changes': priceChanges, partners });
    // The card's inner width on the administration screen at a 1280 px window.
    const element = mount<PricecatPriceChangesElement>('<pricecat-price-changes style="display: block; width: 1086px"></pricecat-price-changes>');
    await vi.waitFor(() => expect(rows(element)).toHaveLength(2));
    await document.fonts.ready;
    const select = $<HTMLSelectElement>(element, 'select.kind');
    const text = select.selectedOptions[0]?.textContent ?? '';
    expect(text).toBe('Резиденты, иначе нерезиденты');
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // The text, the select's padding and its arrow (about 1.5 em).
    const needed = context.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 1.5 * parseFloat(style.fontSize);
    expect(select.clientWidth).toBeGreaterThanOrEqual(needed);
  });

  it('filters by city and by clinic', async () => {
    const api = fakeApi({ 'price-changes': priceChanges, partners });
    const element = mount<PricecatPriceChangesElement>('<pricecat-price-changes></pricecat-price-changes>');
    await vi.waitFor(() => expect($$(element, 'select.city option')).toHaveLength(3));
    const city = $<HTMLSelectElement>(element, 'select.city');
    city.value = 'Алматы';
    city.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(rows(element)).toHaveLength(1));
    expect(shadowText(rows(element)[0] as HTMLElement)).toContain('УЗИ щитовидной железы');
    expect($$(element, 'select.clinic option').map((option) => option.textContent)).toEqual(['Все клиники', 'Клиника 7']);
    city.value = '';
    city.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(rows(element)).toHaveLength(2));
    const clinic = $<HTMLSelectElement>(element, 'select.clinic');
    clinic.value = 'c2';
    clinic.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(rows(element)).toHaveLength(1));
    expect(api.calls('price-changes').at(-1)?.searchParams.get('clinic_id')).toBe('c2');
  });

  it('shows further changes on «Показать ещё»', async () => {
    const api = fakeApi({ 'price-changes': priceChanges, partners });
    const element = mount<PricecatPriceChangesElement>('<pricecat-price-changes threshold="5" page-size="2"></pricecat-price-changes>');
    await vi.waitFor(() => expect(rows(element)).toHaveLength(2));
    expect(shadowText($(element, 'button.more'))).toBe('Показать ещё (1)');
    $(element, 'button.more').click();
    await vi.waitFor(() => expect(rows(element)).toHaveLength(3));
    expect(element.shadowRoot?.querySelector('button.more')).toBeNull();
  });

  it('shows the kind and both lines, links to the comparison, and flags a likely wrong match with its reason', async () => {
    const mri: PriceChange = {
      ...change('МРТ головного мозга', 20000, 150000),
      service_id: 's-mri',
      price_kind: 'resident',
      old_positions: [{ position_id: 'p1', raw_name: 'МРТ головного мозга', price: 20000 }],
      new_positions: [{ position_id: 'p2', raw_name: 'МРТ головного мозга с контрастным усилением', price: 150000 }],
      mismatch_signs: ['beyond_market'],
    };
    const api = fakeApi({ 'price-changes': { items: [mri, changes[0]], total: 2, limit: 50, offset: 0, threshold: 0.2, price_kind: null }, partners });
    const element = mount<PricecatPriceChangesElement>(
      '<pricecat-price-changes service-href="#/service/{id}?price_kind={kind}"></pricecat-price-changes>',
    );
    await vi.waitFor(() => expect(rows(element)).toHaveLength(2));
    const [suspect, plain] = rows(element);
    expect(suspect!.querySelector('a.compare')?.getAttribute('href')).toBe('#/service/s-mri?price_kind=resident');
    expect(shadowText(suspect!.querySelector('.service')!)).toContain('УЗИ · резиденты');
    expect(shadowText(suspect!.querySelector('.suspect')!)).toBe('⚠ похоже на ошибку сопоставления');
    expect(shadowText(suspect!.querySelector('.signs')!)).toContain('скачок больше разброса цен этой услуги у других клиник');
    expect(shadowText(suspect!.querySelector('.new .line-name')!)).toBe('МРТ головного мозга с контрастным усилением');
    expect(shadowText(suspect!.querySelector('.old .line-name')!)).toBe('МРТ головного мозга');
    expect(plain!.querySelector('.suspect')).toBeNull();
    expect(shadowText(plain!.querySelector('.service')!)).toContain('нерезиденты');
  });

  it('asks for far-abroad changes when that kind is picked, names them and links to the far-abroad comparison', async () => {
    const far: PriceChange = { ...change('МРТ колена', 30000, 42000), service_id: 's-knee', price_kind: 'nonresident_far' };
    // As the server does: without a kind it compares resident, else non-resident prices, never far-abroad ones.
    const byKind = (url: URL) => {
      const kind = url.searchParams.get('price_kind');
      const items = kind === 'nonresident_far' ? [far] : changes.filter((c) => !kind || c.price_kind === kind);
      return { items, total: items.length, limit: 50, offset: 0, threshold: 0.2, price_kind: kind };
    };
    const api = fakeApi({ 'price-changes': byKind, partners });
    const element = mount<PricecatPriceChangesElement>(
      '<pricecat-price-changes service-href="#/service/{id}?price_kind={kind}"></pricecat-price-changes>',
    );
    await vi.waitFor(() => expect(rows(element)).toHaveLength(3));
    expect($$(element, 'select.kind option').map((option) => option.textContent)).toEqual([
      'Резиденты, иначе нерезиденты', 'Резиденты', 'Нерезиденты', 'Дальнее зарубежье',
    ]);
    const announced: PriceChangesFilter[] = [];
    element.addEventListener('pricecat-price-changes-filter-change', (event) => announced.push(event.detail));
    const kind = $<HTMLSelectElement>(element, 'select.kind');
    kind.value = 'nonresident_far';
    kind.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(rows(element)).toHaveLength(1));
    expect(announced).toEqual([{ threshold: 20, city: '', clinicId: '', priceKind: 'nonresident_far' }]);
    expect(api.calls('price-changes').at(-1)?.searchParams.get('price_kind')).toBe('nonresident_far');
    expect(shadowText(rows(element)[0]!.querySelector('.service')!)).toContain('УЗИ · дальнее зарубежье');
    expect(rows(element)[0]!.querySelector('a.compare')?.getAttribute('href')).toBe('#/service/s-knee?price_kind=nonresident_far');
    kind.value = '';
    kind.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(rows(element)).toHaveLength(3));
    expect(api.calls('price-changes').at(-1)?.searchParams.has('price_kind')).toBe(false);
  });

  it('takes the kind from its attribute, and an unknown one as no filter rather than a refused request', async () => {
    const api = fakeApi({ 'price-changes': priceChanges, partners });
    const far = mount<PricecatPriceChangesElement>('<pricecat-price-changes price-kind="nonresident_far"></pricecat-price-changes>');
    await vi.waitFor(() => expect(api.calls('price-changes')).toHaveLength(1));
    expect(api.calls('price-changes')[0]?.searchParams.get('price_kind')).toBe('nonresident_far');
    await vi.waitFor(() => expect($<HTMLSelectElement>(far, 'select.kind').value).toBe('nonresident_far'));
    const odd = mount<PricecatPriceChangesElement>('<pricecat-price-changes price-kind="martian"></pricecat-price-changes>');
    await vi.waitFor(() => expect(api.calls('price-changes')).toHaveLength(2));
    expect(api.calls('price-changes')[1]?.searchParams.has('price_kind')).toBe(false);
    await vi.waitFor(() => expect(rows(odd)).toHaveLength(2));
  });
});
