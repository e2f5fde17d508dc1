import { afterEach, describe, expect, it, vi } from 'vitest';
import './decisions.js';
import type { PricecatDecisionsElement } from './decisions.element.js';
import type { DecisionLogEntry } from '@pricecat/core/contract';
import { $, $$, cleanup, fakeApi, mount, shadowText } from '../test-support/fake-api.js';

function entry(id: string, overrides: Partial<DecisionLogEntry> = {}): DecisionLogEntry {
  return {
    decision_id: id,
    action: 'match',
    created_at: '2026-11-24T10:15:00.000Z',
    user: 'anna',
    batch_id: null,
    service: { service_id: 's1', name: 'Магний в крови', category: 'Лаборатория' },
    position: { position_id: `p-${id}`, raw_name: 'Магний (Mg)', clinic_id: 'c1', clinic_name: 'Клиника 1', status_before: 'queued' },
    identical: 2,
    suggestion: { service_id: 's2', name: 'Магний в моче', category: 'Лаборатория', score: 0.61, method: 'fuzzy' },
    followed_suggestion: false,
    undoable: true,
    ...overrides,
  };
}

afterEach(cleanup);

describe('<pricecat-decisions>', () => {
  it('lists decisions with who, what, the suggestion they came from, and undoes one from the log', async () => {
    let log = [entry('d2'), entry('d1', { action: 'skip', service: null, user: null, identical: 0, undoable: false, batch_id: null })];
    const api = fakeApi({
      decisions: () => ({ items: log, total: log.length, limit: 50, offset: 0 }),
      undo: (_url: URL, request: { body: unknown }) => {
        log = log.filter((e) => e.decision_id !== (request.body as { decision_id: string }).decision_id);
        return { decision_id: 'd2', decisions: 1, batch_id: null, action: 'match', service_id: 's1', position_ids: ['p-d2', 'x', 'y'] };
      },
    });
    const element = mount<PricecatDecisionsElement>('<pricecat-decisions></pricecat-decisions>');
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(2));
    const first = shadowText($$(element, 'tbody tr')[0]!);
    expect(first).toContain('anna');
    expect(first).toContain('Магний (Mg) и ещё 2 такие же');
    expect(first).toContain('сопоставлено');
    expect(first).toContain('Магний в крови (Лаборатория)');
    expect(first).toContain('Магний в моче 61\u00a0% выбрана другая услуга');
    const second = shadowText($$(element, 'tbody tr')[1]!);
    expect(second).toContain('пропущено');
    expect(second).toContain('позиции уже изменены');
    expect($$(element, 'tbody tr')[1]!.querySelector('.undo')).toBeNull();

    $(element, 'tbody tr .undo').click();
    await vi.waitFor(() => expect(shadowText($(element, '.feedback'))).toBe('Отменено, позиций возвращено: 3'));
    expect(api.posted('undo')).toEqual([{ decision_id: 'd2' }]);
    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(1));
  });

  it('offers one undo for a whole batch', async () => {
    const api = fakeApi({ decisions: { items: [entry('d3', { batch_id: 'b1', followed_suggestion: true })], total: 1, limit: 50, offset: 0 } });
    const element = mount<PricecatDecisionsElement>('<pricecat-decisions></pricecat-decisions>');
    await vi.waitFor(() => expect(shadowText($(element, '.undo'))).toBe('Отменить пакет'));
    expect(shadowText($(element, 'tbody tr'))).toContain('пакетом');
    expect(shadowText($(element, 'tbody tr'))).toContain('принято предложение');
  });
});
