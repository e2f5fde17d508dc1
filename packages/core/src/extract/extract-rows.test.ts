import { describe, expect, it } from 'vitest';
import { ExtractError } from '../errors.js';
import { extractPriceRows } from './extract-rows.js';
import type { ReadResult, Table } from './table.js';

function result(tables: Table[], fileName = 'price.xlsx'): ReadResult {
  return { format: 'xlsx', fileName, tables, text: [], warnings: [] };
}

/** Rows 11–16 of «Клиника 6 прайс 2026.xlsx», with a repeated header, a total and a note added. */
const CLINIC6: Table = {
  name: 'приложение',
  rows: [
    ['', '', 'Прейскурант на платные медицинские услуги', '', '', '', '', ''],
    ['№ п/п', 'Код услуги', 'Наименование', 'Ед.изм.', 'Цена без учета НДС', 'Цена с учетом НДС для граждан Республики Казахстан', 'Цена с учетом НДС для граждан стран СНГ/ ближнего зарубежья', 'Цена с учетом НДС для граждан стран дальнего зарубежья'],
    ['1', '2', '3', '4', '', '6', '7', '8'],
    ['', '', '1. СТАЦИОНАР', '', '', '', '', ''],
    ['1', 'E01.000.001', 'Ведение больного в стационаре 1 койко-день', 'койко-день', '2,100', '2,210', '2,700', '3,300'],
    ['№ п/п', 'Код услуги', 'Наименование', 'Ед.изм.', 'Цена без учета НДС', 'Цена с учетом НДС для граждан Республики Казахстан', 'Цена с учетом НДС для граждан стран СНГ/ ближнего зарубежья', 'Цена с учетом НДС для граждан стран дальнего зарубежья'],
    ['198', 'E02.000.167', 'Аутогенная трансплантация гемопоэтических стволовых клеток ', 'операция', '0', '', '250,000', '320,000'],
    ['120', 'E02.000.226', 'исключение услуги', '', '0', '', '', ''],
    ['', '', 'Итого', '', '', '', '', '1 000 000'],
    ['* цены указаны в тенге', '', '', '', '', '', '', ''],
  ],
  numbers: new Map([['4:4', 2099.5]]),
};

