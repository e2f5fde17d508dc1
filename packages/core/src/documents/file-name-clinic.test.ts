import { describe, it, expect } from 'vitest';
import { clinicNameFromPath } from './file-name-clinic.js';

describe('documents: clinic name from the file name', () => {
  it('reads «Клиника 7_Прайс 2026.xls» as Клиника 7', () => {
    expect(clinicNameFromPath('Клиника 7_Прайс 2026.xls')).toBe('Клиника 7');
  });

  it('reads «Клиника 2 прайс 2025 год.PDF» as Клиника 2', () => {
    expect(clinicNameFromPath('Клиника 2 прайс 2025 год.PDF')).toBe('Клиника 2');
  });

  it('ignores the folders of a ZIP entry', () => {
    expect(clinicNameFromPath('Алматы/Клиника 3 прайс 2026.pdf')).toBe('Клиника 3');
  });

  it('drops price-list words, dates and copy marks around the name', () => {
    expect(clinicNameFromPath('Прайс-лист ТОО Здоровье на 2026 год.xlsx')).toBe('ТОО Здоровье');
    expect(clinicNameFromPath('Прейскурант цен на медицинские услуги МЦ Сункар с 01.02.2026.docx')).toBe('МЦ Сункар');
    expect(clinicNameFromPath('Клиника Мед-Сервис (1).xlsx')).toBe('Клиника Мед-Сервис');
  });

  it('takes the folder name when the file name says only «прайс»', () => {
    expect(clinicNameFromPath('Клиника 3/прайс.pdf')).toBe('Клиника 3');
  });
});
