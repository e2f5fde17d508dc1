import { afterEach, describe, expect, it, vi } from 'vitest';
import './proposals.js';
import type { PricecatProposalsElement } from './proposals.element.js';
import type { ServiceProposal } from '@pricecat/core/contract';
import { $, $$, cleanup, fakeApi, mount, shadowText, typeInto } from '../test-support/fake-api.js';

function proposal(id: string, name: string, category: string | null, members: [string, string][]): ServiceProposal {
  return {
    proposal_id: id,
    name,
    category,
    category_source: category === null ? null : 'section',
    nearest_service: null,
    key: name.toLowerCase(),
    clinics: new Set(members.map(([, clinic]) => clinic)).size,
    positions: members.length,
    names: new Set(members.map(([raw]) => raw)).size,
    members: members.map(([raw, clinic], i) => ({
      position_id: `${id}-${i}`, raw_name: raw, clinic_id: clinic, clinic_name: clinic, price_list_id: `pl-${clinic}`, section: null, price: 1000, status: 'unrecognized' as const,
    })),
  };
}

afterEach(cleanup);

describe('<pricecat-proposals>', () => {
  const page = () => ({
    items: [
      proposal('p1', 'Микрореакция', 'Серология', [['Микрореакция', 'Клиника 1'], ['Микрореакция с кардиолипином', 'Клиника 2']]),
      proposal('p2', 'РМП', null, [['РМП', 'Клиника 3'], ['РМП', 'Клиника 3']]),
    ],
    total: 2,
    limit: 20,
    offset: 0,
  });

  it('shows each proposal with its clinics and positions, and creates a renamed one', async () => {
    const api = fakeApi({ 'service-proposals': page, services: { service_id: 'new1', name: 'x', category: 'y', normalized_positions: 2 } });
    const element = mount<PricecatProposalsElement>('<pricecat-proposals></pricecat-proposals>');
    await vi.waitFor(() => expect($$(element, '.proposal')).toHaveLength(2));
    expect(shadowText($(element, '.proposal .figures'))).toContain('Клиник: 2 (Клиника 1, Клиника 2) · Позиций: 2');
    typeInto($<HTMLInputElement>(element, '.proposal input[name="name"]'), 'Микрореакция преципитации');
    $(element, '.proposal .create-one').click();
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toBe('Создано услуг: 1, позиций сопоставлено: 2'));
    expect(api.posted('services')).toEqual([{ name: 'Микрореакция преципитации', category: 'Серология', proposal_id: 'p1' }]);
  });

  it('says how many positions a large proposal has beyond the ones it lists', async () => {
    const large = { ...proposal('p3', 'Микрореакция', 'Серология', [['Микрореакция', 'Клиника 1'], ['Микрореакция', 'Клиника 2']]), clinics: 150, positions: 1500 };
    fakeApi({ 'service-proposals': () => ({ items: [large], total: 1, limit: 20, offset: 0 }) });
    const element = mount<PricecatProposalsElement>('<pricecat-proposals></pricecat-proposals>');
    await vi.waitFor(() => expect($$(element, '.proposal')).toHaveLength(1));
    expect(shadowText($(element, '.proposal .figures')).replace(/\s/g, ' ')).toContain('Клиник: 150 (Клиника 1, Клиника 2, …) · Позиций: 1 500');
    expect(shadowText($(element, '.members .more')).replace(/\s/g, ' ')).toBe('… и ещё 1 498');
  });

  it('asks for a specialty before creating, and merges the selected proposals into one service', async () => {
    const api = fakeApi({ 'service-proposals': page, services: { service_id: 'new1', name: 'x', category: 'y', normalized_positions: 3 } });
    const element = mount<PricecatProposalsElement>('<pricecat-proposals></pricecat-proposals>');
    await vi.waitFor(() => expect($$(element, '.proposal')).toHaveLength(2));
    $$(element, '.proposal .create-one')[1]!.click();
    await vi.waitFor(() => expect(shadowText($(element, '.problem'))).toBe('Укажите специальность.'));
    expect(api.posted('services')).toEqual([]);
    for (const box of $$<HTMLInputElement>(element, '.proposal .select input')) box.click();
    await vi.waitFor(() => expect(shadowText($(element, '.merge'))).toBe('Объединить выбранные (2) в одну услугу'));
    $(element, '.merge').click();
    await vi.waitFor(() => expect(api?.posted('services')).toHaveLength(1));
    expect(api.posted('services')[0]).toEqual({ name: 'Микрореакция', category: 'Серология', proposal_id: 'p1', merged_proposal_ids: ['p2'] });
  });
});
