import { describe, it, expect } from 'vitest';
import { detectDocumentFacts, findBin } from './document-facts.js';

describe('documents: detectDocumentFacts', () => {
  it('takes name, city, date and BIN from the content when it states them', () => {
    const facts = detectDocumentFacts({
      path: 'Шымкент/Клиника 9 прайс 2025.xlsx',
      lines: ['Утверждаю', 'Директор ТОО «Сункар» БИН 123456789012', 'г. Астана', 'Прейскурант вводится в действие с 1 февраля 2026 г.'],
    });
    expect(facts).toEqual({
      clinic_name: 'ТОО «Сункар»',
      clinic_name_source: 'content',
      file_name_clinic: 'Клиника 9',
      city: 'Астана',
      city_source: 'content',
      effective_date: '2026-02-01',
      bin: '123456789012',
    });
  });

  it('falls back to the path for name, city and date', () => {
    const facts = detectDocumentFacts({ path: 'Алматы/Клиника 3 прайс 2026.pdf', lines: ['ПРЕЙСКУРАНТ'] });
    expect(facts).toEqual({
      clinic_name: 'Клиника 3',
      clinic_name_source: 'file_name',
      file_name_clinic: 'Клиника 3',
      city: 'Алматы',
      city_source: 'path',
      effective_date: '2026-01-01',
      bin: null,
    });
  });

  it('reads a BIN written with spaces or after BIN/ИИН, and no BIN of the wrong length', () => {
    expect(findBin(['БИН/ИИН: 1234 5678 9012'])).toBe('123456789012');
    expect(findBin(['BIN 987654321098, IBAN KZ00'])).toBe('987654321098');
    expect(findBin(['БИН 12345678901'])).toBeNull();
    expect(findBin(['тел. 123456789012'])).toBeNull();
  });
});
