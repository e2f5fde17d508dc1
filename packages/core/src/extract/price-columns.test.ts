import { describe, expect, it } from 'vitest';
import { findPriceColumns, priceRoleOf, priceRolesOf } from './price-columns.js';

describe('extract: price column roles', () => {
  it('reads the long Kazakh resident header (citizens and permanent residents, with VAT) as resident', () => {
    expect(
      priceRoleOf('Цена для граждан Республики Казахстан, кандасов, а также иностранцев и лиц без гражданства, постоянно проживающих на территории Республики Казахстан, (с учетом НДС)'),
    ).toBe('resident');
  });
  it('reads the resident header as resident when the scan garbled «проживающих» («постоянно ар оживающих»)', () => {
    expect(
      priceRoleOf('Цена для граждан Республики Казахстан, оралманов, а также иностранцев и лиц без гражданства, постоянно ар оживающих на территории Республики Казахстан (имеющих вид на жительство)'),
    ).toBe('resident');
    expect(priceRoleOf('Цена для граждан РК, а также иностранцев, проживающих на территории РК')).toBe('resident');
  });
  it('still reads a header for foreigners alone as nonresident', () => {
    expect(priceRoleOf('Цена для иностранных граждан')).toBe('nonresident');
  });
  it('reads СНГ / ближнего зарубежья as nonresident', () => {
    expect(priceRoleOf('Цена с учетом НДС для граждан стран СНГ/ ближнего зарубежья и лиц без гражданства,не проживающих на постоянной основе на территории Республики Казахстан')).toBe('nonresident');
    expect(priceRoleOf('Нерезиденты')).toBe('nonresident');
  });
  it('reads дальнего зарубежья as nonresident_far', () => {
    expect(priceRoleOf('Цена с учетом НДС для  граждан стран дальнего зарубежья, не проживающих на постоянной основе')).toBe('nonresident_far');
  });
  it('gives one column for both near and far abroad both roles (Клиника 2 2025, the price column of every page)', () => {
    // The header as printed on page 6 of «Клиника 2 прайс 2025 год.PDF».
    const header = 'Цена для лиц без гражданства из стран ближнего и дальнего зарубежья, не проживающих на постоянной основе на территории Республики Казахстан, тенге';
    expect(priceRolesOf(header)).toEqual(['nonresident', 'nonresident_far']);
    const [column] = findPriceColumns(['№', 'Наименование услуг', 'Единица измерения', header], new Set([0, 1, 2]));
    expect(column).toMatchObject({ index: 3, role: 'nonresident', also_roles: ['nonresident_far'] });
  });
  it('gives a far-abroad header alone one role', () => {
    expect(priceRolesOf('Цена с учетом НДС для  граждан стран дальнего зарубежья, не проживающих на постоянной основе')).toEqual(['nonresident_far']);
  });
  it('reads «Цена без учета НДС» as without_vat', () => expect(priceRoleOf('Цена без учета НДС')).toBe('without_vat'));
  it('reads страховых / ДМС as insurance', () => {
    expect(priceRoleOf('Цена для страховых компаний')).toBe('insurance');
    expect(priceRoleOf('ДМС')).toBe('insurance');
  });
  it('reads «Цена для партнеров» as partner', () => expect(priceRoleOf('Цена для партнеров')).toBe('partner'));
  it('reads a single generic price column as resident', () => {
    expect(priceRoleOf('Стоимость, тенге')).toBe('resident');
    expect(priceRoleOf('Цена')).toBe('resident');
  });
  it('does not take name, code, unit or quantity columns for prices', () => {
    for (const header of ['Наименование услуги', 'Код услуги', 'Ед.изм.', 'Кол-во', '№ п/п']) expect(priceRoleOf(header), header).toBeNull();
  });

  it('keeps the with-VAT resident column as resident when the list also has a without-VAT price', () => {
    const columns = findPriceColumns(['№ п/п', 'Код услуги', 'Наименование', 'Цена без учета НДС', 'Цена с учетом НДС для граждан Республики Казахстан'], new Set([0, 1, 2]));
    expect(columns.map((c) => [c.index, c.role])).toEqual([
      [3, 'without_vat'],
      [4, 'resident'],
    ]);
  });

  it('gives a second generic price column the role other, not a second resident', () => {
    const columns = findPriceColumns(['Наименование', 'Цена', 'Цена по акции'], new Set([0]));
    expect(columns.map((c) => c.role)).toEqual(['resident', 'other']);
  });

  it('reads a discounted price beside the list price as the partner price, as «Цена со партнера» is', () => {
    expect(findPriceColumns(['Наименование', 'Цена, тенге', 'Цена со скидкой'], new Set([0])).map((c) => c.role)).toEqual(['resident', 'partner']);
    expect(findPriceColumns(['Наименование', 'Цена, тенге', 'Цена со партнера'], new Set([0])).map((c) => c.role)).toEqual(['resident', 'partner']);
    expect(findPriceColumns(['Наименование', 'Цена', 'Скидка, %'], new Set([0])).map((c) => c.role)).not.toContain('partner');
  });
});

describe('extract: price roles of the Клиника 2 (2026) scan', () => {
  it('reads «Цена для резидентов Республики Казахстан (ближнее зарубежье)» as the resident price, for the near abroad too', () => {
    const header = 'Цена для резидентов Республики Казахстан (ближнее зарубежье) (в том числе НДС)';
    expect(priceRoleOf(header)).toBe('resident');
    expect(priceRolesOf(header)).toEqual(['resident', 'nonresident']);
    const columns = findPriceColumns(['Наименование', 'Цены для страховых компании', header, 'Цена для нерезидентов Республики Казахстан (дальнее зарубежье)'], new Set([0]));
    expect(columns.map((c) => [c.role, c.also_roles ?? []])).toEqual([
      ['insurance', []],
      ['resident', ['nonresident']],
      ['nonresident_far', []],
    ]);
  });

  it('still reads «Цена для нерезидентов Республики Казахстан (дальнее зарубежье)» as the far-abroad price', () => {
    expect(priceRoleOf('Цена для нерезидентов Республики Казахстан (дальнее зарубежье) (в том числе НДС)')).toBe('nonresident_far');
  });
});
