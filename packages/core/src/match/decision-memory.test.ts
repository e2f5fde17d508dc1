import { describe, expect, it } from 'vitest';
import { createDecisionMemory, createEditionKeys, type DecidedName } from './decision-memory.js';
import { normalizeName } from './normalize.js';
import { TEST_SERVICES } from './test-services.js';

const key = createEditionKeys(TEST_SERVICES);
const keyOf = (raw: string) => key(normalizeName(raw));
const decided = (clinic_id: string, raw: string, service_id: string | null, primary = true): DecidedName => ({
  clinic_id,
  name_norm: normalizeName(raw),
  service_id,
  decision_id: `dec_${clinic_id}_${raw}`,
  primary,
});

describe('match: decision memory', () => {
  it('keys a wording by its dictionary words: another doctor, word order, punctuation and a one-letter OCR slip do not count', () => {
    expect(keyOf('Прием терапевта (Иванова И.И.)')).toBe(keyOf('Терапевта прием - Петров П.П.'));
    expect(keyOf('Прием терапевта')).toBe(keyOf('Прием терапеыта'));
    expect(keyOf('МРТ головного мозга')).not.toBe(keyOf('МРТ коленного сустава'));
    expect(keyOf('Фамилия Имя')).toBe('');
  });

  it("recalls a clinic's decision, and no other clinic's until two clinics decided a wording alike", () => {
    const memory = createDecisionMemory({ services: TEST_SERVICES, decided: [decided('a', 'Прием терапевта Иванова', 'svc_therapist')], rejected: [] });
    expect(memory.recall('a', normalizeName('Терапевта прием, Петрова'))).toMatchObject({ service_id: 'svc_therapist', scope: 'clinic' });
    expect(memory.recall('b', normalizeName('Прием терапевта'))).toBeNull();

    const two = createDecisionMemory({
      services: TEST_SERVICES,
      decided: [decided('a', 'Прием терапевта Иванова', 'svc_therapist'), decided('b', 'Терапевта прием', 'svc_therapist')],
      rejected: [],
    });
    expect(two.recall('c', normalizeName('прием терапевта'))).toMatchObject({ service_id: 'svc_therapist', scope: 'alias' });
  });

  it('carries exactly only a row whose words outside the dictionary are those of the decided row', () => {
    const memory = createDecisionMemory({ services: TEST_SERVICES, decided: [decided('a', 'Прием терапевта Иванова', 'svc_therapist')], rejected: [] });
    expect(memory.recall('a', normalizeName('Терапевта прием (Иванова)'))).toMatchObject({ exact: true });
    expect(memory.recall('a', normalizeName('Прием терапевта Петрова'))).toMatchObject({ service_id: 'svc_therapist', exact: false });
    expect(memory.recall('a', normalizeName('Прием терапевта'))).toMatchObject({ exact: false });
  });

  it('counts only the decided row, not the identical names it was applied to, towards an alias', () => {
    const memory = createDecisionMemory({
      services: TEST_SERVICES,
      decided: [decided('a', 'Прием терапевта', 'svc_therapist'), decided('b', 'Прием терапевта', 'svc_therapist', false)],
      rejected: [],
    });
    expect(memory.recall('c', normalizeName('Прием терапевта'))).toBeNull();
    expect(memory.recall('b', normalizeName('Прием терапевта'))).toMatchObject({ scope: 'clinic' });
  });

  it('recalls nothing for a wording a clinic decided two ways, and recalls a skip as null', () => {
    const memory = createDecisionMemory({
      services: TEST_SERVICES,
      decided: [decided('a', 'УЗИ плода Иванова', 'svc_us3d'), decided('a', 'УЗИ плода Петрова', 'svc_us4d'), decided('a', 'МРТ сустава', null)],
      rejected: [],
    });
    expect(memory.recall('a', normalizeName('УЗИ плода'))).toBeNull();
    expect(memory.recall('a', normalizeName('МРТ сустава'))).toMatchObject({ service_id: null });
  });

  it('remembers rejected suggestions by wording', () => {
    const memory = createDecisionMemory({
      services: TEST_SERVICES,
      decided: [],
      rejected: [{ name_norm: normalizeName('Мочевина крови'), service_id: 'svc_urea', decision_id: 'dec_1' }],
    });
    expect([...memory.rejectedFor(normalizeName('Крови мочевина.'))]).toEqual(['svc_urea']);
    expect(memory.rejectedFor(normalizeName('ТТГ')).size).toBe(0);
  });
});
