import { describe, it, expect } from 'vitest';
import { effectiveDateFromFileName, findEffectiveDate } from './effective-date.js';

describe('documents: effective date', () => {
  it('reads «с 01.01.2026» as 2026-01-01', () => {
    expect(findEffectiveDate(['Цены действуют с 01.01.2026'])).toBe('2026-01-01');
  });

  it('reads «вводится в действие с 1 февраля 2025 г.» as 2025-02-01', () => {
    expect(findEffectiveDate(['вводится в действие с 1 февраля 2025 г.'])).toBe('2025-02-01');
  });

  it('reads the OCR line «( вводится в дейсвие с I января 2026 года)» as 2026-01-01', () => {
    // Клиника 2 прайс 2026.pdf, page 1: the scan's text layer has «I» for 1 and a typo in «действие».
    expect(findEffectiveDate(['Прейскурант иен на платные медицинские yc.iv! и', '( вводится в дейсвие с I января 2026 года)'])).toBe(
      '2026-01-01',
    );
  });

  it('reads «Прейскурант на 2026 год» as 2026-01-01', () => {
    expect(findEffectiveDate(['Прейскурант на 2026 год'])).toBe('2026-01-01');
  });

  it('ignores the date of a contract or an order («от 15 января 2015 года»)', () => {
    expect(findEffectiveDate(['Приложение №1 к договору на оказание медицинских услуг № 130 от 15 января 2015 года'])).toBeNull();
    expect(findEffectiveDate(['Приказ от 25.12.2025', 'Действует с 01.02.2026'])).toBe('2026-02-01');
    expect(findEffectiveDate(['от "______" ___________________ 2026 года № _________'])).toBeNull();
  });

  it('rejects impossible dates', () => {
    expect(findEffectiveDate(['с 31.02.2026'])).toBeNull();
  });

  it('falls back to the year in the file name', () => {
    expect(effectiveDateFromFileName('Клиника 7_Прайс 2026.xls')).toBe('2026-01-01');
    expect(effectiveDateFromFileName('Алматы/Клиника 2 прайс 2025 год.PDF')).toBe('2025-01-01');
    expect(effectiveDateFromFileName('Клиника 1.docx')).toBeNull();
  });
});
