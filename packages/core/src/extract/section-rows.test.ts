import { describe, expect, it } from 'vitest';
import { isNoteRow, isTotalRow, sectionTitleOf } from './section-rows.js';

const layout = { nameColumn: 1, codeColumn: 0, numberColumn: null };

describe('extract: section rows', () => {
  it('reads a merged heading spread over the row («Раздел 7.Оториноларингология»)', () => {
    expect(sectionTitleOf(Array(3).fill('Раздел 7.Оториноларингология'), layout)).toBe('Раздел 7.Оториноларингология');
  });
  it('reads a lone heading in the name column («ПРИЕМ ВРАЧА»)', () => {
    expect(sectionTitleOf(['', 'ПРИЕМ ВРАЧА', '', '', '', ''], layout)).toBe('ПРИЕМ ВРАЧА');
  });
  it('reads «31.2.Общеклинические исследования» as a heading', () => {
    expect(sectionTitleOf(Array(3).fill('31.2.Общеклинические исследования'), layout)).toBe('31.2.Общеклинические исследования');
  });
  it('joins a numbering cell with the heading («1.2 | Биохимия»)', () => {
    expect(sectionTitleOf(['1.2', 'Биохимия', ''], layout)).toBe('1.2 Биохимия');
  });
  it('does not take a service without a price for a heading', () => {
    expect(sectionTitleOf(['605', 'Выполнение исследования в ускоренном режиме (по Cito)', '1 услуга'], { nameColumn: 1, codeColumn: null, numberColumn: 0 })).toBeNull();
  });
  it('does not take totals or notes for headings', () => {
    expect(isTotalRow(['', 'Итого по разделу', '125 000'])).toBe(true);
    expect(isNoteRow(['* цены указаны в тенге с учетом НДС', '', ''])).toBe(true);
    expect(sectionTitleOf(['', 'Всего', ''], layout)).toBeNull();
  });
});
