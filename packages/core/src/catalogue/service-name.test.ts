import { describe, expect, it } from 'vitest';
import { cleanSectionHeading, cleanServiceName } from './service-name.js';

describe('suggested service name', () => {
  it('drops degrees and categories of the doctor', () => {
    expect(cleanServiceName('Первичный прием врача ортопеда к.м.н./врача высшей категории')).toBe('Первичный прием врача ортопеда');
    expect(cleanServiceName('Консультативный прием врача (д.м.н.)')).toBe('Консультативный прием врача');
    expect(cleanServiceName('Первичный консультативный прием врача с высшей категорией (онлайн)')).toBe(
      'Первичный консультативный прием врача (онлайн)',
    );
  });

  it('drops a trailing programme sentence unless asked to keep it', () => {
    expect(cleanServiceName('Определение С-реактивного белка количественно. Check up')).toBe('Определение С-реактивного белка количественно');
    expect(cleanServiceName('Осмотр врача. Выездные услуги', { firstSentence: false })).toBe('Осмотр врача. Выездные услуги');
  });

  it('drops sales words and what the price does not include', () => {
    expect(cleanServiceName('С-реактивный белок услуга')).toBe('С-реактивный белок');
    expect(cleanServiceName('Взятие мазка на степень чистоты (флору) без стоимости консультации')).toBe('Взятие мазка на степень чистоты (флору)');
  });

  it('tidies what the source left: stray commas, a lower-case start', () => {
    expect(cleanServiceName('флюорография')).toBe('Флюорография');
    expect(cleanServiceName('Абрикос, ,1237')).toBe('Абрикос, 1237');
  });

  it('strips the numbering of a section heading', () => {
    expect(cleanSectionHeading('Раздел 7.Оториноларингология')).toBe('Оториноларингология');
    expect(cleanSectionHeading('31.5.Биохимические исследования')).toBe('Биохимические исследования');
    expect(cleanSectionHeading('Подраздел 1.1. Консультации врачей')).toBe('Консультации врачей');
    expect(cleanSectionHeading('- МСКТ - Малый таз')).toBe('МСКТ - Малый таз');
  });
});