describe('extract: extractPriceRows', () => {
  it('reads code, name, unit, section and every price with its role', () => {
    const { rows } = extractPriceRows(result([CLINIC6]));
    expect(rows[0]).toEqual({
      section: '1. СТАЦИОНАР',
      code: 'E01.000.001',
      name: 'Ведение больного в стационаре 1 койко-день',
      unit: 'койко-день',
      prices: [
        { role: 'without_vat', value: 2099.5, raw: '2,100', header: 'Цена без учета НДС' },
        { role: 'resident', value: 2210, raw: '2,210', header: 'Цена с учетом НДС для граждан Республики Казахстан' },
        { role: 'nonresident', value: 2700, raw: '2,700', header: 'Цена с учетом НДС для граждан стран СНГ/ ближнего зарубежья' },
        { role: 'nonresident_far', value: 3300, raw: '3,300', header: 'Цена с учетом НДС для граждан стран дальнего зарубежья' },
      ],
      source: { table: 'приложение', row: 5 },
      warnings: [],
    });
  });

  it('keeps a row priced only in some role columns, without the missing roles', () => {
    const { rows } = extractPriceRows(result([CLINIC6]));
    expect(rows[1]!.name).toBe('Аутогенная трансплантация гемопоэтических стволовых клеток');
    expect(rows[1]!.prices.map((p) => [p.role, p.value])).toEqual([
      ['nonresident', 250000],
      ['nonresident_far', 320000],
    ]);
  });

  it('makes no row of titles, headers (repeated too), column numbers, totals, notes or unpriced rows', () => {
    const { rows, columns } = extractPriceRows(result([CLINIC6]));
    expect(rows.map((r) => r.source.row)).toEqual([5, 7]);
    expect(columns.map((c) => c.role)).toEqual(['without_vat', 'resident', 'nonresident', 'nonresident_far']);
  });

  it('keeps a package without a code and its component rows (Клиника 1, «Ведение беременности»)', () => {
    const table: Table = {
      name: 'table 1',
      rows: [
        ['Код', 'Наименование услуги', 'Стоимость, тенге'],
        ['Раздел 10.Ведение Беременности', 'Раздел 10.Ведение Беременности', 'Раздел 10.Ведение Беременности'],
        ['\u00A0', 'Ведение беременности 1 триместр ', '160 650'],
        ['GK9.1', 'Прием врача гинеколога 1', '8 000'],
        ['D99.293.012', 'Забор крови с вены', '0'],
      ],
    };
    const { rows } = extractPriceRows(result([table], 'Клиника 1 прайс 2024.docx'));
    expect(rows.map((r) => [r.section, r.code, r.name, r.prices[0]?.role, r.prices[0]?.value])).toEqual([
      ['Раздел 10.Ведение Беременности', null, 'Ведение беременности 1 триместр', 'resident', 160650],
      ['Раздел 10.Ведение Беременности', 'GK9.1', 'Прием врача гинеколога 1', 'resident', 8000],
    ]);
  });

  it('keeps an «от» price and warns that it is a lower bound', () => {
    const table: Table = {
      name: '2026',
      rows: [
        ['№ п/п', 'Наименование услуги', 'Ед. измерения', 'Цена для граждан Республики Казахстан'],
        ['', 'ВЕДЕНИЕ БЕРЕМЕННОСТИ*', '', ''],
        ['2055', 'I триместр (8 – 20 недель беременности)', '1 программа', 'от 252 950 '],
      ],
    };
    const [row] = extractPriceRows(result([table])).rows;
    expect(row?.prices[0]?.value).toBe(252950);
    expect(row?.unit).toBe('1 программа');
    expect(row?.code).toBeNull();
    expect(row?.warnings.join(' ')).toMatch(/^\[PRICE_LOWER_BOUND\] цена «от .*» — нижняя граница/);
  });

  it('continues a Word table split over pages with the header of the first part', () => {
    const first: Table = { name: 'table 1', rows: [['Код', 'Наименование услуги', 'Стоимость, тенге'], ['OT7.1', 'Прием врача оториноларинголога ', '10 000']] };
    const second: Table = { name: 'table 2', rows: [['OT7.2', 'Анемизация слизистой носа', '1 500']] };
    const { rows } = extractPriceRows(result([first, second]));
    expect(rows.map((r) => [r.code, r.source.table])).toEqual([
      ['OT7.1', 'table 1'],
      ['OT7.2', 'table 2'],
    ]);
  });

  it('guesses the columns of a list without a header and says so', () => {
    const table: Table = {
      name: 'Лист1',
      rows: [
        ['Прием врача кардиолога', '10 000'],
        ['ЭКГ', '3 600'],
        ['Спирометрия', '3 000'],
      ],
    };
    const { rows, warnings } = extractPriceRows(result([table]));
    expect(rows.map((r) => [r.name, r.prices[0]?.value])).toEqual([
      ['Прием врача кардиолога', 10000],
      ['ЭКГ', 3600],
      ['Спирометрия', 3000],
    ]);
    expect(warnings.join(' ')).toMatch(/\[NO_HEADER_ROW\] .*нет строки заголовков/);
  });

  it('throws NO_PRICE_TABLE naming the file and what was expected', () => {
    const table: Table = { name: 'Лист1', rows: [['Договор № 130'], ['Главный врач', 'подпись']] };
    let error: unknown;
    try {
      extractPriceRows(result([table], 'договор.docx'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ExtractError);
    expect((error as ExtractError).code).toBe('NO_PRICE_TABLE');
    expect((error as ExtractError).message).toMatch(/^договор\.docx: таблица цен не найдена/);
    expect((error as ExtractError).message).toContain('Наименование');
  });
});

describe('extract: extractPriceRows, OCR text of scanned PDFs', () => {
  /** Rows 1–3 and 48 of «Клиника 2 прайс 2025 год.PDF» (pages 1–2), price cells as the OCR layer reads them. */
  const SCAN: Table = {
    name: 'page 1',
    rows: [
      ['№', 'Наименование услуг', 'Единица измерения', 'Цена для лиц без гражданства из стран ближнего и дальнего зарубежья, тенге'],
      ['1', 'Прием врача первичный', '1 посещение', '10 80С'],
      ['2', 'Прием врача повторный', '1 посещение', '9 60С'],
      ['3', 'Прием врача отоларинголога (взрослый, детский) с аппаратным исследованием первичный', '1 посещение', '12 О О С'],
      ['55', 'Терапевтический пакет', '1 пакет', '147 00'],
      ['56', 'Общий пакет (мужской)', '1 пакет', 'S 600'],
    ],
  };
  const pdf = (tables: Table[]): ReadResult => ({ format: 'pdf', fileName: 'scan.pdf', tables, text: [], warnings: [] });

  it('repairs misread digits and says so on the row', () => {
    const { rows } = extractPriceRows(pdf([SCAN]));
    expect(rows.map((r) => [r.source.row, r.prices[0]?.value])).toEqual([
      [2, 10800],
      [3, 9600],
      [4, 12000],
      [5, undefined],
      [6, undefined],
    ]);
    expect(rows[0]!.warnings).toEqual(['[PRICE_OCR_REPAIRED] цена «10 80С» прочитана как 10800 (исправление распознавания) — проверьте по странице']);
    expect(rows[0]!.prices[0]!.raw).toBe('10 80С');
  });

  it('keeps rows whose price cell it cannot read for certain, without the price, flagged, and names the cells in the warnings', () => {
    const { rows, warnings, issues } = extractPriceRows(pdf([SCAN]));
    const unread = rows.filter((r) => r.name === 'Терапевтический пакет' || r.name === 'Общий пакет (мужской)');
    expect(unread.map((r) => [r.prices.length, r.flags?.map((f) => [f.code, f.params.raw])])).toEqual([
      [0, [['PRICE_UNREADABLE', '147 00']]],
      [0, [['PRICE_UNREADABLE', 'S 600']]],
    ]);
    expect(unread[0]!.warnings[0]).toMatch(/^\[PRICE_UNREADABLE\] цена «147 00» .* не прочитана/);
    expect(warnings.join(' ')).toMatch(/\[OCR_PRICE_UNREADABLE\] .*2 ячеек цены не прочитаны .*«147 00», «S 600»/);
    expect(issues.map((i) => [i.code, i.params.count])).toEqual([['ROWS_WITHOUT_PRICE', 2], ['PRICES_REPAIRED', 3], ['OCR_PRICE_UNREADABLE', 2]]);
    expect(warnings).toContain('scan.pdf, [PRICES_REPAIRED] стр. 1: в 3 строк(ах) цена восстановлена (искажённые цифры скана, образец колонки или соотношение колонок) — проверьте по странице');
  });

  it('reads «II 000» as 11000 with a warning next to a clean price in the same row (2026 p.1)', () => {
    const table: Table = {
      name: 'page 1',
      rows: [
        ['№', 'Наименование услуг', 'Единица измерения', 'Цена для резидентов Республики Казахстан', 'Цена для нерезидентов Республики Казахстан'],
        ['2', 'Прием врача повторный', 'прием', '8 800', 'II 000'],
      ],
    };
    const [row] = extractPriceRows(pdf([table])).rows;
    expect(row!.prices.map((p) => [p.role, p.value])).toEqual([
      ['resident', 8800],
      ['nonresident', 11000],
    ]);
    expect(row!.warnings).toEqual(['[PRICE_OCR_REPAIRED] цена «II 000» прочитана как 11000 (исправление распознавания) — проверьте по странице']);
  });

  it('does not repair spreadsheet cells: «II 000» in an XLSX is not a price', () => {
    const { rows } = extractPriceRows(result([{ ...SCAN, rows: [SCAN.rows[0]!, ['1', 'Прием врача', '1 посещение', 'II 000'], ['2', 'ЭКГ', '1', '6 000']] }]));
    expect(rows.map((r) => r.name)).toEqual(['ЭКГ']);
  });
});

describe('extract: extractPriceRows, a list instead of a table', () => {
  it('reads free-form priced lines of the text when no table has prices', () => {
    const list: ReadResult = {
      format: 'docx',
      fileName: 'список.docx',
      tables: [],
      text: ['Прейскурант медицинского центра', 'Режим работы: с 8:00 до 20:00', 'Консультации', 'терапевт 9000 тг 7000 тг', 'Прием педиатра — 8 000 тенге', 'Медосмотр водителей', 'Муж-7300 тг Жен-9000тг', 'УЗИ почек ....... 6500'],
      warnings: [],
    };
    const { rows, warnings } = extractPriceRows(list);
    expect(rows.map((r) => [r.section, r.name, r.prices[0]?.role, r.prices[0]?.value])).toEqual([
      ['Консультации', 'терапевт', 'resident', 9000],
      ['Консультации', 'Прием педиатра', 'resident', 8000],
      ['Консультации', 'Медосмотр водителей (муж)', 'resident', 7300],
      ['Консультации', 'Медосмотр водителей (жен)', 'resident', 9000],
      ['Консультации', 'УЗИ почек', 'resident', 6500],
    ]);
    expect(rows[0]!.prices[1]).toEqual({ role: 'other', value: 7000, raw: '7000 тг', header: '' });
    expect(warnings.join(' ')).toMatch(/\[FREE_FORM_LINES\] .*таблицы цен нет/);
  });

  it('reads a list pasted into one spreadsheet column', () => {
    const table: Table = { name: 'Лист1', rows: [['Анализы'], ['ОАК ..... 2500'], ['ОАМ ..... 2000'], ['Глюкоза крови ..... 1800']] };
    const { rows } = extractPriceRows(result([table]));
    expect(rows.map((r) => [r.section, r.name, r.prices[0]?.value, r.source.row])).toEqual([
      ['Анализы', 'ОАК', 2500, 2],
      ['Анализы', 'ОАМ', 2000, 3],
      ['Анализы', 'Глюкоза крови', 1800, 4],
    ]);
  });

  it('still throws NO_PRICE_TABLE when fewer than three lines are priced', () => {
    const list: ReadResult = { format: 'docx', fileName: 'письмо.docx', tables: [], text: ['Уважаемые коллеги!', 'Прием терапевта 9000 тг', 'Тел.: 8 (7172) 55-66-77'], warnings: [] };
    expect(() => extractPriceRows(list)).toThrow(/письмо\.docx: таблица цен не найдена/);
  });
});

describe('extract: a name header merged over several columns', () => {
  // Клиника 3 прайс 2026.PDF, page 21: «Наименование услуги в прайсе и в результате» spans the number
  // (with the material), the name and the code columns.
  it('takes the names from the column with the words, not the row numbers beside them', () => {
    const merged = 'Наименование услуги в прайсе и в результате';
    const table: Table = {
      name: 'page 21',
      rows: [
        [merged, merged, merged, 'Цена, тенге', 'Цена партнера'],
        ['260 сыв.', 'Лизоцим яйца nGal d 4, k208', 'В06.457.006.207', '12 540', '9405'],
        ['270 сыв.', 'Клещ домашней пыли rDer р 1 IgG4, d202 (мониторинг АСИТ)', 'В06.457.006.190', '16 300', '12225'],
      ],
    };
    const { rows } = extractPriceRows({ ...result([table], 'Клиника 3 прайс 2026.PDF'), format: 'pdf' });
    expect(rows.map((r) => [r.name, r.prices.map((p) => [p.role, p.value])])).toEqual([
      ['Лизоцим яйца nGal d 4, k208', [['resident', 12540], ['partner', 9405]]],
      ['Клещ домашней пыли rDer р 1 IgG4, d202 (мониторинг АСИТ)', [['resident', 16300], ['partner', 12225]]],
    ]);
  });
});

describe('extract: a scanned page that lost its last price header', () => {
  // Клиника 3 прайс 2026.PDF: page 20 is headed «… Цена, тенге | Цена партнера»; on page 21 the OCR layer
  // lost «Цена партнера», yet the column still holds the partner prices (16 300 / 12225).
  it('keeps the unheaded last column as the partner price of the page before', () => {
    const page20: Table = {
      name: 'page 20',
      rows: [
        ['№', 'Наименование услуги в прайсе и в результате', 'Код ЛИС', 'Цена, тенге', 'Цена партнера'],
        ...['Лизоцим', 'Казеин', 'Тимофеевка', 'Полынь', 'Берёза'].map((name) => ['1', name, 'В06.457.006.1', '12 540', '9405']),
      ],
    };
    const page21: Table = {
      name: 'page 21',
      rows: [
        ['№', 'Наименование услуги в прайсе и в результате', 'Код ЛИС', 'Цена, тенге', ''],
        ...['Клещ домашней пыли rDer р 1 IgG4, d202 (мониторинг АСИТ)', 'Кошка rFel d 1', 'Амброзия nAmb a 1', 'Полынь nArt v 1', 'Солянка nSal k 1'].map((name) => ['2', name, 'В06.457.006.2', '16 300', '12225']),
      ],
    };
    const { rows } = extractPriceRows({ ...result([page20, page21], 'Клиника 3 прайс 2026.PDF'), format: 'pdf' });
    expect(rows.find((r) => r.name.startsWith('Клещ'))?.prices.map((p) => [p.role, p.value])).toEqual([
      ['resident', 16300],
      ['partner', 12225],
    ]);
  });

  it('adopts nothing in a spreadsheet, where an unheaded column is not a lost header', () => {
    const sheet: Table = {
      name: 'прайс',
      rows: [
        ['Наименование услуги', 'Цена, тенге', ''],
        ...['УЗИ почек', 'ЭКГ', 'Массаж', 'ОАК', 'ОАМ'].map((name) => [name, '5 000', '12']),
      ],
    };
    const { rows } = extractPriceRows(result([sheet, sheet]));
    expect(rows.every((r) => r.prices.length === 1)).toBe(true);
  });
});
