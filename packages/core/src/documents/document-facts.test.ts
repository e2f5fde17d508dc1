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

describe('documents: city named only in the body of the list', () => {
  // Клиника 7_Прайс 2026.xls names no city in its head; three ambulance rows say «(г. Астана)».
  const body = [
    'Вызов бригады скорой медицинской помощи без транспортировки (г. Астана)(час)',
    'Транспортировка бригадой скорой медицинской помощи (г. Астана) (час)',
    'Доставка биоматериала в черте города',
  ];

  it('takes the one city the rows name with «г.»', () => {
    const facts = detectDocumentFacts({ path: 'Клиника 7_Прайс 2026.xls', lines: ['ПРЕЙСКУРАНТ'], bodyLines: body });
    expect([facts.city, facts.city_source]).toEqual(['Астана', 'content']);
  });

  it('takes none when the rows name two cities', () => {
    const facts = detectDocumentFacts({ path: 'x.xls', lines: [], bodyLines: [...body, 'Выезд в г. Косшы'] });
    expect(facts.city).toBeNull();
  });

  it('prefers the city of the head and of the folder over the body', () => {
    expect(detectDocumentFacts({ path: 'x.xls', lines: ['г. Алматы, ул. Абая 1'], bodyLines: body }).city).toBe('Алматы');
    expect(detectDocumentFacts({ path: 'Шымкент/x.xls', lines: [], bodyLines: body }).city).toBe('Шымкент');
  });
});
