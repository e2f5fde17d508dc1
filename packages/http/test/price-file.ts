/**
 * A small real price list for upload tests: rows of `Клиника 7_Прайс 2026.xls` (sheet `2026`, header
 * row 6 with the long price headers, section rows 7 and 67, service rows 8, 9, 14, 68, 69), as a UTF-8
 * CSV with `;` and space-grouped prices, the way Excel in a Russian locale exports it. What a person
 * reads in it: 5 priced services; «Аутогемотерапия» costs 1 600 tenge for residents.
 */
export const CLINIC7_CSV_NAME = 'Клиника 7 прайс 2026.csv';

export const CLINIC7_CSV = [
  'ПРЕЙСКУРАНТ;;;;;',
  '"№ п/п";"Наименование услуги";"Ед. измерения";"Цена для граждан Республики Казахстан (с учетом НДС)";"Цена для граждан стран СНГ/ ближнего зарубежья (с учетом НДС)";"Цена для граждан стран дальнего зарубежья (с учетом НДС)"',
  ';ПРИЕМ ВРАЧА;;;;',
  '1;Первичный консультативный прием врача;1 посещение;12 600;16 380;21 420',
  '2;Первичный консультативный прием врача высшей категории;1 посещение;14 700;19 110;24 990',
  '7;"Повторный консультативный прием врача ";1 посещение;10 500;13 650;17 850',
  ';ПРОЦЕДУРНЫЙ КАБИНЕТ;;;;',
  '57;Аутогемотерапия;1 исследование;1 600;2 080;2 720',
  '58;"В/венная инъекция без лекарственных средств";1 инъекция;2 100;2 730;3 570',
  '',
].join('\r\n');

/** The CSV as bytes. */
export function clinic7CsvBytes(): Uint8Array {
  return new TextEncoder().encode(CLINIC7_CSV);
}
