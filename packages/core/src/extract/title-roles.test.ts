import { describe, expect, it } from 'vitest';
import { extractPriceRows } from './extract-rows.js';
import type { ReadResult, Table } from './table.js';
import { titleRoleOf, withTitleRole } from './title-roles.js';

const sheet = (name: string, rows: string[][]): ReadResult => ({ format: 'xlsx', fileName: 'прайс.xlsx', tables: [{ name, rows } satisfies Table], text: [], warnings: [] });

describe('extract: price roles from titles', () => {
  it('reads the role a title names', () => {
    expect(titleRoleOf(['Прейскурант для страховых компаний'])).toBe('insurance');
    expect(titleRoleOf(['для граждан стран дальнего зарубежья'])).toBe('nonresident_far');
    expect(titleRoleOf(['2026', 'Прейскурант на платные медицинские услуги'])).toBeNull();
  });

  it('gives a sheet\'s title role to its one generic price column', () => {
    const { rows } = extractPriceRows(sheet('для страховых компаний', [
      ['№', 'Наименование услуги', 'Цена, тенге'],
      ['1', 'Прием терапевта', '9 000'],
    ]));
    expect(rows[0]!.prices.map((p) => p.role)).toEqual(['insurance']);
  });

  it('gives a title line\'s role above the header, and leaves headers that name their roles alone', () => {
    const titled = extractPriceRows(sheet('Лист1', [
      ['Прейскурант цен на медицинские услуги для страховых компаний', '', ''],
      ['Наименование услуги', 'Стоимость', ''],
      ['Прием терапевта', '9 000', ''],
    ]));
    expect(titled.rows[0]!.prices.map((p) => p.role)).toEqual(['insurance']);
    const columns = [{ index: 2, header: 'Цена для граждан РК', role: 'resident' as const }];
    expect(withTitleRole(columns, 'insurance')).toBe(columns);
  });
});
