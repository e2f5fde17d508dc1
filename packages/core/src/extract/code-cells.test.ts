import { describe, expect, it } from 'vitest';
import { codeCellText, codeColumnFromData, codeIn, splitCode } from './code-cells.js';

// Cell texts as the text layer of «Клиника 3 прайс 2026.PDF» gives them; the codes as the page images print them.
describe('extract: service codes read through a scan\'s damage', () => {
  it('drops spaces the OCR put inside a code and reads its Cyrillic first letter as the Latin one (p. 1, p. 3)', () => {
    expect(codeIn('В0 2.110.002')).toBe('B02.110.002');
    expect(codeIn('2 0.62.000')).toBe('20.62.000');
  });

  it('reads letters the OCR put for digits where the code wants digits (`ВОб.3 5 1.006`, `.ll`)', () => {
    expect(codeIn('ВОб.3 5 1.006')).toBe('B06.351.006');
    expect(codeIn('ВОЗ.557.002.1')).toBe('B03.557.002.1');
    expect(codeIn('B0 6.4 5 7.0 0 6.ll')).toBe('B06.457.006.11');
    expect(codeIn('Ь06.457.006.314')).toBe('B06.457.006.314');
    expect(codeIn('В06.592.005,2')).toBe('B06.592.005.2');
  });

  it('keeps a code of other shapes the list prints (`20.35.000.040`, `25.00.406`, `СН.0 0 1.075`)', () => {
    expect(codeIn('20.35.000.040')).toBe('20.35.000.040');
    expect(codeIn('25.00.406')).toBe('25.00.406');
    expect(codeIn('СН.0 0 1.075')).toBe('СН.001.075');
  });

  it('finds no code in prices, dates, row numberings and names', () => {
    expect(codeIn('В06.457.006.22, 5 280')).toBe('B06.457.006.22');
    for (const text of ['5 280', '13 200', '01.02.2026', '12.3.1', 'Латекс rHev b 6.01 IgE, k2 19', 'U1.1', 'Пролактин']) expect(codeIn(text)).toBeNull();
  });

  it('splits a centred section heading the scan glued to a code cell from the code', () => {
    expect(splitCode('Пищевые продукты - разное В06.457.006.22')).toEqual({ code: 'B06.457.006.22', rest: 'Пищевые продукты - разное' });
    expect(codeCellText('Первичный скрининг аллергии 25.00.406')).toBe('25.00.406');
  });

  it('keeps a code cell of another kind as it is', () => {
    expect(codeCellText('U1.1')).toBe('U1.1');
    expect(codeCellText('  ')).toBeNull();
  });
});

describe('extract: a code column without a header', () => {
  // Клиника 3, page 18: the page has no header band; the previous page's header spans the name and the codes.
  const rows = [
    ['№', 'Наименование услуги в прайсе и в результате', '', 'Материал', 'Цена, тенге', 'Цена партнера'],
    ['167', 'Грибы. f212', 'Пищевые продукты - разное В06.457.006.22', 'сыв.', '5 280', '3960'],
    ['168', 'Какао/шоколад. f93', 'В06.457.006.33', 'сыв.', '5 280', '3960'],
    ['169', 'Кофе, f221', 'В06.457.006.31', 'сыв.', '5 280', '3960'],
    ['', 'Панели аллергенов (определение специфических IgE)', '', '', '', ''],
    ['172', 'Панель аллергенов трав: душистый колосок …', 'В06.457.006.150', 'сыв.', '7 060', '5295'],
  ];

  it('is the column whose cells mostly hold a code', () => {
    expect(codeColumnFromData(rows, 0, 6, new Set([0, 1, 3, 4, 5]))).toBe(2);
  });

  it('is no column when fewer than three cells hold a code', () => {
    expect(codeColumnFromData(rows.slice(0, 3), 0, 6, new Set([0, 1, 3, 4, 5]))).toBeNull();
  });

  it('is no column when most of its cells hold words (a remark that sometimes cites a code)', () => {
    const remark = (text: string) => ['1', 'Прием', text, 'сыв.', '5 280', '3960'];
    const table = [rows[0]!, ...rows.slice(1, 4), remark('по назначению врача'), remark('после консультации'), remark('без записи'), remark('в день обращения')];
    expect(codeColumnFromData(table, 0, 6, new Set([0, 1, 3, 4, 5]))).toBeNull();
  });
});
