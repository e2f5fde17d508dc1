import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { ExtractError } from '../../errors.js';
import { defineReaderSuite } from './reader.suite.js';
import { spreadsheetReader } from './spreadsheet.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/', import.meta.url));

/** Rows 11–14 of «Клиника 6 прайс 2026.xlsx»: header, column numbers, a section, a service. */
function clinic6Sheet(): XLSX.WorkSheet {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['', '', 'Прейскурант на платные медицинские услуги'],
    ['№ п/п', 'Код услуги', 'Наименование', 'Ед.изм.', 'Цена без учета НДС', 'Цена с учетом НДС для граждан Республики Казахстан'],
    [1, 2, 3, 4, '', 6],
    ['', '', '1. СТАЦИОНАР'],
    [1, 'E01.000.001', 'Ведение больного в стационаре 1 койко-день', 'койко-день', 2099.5, 2210],
  ]);
  // The title is merged over C1:F1 as in the original.
  sheet['!merges'] = [{ s: { r: 0, c: 2 }, e: { r: 0, c: 5 } }];
  // Displayed rounded as in the original («2,100» for 2099.5).
  const cell = sheet['E5'] as XLSX.CellObject;
  cell.z = '#,##0';
  return sheet;
}

function workbookBytes(bookType: XLSX.BookType, sheet = clinic6Sheet()): Uint8Array {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'приложение');
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType }) as ArrayBuffer);
}

describe('extract reader: spreadsheet (XLSX)', () => {
  defineReaderSuite(spreadsheetReader, {
    good: () => ({ bytes: workbookBytes('xlsx'), fileName: 'Клиника 6 прайс 2026.xlsx' }),
    truncated: () => {
      const bytes = workbookBytes('xlsx');
      return { bytes: bytes.subarray(0, Math.floor(bytes.length / 2)), fileName: 'Клиника 6 прайс 2026.xlsx' };
    },
  });

  it('spreads a merged title over every cell it covers', async () => {
    const result = await spreadsheetReader.read(workbookBytes('xlsx'), 'list.xlsx');
    expect(result.tables[0]!.rows[0]!.slice(2, 6)).toEqual(Array(4).fill('Прейскурант на платные медицинские услуги'));
  });

  it('keeps the stored number of a price cell beside its displayed text', async () => {
    const result = await spreadsheetReader.read(workbookBytes('xlsx'), 'list.xlsx');
    const table = result.tables[0]!;
    expect(table.rows[4]![4]).toBe('2,100');
    expect(table.numbers?.get('4:4')).toBe(2099.5);
    expect(table.numbers?.get('4:5')).toBe(2210);
  });

  it('names every sheet as a table', async () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, clinic6Sheet(), 'взрослые');
    XLSX.utils.book_append_sheet(workbook, clinic6Sheet(), 'дети');
    const bytes = new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const result = await spreadsheetReader.read(bytes, 'list.xlsx');
    expect(result.tables.map((t) => t.name)).toEqual(['взрослые', 'дети']);
  });
});

describe('extract reader: spreadsheet (old XLS)', () => {
  defineReaderSuite(spreadsheetReader, {
    good: () => ({ bytes: workbookBytes('biff8'), fileName: 'Клиника 7_Прайс 2026.xls' }),
    truncated: () => {
      const bytes = workbookBytes('biff8');
      return { bytes: bytes.subarray(0, Math.floor(bytes.length / 2)), fileName: 'Клиника 7_Прайс 2026.xls' };
    },
  });

  it('reads an old binary XLS as format xls', async () => {
    const result = await spreadsheetReader.read(workbookBytes('biff8'), 'price.xls');
    expect(result.format).toBe('xls');
    expect(result.tables[0]!.rows[4]![2]).toBe('Ведение больного в стационаре 1 койко-день');
  });
});

describe('extract reader: spreadsheet (ODS)', () => {
  it('reads an ODS workbook as format ods', async () => {
    const result = await spreadsheetReader.read(workbookBytes('ods'), 'price.ods');
    expect(result.format).toBe('ods');
    expect(result.tables[0]!.rows[4]![1]).toBe('E01.000.001');
  });
});

describe('extract reader: spreadsheet (CSV)', () => {
  it('reads a Windows-1251 CSV with «;» delimiters (Excel, Russian locale)', async () => {
    const bytes = new Uint8Array(readFileSync(`${FIXTURES}clinic7-excerpt-cp1251.csv`));
    const result = await spreadsheetReader.read(bytes, 'Клиника 7.csv');
    expect(result.format).toBe('csv');
    const rows = result.tables[0]!.rows;
    expect(rows[1]![1]).toBe('Наименование услуги');
    expect(rows[3]).toEqual(['1', 'Первичный консультативный прием врача', '1 посещение', '12 600', '16 380', '21 420']);
    expect(result.warnings.join(' ')).toMatch(/1251/);
  });

  it('reads a UTF-8 CSV with «,» delimiters and quoted commas', async () => {
    const text =
      'Код,Наименование услуги,"Стоимость, тенге"\n' +
      'U1.1,Консультативный прием врача д.м.н.,"14,400"\n' +
      'U1.6,"Услуги переводчика ( программы, справки)",18000\n';
    const result = await spreadsheetReader.read(new TextEncoder().encode(text), 'price.csv');
    expect(result.tables[0]!.rows).toEqual([
      ['Код', 'Наименование услуги', 'Стоимость, тенге'],
      ['U1.1', 'Консультативный прием врача д.м.н.', '14,400'],
      ['U1.6', 'Услуги переводчика ( программы, справки)', '18000'],
    ]);
  });

  it('reads a UTF-8 CSV with a BOM as UTF-8', async () => {
    const body = new TextEncoder().encode('Наименование;Цена\nЭКГ;3 600\n');
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...body]);
    const result = await spreadsheetReader.read(bytes, 'price.csv');
    expect(result.tables[0]!.rows[1]).toEqual(['ЭКГ', '3 600']);
    expect(result.warnings).toEqual([]);
  });

  it('rejects binary bytes named .csv with ExtractError', async () => {
    const bytes = new Uint8Array([0x00, 0x01, 0x02, 0x00, 0x41]);
    await expect(spreadsheetReader.read(bytes, 'price.csv')).rejects.toBeInstanceOf(ExtractError);
  });
});
