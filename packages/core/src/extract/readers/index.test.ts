import { strToU8, zipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { ExtractError } from '../../errors.js';
import { detectFormat, readDocument } from './index.js';

function xlsxBytes(): Uint8Array {
  const workbook = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Наименование услуги', 'Ед. измерения', 'Цена для граждан Республики Казахстан'],
    ['Аутогемотерапия', '1 исследование', 1600],
  ]);
  XLSX.utils.book_append_sheet(workbook, sheet, '2026');
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}
const docxBytes = (): Uint8Array =>
  zipSync({ 'word/document.xml': strToU8('<w:document><w:body><w:tbl><w:tr><w:tc><w:p><w:r><w:t>ЭКГ</w:t></w:r></w:p></w:tc></w:tr></w:tbl></w:body></w:document>') });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function errorOf(promise: Promise<unknown>): Promise<ExtractError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ExtractError);
  return error as ExtractError;
}

describe('extract: detectFormat', () => {
  it('tells DOCX from XLSX by the entries of the ZIP, whatever the name says', () => {
    expect(detectFormat(docxBytes(), 'прайс.xlsx')).toBe('docx');
    expect(detectFormat(xlsxBytes(), 'прайс.docx')).toBe('xlsx');
  });

  it('reads an OLE file as old XLS, but not one named .doc', () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(detectFormat(ole, 'Клиника 7_Прайс 2026.xls')).toBe('xls');
    expect(detectFormat(ole, 'прайс.doc')).toBeNull();
  });

  it('recognises a PDF by %PDF', () => {
    expect(detectFormat(strToU8('%PDF-1.7\n...'), 'Клиника 2 прайс 2026.pdf')).toBe('pdf');
  });

  it('takes delimited text as CSV even when named .txt', () => {
    expect(detectFormat(strToU8('Наименование;Цена\nЭКГ;3 600\nСпирометрия;3 000\n'), 'export.txt')).toBe('csv');
  });

  it('finds no format for an image or for prose', () => {
    expect(detectFormat(PNG, 'скан.png')).toBeNull();
    expect(detectFormat(strToU8('Уважаемые партнеры!\nНаправляем вам прайс.\n'), 'письмо.txt')).toBeNull();
  });

  it('falls back to the extension for a truncated ZIP', () => {
    const bytes = docxBytes();
    expect(detectFormat(bytes.subarray(0, 20), 'прайс.docx')).toBe('docx');
  });
});

describe('extract: readDocument', () => {
  it('reads an XLSX price list', async () => {
    const result = await readDocument(xlsxBytes(), 'Клиника 7.xlsx');
    expect(result.format).toBe('xlsx');
    expect(result.fileName).toBe('Клиника 7.xlsx');
    expect(result.tables[0]!.rows[1]![0]).toBe('Аутогемотерапия');
  });

  it('reports a PDF cut after its first line as a broken file, naming it', async () => {
    const error = await errorOf(readDocument(strToU8('%PDF-1.4\n'), 'Клиника 2 прайс 2026.pdf'));
    expect(error.code).toBe('EXTRACT_FAILED');
    expect(error.message).toContain('Клиника 2 прайс 2026.pdf');
  });

  it('rejects an image naming the file and the accepted formats', async () => {
    const error = await errorOf(readDocument(PNG, 'скан прайса.png'));
    expect(error.code).toBe('UNSUPPORTED_FORMAT');
    expect(error.message).toContain('скан прайса.png');
    expect(error.message).toContain('XLSX, XLS, ODS, CSV, DOCX');
  });

  it('rejects a text file that is not CSV-like', async () => {
    const error = await errorOf(readDocument(strToU8('Прайс пришлем позже.'), 'readme.txt'));
    expect(error.code).toBe('UNSUPPORTED_FORMAT');
  });

  it('reports a truncated XLSX as a damaged file, not as unsupported', async () => {
    const bytes = xlsxBytes();
    const error = await errorOf(readDocument(bytes.subarray(0, bytes.length >> 1), 'Клиника 6 прайс 2026.xlsx'));
    expect(error.code).toBe('EXTRACT_FAILED');
    expect(error.message).toContain('Клиника 6 прайс 2026.xlsx');
  });
});
