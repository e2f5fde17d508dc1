import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { columnName, writeXlsx, type SheetSource } from './xlsx-stream.js';

async function readBack(sheets: readonly SheetSource[]): Promise<XLSX.WorkBook> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of writeXlsx(sheets)) chunks.push(chunk);
  return XLSX.read(Buffer.concat(chunks), { type: 'buffer' });
}

describe('export: streaming XLSX writer', () => {
  it('writes sheets that SheetJS reads back with their names, texts and numbers', async () => {
    const book = await readBack([
      { name: 'Каталог', rows: [['Услуга', 'Цена'], ['Прием терапевта', 13000], ['Общий анализ крови', 2500.5]] },
      { name: 'Все позиции', rows: [['Клиника'], ['ТОО «Клиника Здоровье»']] },
    ]);
    expect(book.SheetNames).toEqual(['Каталог', 'Все позиции']);
    expect(XLSX.utils.sheet_to_json(book.Sheets['Каталог']!, { header: 1 })).toEqual([
      ['Услуга', 'Цена'],
      ['Прием терапевта', 13000],
      ['Общий анализ крови', 2500.5],
    ]);
    expect(book.Sheets['Все позиции']!['A2']).toMatchObject({ t: 's', v: 'ТОО «Клиника Здоровье»' });
  });

  it('keeps text starting with =, +, - or @ as text, never a formula', async () => {
    const risky = ['=HYPERLINK("http://x","клик")', '+7 701 000 00 00', '-10% скидка', '@SUM(A1:A2)', '=1+1'];
    const book = await readBack([{ name: 'Лист', rows: [['Наименование'], ...risky.map((text) => [text])] }]);
    const sheet = book.Sheets['Лист']!;
    const cells = Object.keys(sheet).filter((key) => !key.startsWith('!')).map((key) => sheet[key] as XLSX.CellObject);
    expect(cells.every((cell) => cell.f === undefined && cell.t === 's')).toBe(true);
    expect(risky.map((_, i) => sheet[`A${i + 2}`]?.v)).toEqual(risky);
  });

  it('keeps markup, control characters and Excel escapes of names from breaking the file or the text', async () => {
    const names = ['УЗИ <печени> & "желчного"', 'код_x0041_', 'таб\tи\u0001мусор'];
    const book = await readBack([{ name: 'Лист', rows: [['Наименование'], ...names.map((n) => [n])] }]);
    expect(names.map((_, i) => book.Sheets['Лист']![`A${i + 2}`]?.v)).toEqual(['УЗИ <печени> & "желчного"', 'код_x0041_', 'таб\tимусор']);
  });

  it('names columns like a spreadsheet: A, Z, AA, AZ, BA', () => {
    expect([0, 25, 26, 51, 52].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA']);
  });

  it('leaves empty cells empty and keeps the cells after them in their columns', async () => {
    const book = await readBack([{ name: 'Лист', rows: [['a', 'b', 'c', 'd', 'e'], ['x', null, 3, null, 'y'], [null, null, null, 'z', 5]] }]);
    expect(XLSX.utils.sheet_to_json(book.Sheets['Лист']!, { header: 1, defval: null })).toEqual([
      ['a', 'b', 'c', 'd', 'e'],
      ['x', null, 3, null, 'y'],
      [null, null, null, 'z', 5],
    ]);
  });

  it('keeps leading and trailing spaces of a text', async () => {
    const book = await readBack([{ name: 'Лист', rows: [['a'], ['  отступ '], ['в\nдве строки']] }]);
    expect([book.Sheets['Лист']!['A2']?.v, book.Sheets['Лист']!['A3']?.v]).toEqual(['  отступ ', 'в\nдве строки']);
  });

  it('writes a date as a date cell that Excel shows as дд.мм.гггг and sorts as a date', async () => {
    const chunks: Uint8Array[] = [];
    const sheets = [{ name: 'Лист', rows: [['Дата'], [new Date(Date.UTC(2026, 0, 15))], [new Date(Date.UTC(1999, 11, 31))]] }];
    for await (const chunk of writeXlsx(sheets)) chunks.push(chunk);
    const book = XLSX.read(Buffer.concat(chunks), { type: 'buffer', cellDates: true, cellNF: true });
    const cell = book.Sheets['Лист']!['A2']!;
    expect(cell.t).toBe('d');
    expect((cell.v as Date).toISOString().slice(0, 10)).toBe('2026-01-15');
    expect(cell.z).toBe('dd.mm.yyyy');
    // Excel's own day number: 46037 is 2026-01-15, 36525 is 1999-12-31.
    const raw = XLSX.read(Buffer.concat(chunks), { type: 'buffer' });
    expect([raw.Sheets['Лист']!['A2']!.v, raw.Sheets['Лист']!['A3']!.v]).toEqual([46037, 36525]);
  });
});
