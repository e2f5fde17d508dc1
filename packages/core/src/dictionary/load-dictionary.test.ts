import { describe, it, expect } from 'vitest';
import * as XLSX from 'xlsx';
import { isPricecatError } from '../errors.js';
import { loadDictionary } from './load-dictionary.js';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Windows-1251 bytes for ASCII and Russian letters, as a Russian Excel "CSV" export writes them. */
function cp1251(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => {
    const code = ch.charCodeAt(0);
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (ch === 'Ё') return 0xa8;
    if (ch === 'ё') return 0xb8;
    throw new Error(`no cp1251 byte for ${ch}`);
  });
}

function xlsxBytes(rows: unknown[][], patch?: (sheet: XLSX.WorkSheet) => void): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  patch?.(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Справочник услуг');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

async function invalidInput(load: Promise<unknown>): Promise<string> {
  try {
    await load;
  } catch (error) {
    if (isPricecatError(error) && error.code === 'INVALID_INPUT') return error.message;
    throw error;
  }
  throw new Error('expected INVALID_INPUT');
}

describe('dictionary: loadDictionary', () => {
  it('reads the client layout ID, Специальность, Code, Name_ru, TarificatrCode', async () => {
    const bytes = xlsxBytes([
      ['ID', 'Специальность', 'Code', 'Name_ru', 'TarificatrCode'],
      [1, 'Акушер-гинеколог', 1, 'Прием акушер-гинеколога', 'A02.004.000'],
      [1, 'Общая клиника ', 2, ' Аддис-Каковский ', 'В01.002.001'],
      ['', '', '', '', ''],
    ]);
    const services = await loadDictionary(bytes, 'Справочник услуг.xlsx');
    expect(services.map((s) => [s.name, s.category, s.tariff_code, s.origin])).toEqual([
      ['Прием акушер-гинеколога', 'Акушер-гинеколог', 'A02.004.000', 'dictionary'],
      ['Аддис-Каковский', 'Общая клиника', 'B01.002.001', 'dictionary'],
    ]);
    expect(services[0]?.name_norm).toBe('прием акушер гинеколога');
  });

  it('treats #REF! cells as blank and does not take the plain Code column for the tariff code', async () => {
    const bytes = xlsxBytes(
      [
        ['ID', 'Специальность', 'Code', 'Name_ru', 'TarificatrCode'],
        [null, 'Лор', null, 'Прием ЛОР-врача', '#REF!'],
      ],
      (sheet) => {
        sheet['A2'] = { t: 'e', v: 0x17, w: '#REF!' };
        sheet['C2'] = { t: 'e', v: 0x17, w: '#REF!' };
      },
    );
    const [service] = await loadDictionary(bytes, 'dict.xlsx');
    expect(service?.tariff_code).toBeNull();
    expect(JSON.stringify(service)).not.toContain('#REF!');
  });

  it('finds the columns in another order, under English headers, below a title row', async () => {
    const bytes = xlsxBytes([
      ['Services reference'],
      ['Tariff code', 'Name', 'Category'],
      ['C03.033.004', '3D УЗИ плода', 'Акушер-гинеколог'],
    ]);
    const services = await loadDictionary(bytes, 'services.xlsx');
    expect(services).toHaveLength(1);
    expect(services[0]).toMatchObject({ name: '3D УЗИ плода', category: 'Акушер-гинеколог', tariff_code: 'C03.033.004' });
  });

  it('keeps an exact duplicate once but the same name under two specialties twice', async () => {
    const bytes = xlsxBytes([
      ['Специальность', 'Name_ru'],
      ['Хирург', 'Перевязка'],
      ['Хирург', 'Перевязка '],
      ['Травматолог', 'Перевязка'],
    ]);
    const services = await loadDictionary(bytes, 'dict.xlsx');
    expect(services.map((s) => s.category)).toEqual(['Хирург', 'Травматолог']);
    expect(new Set(services.map((s) => s.service_id)).size).toBe(2);
  });

  it('gives every entry the same id when the rows are re-ordered', async () => {
    const header = ['Специальность', 'Name_ru'];
    const a = ['Терапевт', 'Прием терапевта'];
    const b = ['Кардиолог', 'ЭКГ'];
    const first = await loadDictionary(xlsxBytes([header, a, b]), 'dict.xlsx');
    const second = await loadDictionary(xlsxBytes([header, b, a]), 'dict.xlsx');
    const idOf = (list: typeof first, name: string) => list.find((s) => s.name === name)?.service_id;
    expect(idOf(second, 'ЭКГ')).toBe(idOf(first, 'ЭКГ'));
    expect(idOf(second, 'Прием терапевта')).toBe(idOf(first, 'Прием терапевта'));
  });

  it('reads a Windows-1251 CSV separated by semicolons', async () => {
    const csv = 'Наименование;Специальность;Код тарификатора\r\nПрием терапевта;Терапевт;В03.155.002\r\n"Общий анализ крови; ОАК";Лаборатория;#REF!\r\n';
    const services = await loadDictionary(cp1251(csv), 'справочник.csv');
    expect(services.map((s) => [s.name, s.category, s.tariff_code])).toEqual([
      ['Прием терапевта', 'Терапевт', 'B03.155.002'],
      ['Общий анализ крови; ОАК', 'Лаборатория', null],
    ]);
  });

  it('reads a UTF-8 CSV with a BOM, commas and name, category, tariff_code headers', async () => {
    const csv = '\uFEFFname,category,tariff_code\nЭКГ,Кардиолог,C02.017.000\n"Ёжиковый тест, 2 этапа",Аллерголог,\n';
    const services = await loadDictionary(utf8(csv), 'dictionary.csv');
    expect(services.map((s) => [s.name, s.category, s.tariff_code])).toEqual([
      ['ЭКГ', 'Кардиолог', 'C02.017.000'],
      ['Ёжиковый тест, 2 этапа', 'Аллерголог', null],
    ]);
  });

  it('reads a JSON array and a { services } object', async () => {
    const items = [
      { name: 'Прием невролога', category: 'Невролог', tariff_code: 'A02.024.000' },
      { name: 'Массаж спины', category: 'Физиотерапия' },
    ];
    const fromArray = await loadDictionary(utf8(JSON.stringify(items)), 'dictionary.json');
    const fromObject = await loadDictionary(utf8(JSON.stringify({ services: items })), 'dictionary.json');
    expect(fromArray.map((s) => [s.name, s.category, s.tariff_code])).toEqual([
      ['Прием невролога', 'Невролог', 'A02.024.000'],
      ['Массаж спины', 'Физиотерапия', null],
    ]);
    expect(fromObject).toEqual(fromArray);
  });

  it('says which header is missing when the file has no name column', async () => {
    const message = await invalidInput(loadDictionary(utf8('code;price\nA1;100\n'), 'prices.csv'));
    expect(message).toContain('prices.csv');
    expect(message).toContain('Name_ru');
  });

  it('refuses a file with headers but no services', async () => {
    const message = await invalidInput(loadDictionary(xlsxBytes([['Специальность', 'Name_ru'], ['', '']]), 'empty.xlsx'));
    expect(message).toContain('empty.xlsx');
  });

  it('refuses JSON that is not a list of services', async () => {
    await invalidInput(loadDictionary(utf8('{"items": 3}'), 'dictionary.json'));
    await invalidInput(loadDictionary(utf8('[{"name": '), 'dictionary.json'));
  });
});
