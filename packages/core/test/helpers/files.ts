/**
 * Builders of small price files for use-case tests: real rows copied from the client's lists, written
 * as XLSX bytes or zipped together, so tests do not depend on the whole archive.
 */
import { zipSync } from 'fflate';
import * as XLSX from 'xlsx';

export type SheetRow = readonly (string | number | null)[];

/** XLSX bytes of one sheet holding `rows`. */
export function xlsxFile(rows: readonly SheetRow[], sheetName = 'прайс'): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((r) => [...r])), sheetName);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/** ZIP bytes of the given files (names may contain folders and Cyrillic). */
export function zipFiles(files: Readonly<Record<string, Uint8Array>>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, bytes])));
}

/** The header block of `Клиника 6 прайс 2026.xlsx` (rows 1-12 of the sheet «приложение»), verbatim. */
export const CLINIC6_HEAD: readonly SheetRow[] = [
  [null, null, null, null, null, null, null, null, 'Приложение 1'],
  [null, null, null, null, null, null, null, null, 'к приказу Председателя Правления '],
  [null, null, null, null, null, null, null, null, 'Корпоративного фонда «University Medical Center»'],
  [null, null, null, null, null, null, null, null, 'от "______" ___________________ 2026 года № _________'],
  [],
  [null, null, 'Прейскурант на платные медицинские услуги'],
  [null, null, 'Корпоративного Фонда "University Medical Center"'],
  [],
  [
    '№ п/п',
    'Код услуги',
    'Наименование',
    'Ед.изм.',
    'Кол-во',
    'Цена без учета НДС',
    'Цена с учетом НДС для граждан Республики Казахстан, оралманов, а также иностранцев и лиц без гражданства, постоянно проживающих на территории Республики Казахстан ',
    'Цена с учетом НДС для граждан стран СНГ/ ближнего зарубежья и лиц без гражданства,не проживающих на постоянной основе на территории Республики Казахстан',
    'Цена с учетом НДС для  граждан стран дальнего зарубежья, не проживающих на постоянной основе на территории Республики Казахстан ',
  ],
  ['1', '2', '3', '4', '5', null, '6', '7', '8'],
];

/** Section row 880 and rows 947-949, 1081 of `Клиника 6 прайс 2026.xlsx`, verbatim. */
export const CLINIC6_THERAPIST_ROWS: readonly SheetRow[] = [
  [null, null, '8.1 Консультации специалистов'],
  [879, 'A02.001.000.91', 'Первичный прием врача терапевта', 'услуга', 1, 12350, 13000, 15600, 19500],
  [880, 'A02.001.000.93', 'Первичный прием врача терапевта к.м.н./врача высшей категории', 'услуга', 1, 15200, 16000, 19200, 24000],
  [881, 'A02.001.000.95', 'Первичный прием врача терапевта д.м.н.', 'услуга', 1, 20900, 22000, 26400, 33000],
  [1010, 'A02.001.000.92', 'Повторный прием врача терапевта', 'услуга', 1, 9975, 10500, 12600, 15800],
];
