/**
 * The PDF reader on excerpts of the archive's scans (`test/fixtures/pdf/`, see its README). Expected
 * values were read from the rendered page images, not from the reader's output.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ExtractError } from '../../errors.js';
import { extractPriceRows } from '../extract-rows.js';
import type { PageOcr, PdfTextItem, ReadResult, Table } from '../table.js';
import { readDocument } from './index.js';
import { pdfReader } from './pdf.js';

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../test/fixtures/pdf/${name}`, import.meta.url))));

/** The first row of `table` whose cells include `text`. */
function rowWith(tables: readonly Table[], text: string): readonly string[] | undefined {
  for (const table of tables) for (const row of table.rows) if (row.some((cell) => cell === text)) return row;
  return undefined;
}

/** A one-page PDF with no text at all (a page of a scan without an OCR layer). */
function pdfWithoutText(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

describe('extract: pdfReader, «Клиника 2 прайс 2025 год.PDF» pages 1–2 (letter-spaced OCR, wrapped names, repeated header)', () => {
  const read = pdfReader.read(fixture('clinic2-2025-pages-1-2.pdf'), 'Клиника 2 прайс 2025 год.PDF');

  it('reads one table per page, each starting with the header row', async () => {
    const result = await read;
    expect(result.format).toBe('pdf');
    expect(result.tables.map((t) => t.name)).toEqual(['page 1', 'page 2']);
    for (const table of result.tables) {
      expect(table.rows[0]![0]).toBe('№');
      expect(table.rows[0]![1]).toBe('Наименование услуг');
      expect(table.rows[0]!.at(-1)).toMatch(/^Цена для лиц без гражданства из стран ближнего и дальнего зарубежья/);
    }
  });

  it('reads the letter-spaced heading «Б лок А. П оликлиника» as «Блок А. Поликлиника», alone on its row', async () => {
    const row = rowWith((await read).tables, 'Блок А. Поликлиника');
    expect(row?.filter((c) => c !== '')).toEqual(['Блок А. Поликлиника']);
  });

  it('joins a name wrapped on two lines into one name, on the row of its number and price', async () => {
    const row = rowWith((await read).tables, 'Прием врача-менеджера (заполнение медицинских и финансовых документов, устный перевод на иностранный язык)');
    expect(row).toEqual(['13', 'Прием врача-менеджера (заполнение медицинских и финансовых документов, устный перевод на иностранный язык)', '1 посещение', '8 400']);
  });

  it('does not turn the header repeated on page 2 into a row', async () => {
    const { rows } = extractPriceRows(await read);
    expect(rows.some((r) => /наименовани/i.test(r.name))).toBe(false);
    expect(rows.filter((r) => r.source.table === 'page 2').length).toBeGreaterThan(10);
  });

  it('gives extractPriceRows the rows of page 1 with their prices and the section above them', async () => {
    const { rows } = extractPriceRows(await read);
    const row = rows.find((r) => r.name === 'Прием магистра первичный');
    expect(row?.prices.map((p) => p.value)).toEqual([13200]);
    expect(row?.section).toBe('1 Прием и консультация специалиста');
  });

  it('keeps the section of page 1 open for the rows at the top of page 2, which has no heading of its own there', async () => {
    const { rows } = extractPriceRows(await read);
    const first = rows.find((r) => r.source.table === 'page 2');
    expect(first?.section).toBe('1 Прием и консультация специалиста');
  });
});

describe('extract: pdfReader, «Клиника 2 прайс 2026.pdf» page 1 (three price columns, title)', () => {
  const read = pdfReader.read(fixture('clinic2-2026-page-1.pdf'), 'Клиника 2 прайс 2026.pdf');

  it('keeps the three price columns apart, each with its own header text', async () => {
    const table = (await read).tables[0]!;
    const header = table.rows[0]!;
    const n = header.length;
    expect(header[n - 3]).toMatch(/страховых/);
    expect(header[n - 2]).toMatch(/^Цена для резидентов Республики Казахстан/);
    expect(header[n - 1]).toMatch(/^Цена для нерезидентов/);
    const first = table.rows.find((r) => r[0] === '1' && r.at(-1) !== '');
    expect(first?.slice(n - 3)).toEqual(['9 900', '15 000', '30 000']);
  });

  it('returns the title above the table as text, for the effective date', async () => {
    expect((await read).text.some((line) => /вводится в дейс\S* с I января 2026/.test(line))).toBe(true);
  });
});

describe('extract: pdfReader, «Клиника 3 прайс 2026.PDF» page 1 (tilted about 1°, codes, price and partner price)', () => {
  const read = pdfReader.read(fixture('clinic3-2026-page-1.pdf'), 'Клиника 3 прайс 2026.PDF');

  it('keeps the rows of the tilted page with their own code, material and prices', async () => {
    const { tables } = await read;
    const alpha = rowWith(tables, 'Альфа-1-антитрипсин');
    expect(alpha).toContain('10.90.000.000');
    expect(alpha?.slice(-2)).toEqual(['7 360', '5520']);
    const reticulocytes = rowWith(tables, 'Подсчет ретикулоцитов');
    expect(reticulocytes).toContain('В02.532.001');
    expect(reticulocytes).toContain('кровь с ЭДТА');
    expect(reticulocytes?.slice(-2)).toEqual(['1 340', '1005']);
    expect(rowWith(tables, 'Альбумин')?.slice(-2)).toEqual(['1 780', '1335']);
  });

  it('reads the price and partner headers, and the capital headings as one-cell rows', async () => {
    const { tables } = await read;
    const header = tables[0]!.rows[0]!;
    // OCR specks of a stamp sit in the price header; the words are what matter.
    expect(header.at(-2)).toMatch(/^Цена, тенге/);
    expect(header.at(-1)).toBe('Цена со партнера');
    expect(rowWith(tables, 'ГЕМАТОЛОГИЯ')?.filter((c) => c !== '')).toEqual(['ГЕМАТОЛОГИЯ']);
    expect(rowWith(tables, 'ПАРАЗИТОЛОГИЯ')?.filter((c) => c !== '')).toEqual(['ПАРАЗИТОЛОГИЯ']);
  });
});

describe('extract: pdfReader, «Клиника 4 прайс 2026.pdf» pages 1, 3, 4 (qualifier column, halves of a wide sheet)', () => {
  const read = pdfReader.read(fixture('clinic4-2026-pages-1-3-4.pdf'), 'Клиника 4 прайс 2026.pdf');

  it('joins the second half-page’s prices to the first half’s names', async () => {
    const result = await read;
    expect(result.tables.map((t) => t.name)).toEqual(['page 1', 'pages 2-3']);
    const { rows } = extractPriceRows(result);
    const values = (name: string): number[] | undefined => rows.find((r) => r.name === name)?.prices.map((p) => p.value);
    expect(values('Демонтаж аппарата Илизарова')).toEqual([18700, 21000, 23600]);
    expect(values('Снятие швов')).toEqual([5500, 6200, 7000]);
    expect(values('Удаление дренажа')).toEqual([2000, 2300, 2600]);
  });

  it('keeps the last rows of the left half whose numbers the text layer lost, each beside its own prices', async () => {
    // Page 3 prints № 30 «Проба на антибиотик», 31 «Репозиция перелома», 32 «Закрытое вправление вывиха, неуточненная
    // локализация»; the text layer lost «31» and «32». Page 4 prints their prices level with them: 900 / 1 100 / 1 300,
    // 9 900 / 11 100 / 12 500, 11 000 / 12 400 / 13 900 (read at 70 dpi).
    const { rows } = extractPriceRows(await read);
    const half = rows.filter((r) => r.source.table === 'pages 2-3');
    expect(half).toHaveLength(21);
    expect(half.slice(-3).map((r) => [r.name, r.prices.map((p) => p.value)])).toEqual([
      ['Проба на антибиотик', [900, 1100, 1300]],
      ['Репозиция перелома', [9900, 11100, 12500]],
      ['Закрытое вправление вывиха, неуточненная локализация', [11000, 12400, 13900]],
    ]);
  });

  it('names the primary and repeat rows of a merged name cell with their qualifier', async () => {
    const { rows } = extractPriceRows(await read);
    const values = (name: string): number[] | undefined => rows.find((r) => r.name === name)?.prices.map((p) => p.value);
    expect(values('Консультация врача (дмн, профессора) первичная')).toEqual([19800, 22200, 24900]);
    expect(values('Консультация врача (дмн, профессора) повторная')).toEqual([9900, 11100, 12500]);
  });

  it('passes the three price headers through, so the resident price is the citizens’ column', async () => {
    const { rows } = extractPriceRows(await read);
    const row = rows.find((r) => r.name === 'Консультация врача (кмн) первичная');
    expect(row?.prices.map((p) => [p.role, p.value])).toEqual([
      ['resident', 16500],
      ['nonresident', 18500],
      ['nonresident_far', 20800],
    ]);
  });
});

describe('extract: pdfReader, pages without text and damaged files', () => {
  // Regression: #18, an image-only PDF got the generic «no price table» message.
  it('says an image-only PDF has no text layer and OCR must be installed', async () => {
    await expect(pdfReader.read(pdfWithoutText(), 'скан.pdf')).rejects.toMatchObject({
      code: 'NO_PRICE_TABLE',
      message: expect.stringMatching(/^скан\.pdf: этот PDF — скан без текстового слоя \(страниц только с изображениями: 1\), а распознавание текста \(OCR\) на сервере не установлено.*tesseract-ocr tesseract-ocr-rus/),
      detail: { code: 'PDF_SCAN_WITHOUT_OCR', params: { file: 'скан.pdf', pages: 1 } },
    });
  });

  it('reads such a page with the words an OCR engine finds', async () => {
    const words: PdfTextItem[] = [
      { str: '№', x: 40, y: 700, width: 8, height: 8 },
      { str: 'Наименование услуги', x: 80, y: 700, width: 90, height: 8 },
      { str: 'Цена, тенге', x: 400, y: 700, width: 45, height: 8 },
      { str: '1', x: 42, y: 680, width: 4, height: 8 },
      { str: 'Кожные тесты', x: 80, y: 680, width: 60, height: 8 },
      { str: '4 500', x: 420, y: 680, width: 22, height: 8 },
      { str: '2', x: 42, y: 665, width: 4, height: 8 },
      { str: 'Прием аллерголога', x: 80, y: 665, width: 80, height: 8 },
      { str: '9 000', x: 420, y: 665, width: 22, height: 8 },
    ];
    const ocr: PageOcr = { name: 'fixed words', recognize: async (_pdf, page) => (page === 1 ? words : []) };
    const result: ReadResult = await readDocument(pdfWithoutText(), 'скан.pdf', { ocr });
    expect(result.warnings).toEqual([]);
    const { rows } = extractPriceRows(result);
    expect(rows.map((r) => [r.name, r.prices[0]?.value])).toEqual([
      ['Кожные тесты', 4500],
      ['Прием аллерголога', 9000],
    ]);
  });

  it('reports a page whose OCR fails and goes on', async () => {
    const ocr: PageOcr = { name: 'tesseract', recognize: async () => Promise.reject(new Error('tesseract: not found')) };
    const result = await pdfReader.read(pdfWithoutText(), 'скан.pdf', { ocr });
    expect(result.warnings[0]).toMatch(/^\[OCR_FAILED\] скан\.pdf, стр\. 1: у страницы нет текстового слоя, и распознавание \(tesseract\) не удалось \(tesseract: not found\)/);
  });

  it('rejects a truncated PDF with EXTRACT_FAILED and a message saying what to do', async () => {
    const bytes = fixture('clinic3-2026-page-1.pdf');
    const error = await pdfReader.read(bytes.subarray(0, 2000), 'Клиника 3 прайс 2026.PDF').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExtractError);
    expect((error as ExtractError).code).toBe('EXTRACT_FAILED');
    expect((error as ExtractError).message).toMatch(/^Клиника 3 прайс 2026\.PDF: .*сохраните или распечатайте в новый PDF/);
  });

  it('leaves the caller’s bytes intact (OCR reads them again)', async () => {
    const bytes = fixture('clinic3-2026-page-1.pdf');
    const copy = bytes.slice();
    await pdfReader.read(bytes, 'Клиника 3 прайс 2026.PDF');
    expect(bytes).toEqual(copy);
  });
});
