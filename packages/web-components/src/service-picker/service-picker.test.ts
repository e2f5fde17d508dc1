import { afterEach, describe, expect, it, vi } from 'vitest';
import './service-picker.js';
import type { PricecatServicePickerElement, ServicePickDetail } from './service-picker.element.js';
import { $, $$, cleanup, fakeApi, mount, shadowText, typeInto } from '../test-support/fake-api.js';

const service = (id: string, name: string) => ({ service_id: id, name, name_norm: name.toLowerCase(), category: 'УЗИ', tariff_code: null, origin: 'dictionary' });
const services = (url: URL) => {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const items = [service('s1', 'УЗИ почек'), service('s2', 'УЗИ печени'), service('s3', 'ЭКГ')].filter((s) => s.name_norm.includes(q));
  return { items, total: items.length, limit: 20, offset: 0 };
};

afterEach(cleanup);

describe('<pricecat-service-picker>', () => {
  it('searches the dictionary as you type, case-insensitively, and picks with the arrows and Enter', async () => {
    const api = fakeApi({ services });
    const element = mount<PricecatServicePickerElement>('<pricecat-service-picker q="узи"></pricecat-service-picker>');
    await vi.waitFor(() => expect($$(element, 'li[role="option"]')).toHaveLength(2));
    expect($$(element, 'li mark').map((mark) => mark.textContent)).toEqual(['УЗИ', 'УЗИ']);
    const picked: ServicePickDetail[] = [];
    element.addEventListener('pricecat-service-pick', (event) => picked.push(event.detail));
    const input = $<HTMLInputElement>(element, 'input');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    expect(picked).toEqual([{ serviceId: 's2', name: 'УЗИ печени' }]);
  });

  it('says when the dictionary has no such service, and cancels with Escape', async () => {
    const api = fakeApi({ services });
    const element = mount<PricecatServicePickerElement>('<pricecat-service-picker></pricecat-service-picker>');
    await element.updateComplete;
    expect(shadowText(element)).toContain('Введите хотя бы 2 буквы.');
    typeInto($<HTMLInputElement>(element, 'input'), 'мрт');
    await vi.waitFor(() => expect(shadowText(element)).toContain('В справочнике нет такой услуги.'));
    let cancelled = 0;
    element.addEventListener('pricecat-pick-cancel', () => (cancelled += 1));
    $(element, 'input').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(cancelled).toBe(1);
  });
});
