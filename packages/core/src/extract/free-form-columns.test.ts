import { describe, expect, it } from 'vitest';
import { findFreeFormHeader } from './free-form-columns.js';
import type { LineCell } from './table.js';

const cell = (x0: number, text: string): LineCell => ({ x0, x1: x0 + text.length * 4, text });

describe('extract: the header of a free-form list in columns', () => {
  it('finds a header on two lines and where its columns start', () => {
    const found = findFreeFormHeader([
      [cell(30, 'Специальность'), cell(200, 'Перв.'), cell(255, 'Повт.'), cell(310, 'Стоимость'), cell(420, 'Название услуг')],
      [cell(200, 'прием'), cell(255, 'прием')],
      [cell(30, 'терапевт'), cell(200, '9000 тг'), cell(255, '7000 тг')],
    ]);
    expect(found?.dataStart).toBe(2);
    expect(found?.columns.starts.get('repeat')).toEqual({ x0: 255, header: 'Повт. прием' });
    expect(found?.columns.starts.get('service')?.x0).toBe(420);
  });
  it('does not take a table whose data lines name first and repeat visits for such a list', () => {
    expect(
      findFreeFormHeader([
        [cell(40, '№'), cell(70, 'Наименование услуги'), cell(420, 'Цена, тенге')],
        [cell(40, '1'), cell(70, 'Прием терапевта первичный'), cell(430, '9 000')],
        [cell(40, '2'), cell(70, 'Прием терапевта повторный'), cell(430, '7 000')],
      ]),
    ).toBeNull();
  });
});
