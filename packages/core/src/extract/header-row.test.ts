import { describe, expect, it } from 'vitest';
import { findHeader, isColumnNumberRow, isHeaderLikeRow } from './header-row.js';
import { isNameHeader } from './header-keywords.js';
import { toKeyText } from './cell-text.js';

/** Rows 1–13 of «Клиника 6 прайс 2026.xlsx» (texts shortened where long). */
const CLINIC6_TOP = [
  ['', '', '', '', '', '', '', '', 'Приложение 1'],
  ['', '', '', '', '', '', '', '', 'к приказу Председателя Правления '],
  ['', '', '', '', '', '', '', '', 'от "______" ___________________ 2026 года № _________'],
  ['', '', '', '', '', '', '', '', ''],
  ['', '', 'Прейскурант на платные медицинские услуги', '', '', '', '', '', ''],
  ['№ п/п', 'Код услуги', 'Наименование', 'Ед.изм.', 'Кол-во', 'Цена без учета НДС', 'Цена с учетом НДС для граждан Республики Казахстан', 'Цена с учетом НДС для граждан стран СНГ/ ближнего зарубежья', 'Цена с учетом НДС для  граждан стран дальнего зарубежья'],
  ['1', '2', '3', '4', '5', '', '6', '7', '8'],
  ['', '', '1. СТАЦИОНАР', '', '', '', '', '', ''],
  ['1', 'E01.000.001', 'Ведение больного в стационаре 1 койко-день', 'койко-день', '1', '2,100', '2,210', '2,700', '3,300'],
];

describe('extract: header row', () => {
  it('finds the header after an approval block and a title', () => {
    const header = findHeader(CLINIC6_TOP);
    expect(header?.firstRow).toBe(5);
    expect(header?.texts[2]).toBe('Наименование');
  });

  it('counts the column-number row under the header as part of the header', () => {
    expect(findHeader(CLINIC6_TOP)?.lastRow).toBe(6);
  });

  it('combines a two-row header: «Стоимость, тенге» over «резиденты | нерезиденты»', () => {
    const header = findHeader([
      ['Код', 'Наименование услуги', 'Стоимость, тенге', 'Стоимость, тенге'],
      ['', '', 'для резидентов', 'для нерезидентов'],
      ['U1.1', 'Консультативный прием врача д.м.н.', '14 400', '18 000'],
    ]);
    expect(header?.lastRow).toBe(1);
    expect(header?.texts.slice(2)).toEqual(['Стоимость, тенге для резидентов', 'Стоимость, тенге для нерезидентов']);
  });

  it('sees a column-number row above the data, «1 2 3 4 5»', () => {
    expect(isColumnNumberRow(['1', '2', '3', '4', '5', '', '6', '7', '8'])).toBe(true);
    expect(isColumnNumberRow(['1', 'E01.000.001', 'Ведение больного', '', '2,100'])).toBe(false);
    expect(isColumnNumberRow(['57', '58'])).toBe(false);
  });

  it('does not take a priced service that mentions «партнер» and unit «услуга» for a header', () => {
    expect(isHeaderLikeRow(['499', 'E07.000.025', 'Профессиональный партнер в родах', 'услуга', '1', '79800', '84000'])).toBe(false);
    expect(isHeaderLikeRow(['Код', 'Наименование услуги', 'Стоимость, тенге'])).toBe(true);
  });

  it('finds no header in a table without a name column', () => {
    expect(findHeader([['Дата', 'Подпись'], ['01.01.2026', '']])).toBeNull();
  });
});

describe('extract: OCR-read headers', () => {
  // Клиника 3 прайс 2026.PDF, pages 1-14: the name column's header «ТЕСТ» comes out of the OCR layer as «TECt».
  it('finds the name column headed «TECt» (Latin look-alikes of «ТЕСТ»)', () => {
    expect(isNameHeader(toKeyText('TECt'))).toBe(true);
    expect(isNameHeader(toKeyText('Тест'))).toBe(true);
    expect(isNameHeader(toKeyText('Тестостерон'))).toBe(false);
  });
});
