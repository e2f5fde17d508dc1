import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ExtractError } from '../../errors.js';
import { docxReader } from './docx.js';
import { defineReaderSuite } from './reader.suite.js';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

function run(text: string): string {
  return `<w:r><w:rPr><w:lang w:val="ru-RU"/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;
}
function cell(content: string, props = ''): string {
  return `<w:tc><w:tcPr><w:tcW w:w="1738" w:type="dxa"/>${props}</w:tcPr><w:p>${content}</w:p></w:tc>`;
}
function row(...cells: string[]): string {
  return `<w:tr><w:trPr><w:trHeight w:val="300"/></w:trPr>${cells.join('')}</w:tr>`;
}
function docx(body: string, header?: string): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>`),
  };
  if (header) files['word/header1.xml'] = strToU8(`<?xml version="1.0"?><w:hdr ${W}>${header}</w:hdr>`);
  return zipSync(files);
}

/** Rows 1–6 of table 1 of «Клиника 1 прайс 2024.docx». */
const CLINIC1_TABLE =
  '<w:tbl><w:tblGrid><w:gridCol w:w="1738"/><w:gridCol w:w="6962"/><w:gridCol w:w="1947"/></w:tblGrid>' +
  row(cell(run('Прейскурант на медицинские услуги'), '<w:gridSpan w:val="3"/>')) +
  row(cell(run('Код')), cell(run('Наименование услуги')), cell(run('Стоимость, тенге'))) +
  row(cell(run('Раздел 1.Консультации специалистов '), '<w:gridSpan w:val="3"/>')) +
  row(cell(run('U1.1')), cell(run('Консультативный прием врача д.м.н.')), cell(run('14 400'))) +
  row(cell(run('U1.2')), cell(run('Консультативный прием врача к.м.н.')), cell(run('14 400'))) +
  '</w:tbl>';

describe('extract reader: docx', () => {
  defineReaderSuite(docxReader, {
    good: () => ({ bytes: docx(CLINIC1_TABLE), fileName: 'Клиника 1 прайс 2024.docx' }),
    truncated: () => {
      const bytes = docx(CLINIC1_TABLE);
      return { bytes: bytes.subarray(0, Math.floor(bytes.length / 2)), fileName: 'Клиника 1 прайс 2024.docx' };
    },
  });

  it('spreads a gridSpan cell over the columns it spans', async () => {
    const result = await docxReader.read(docx(CLINIC1_TABLE), 'price.docx');
    const rows = result.tables[0]!.rows;
    expect(rows[2]).toEqual(Array(3).fill('Раздел 1.Консультации специалистов '));
    expect(rows[3]).toEqual(['U1.1', 'Консультативный прием врача д.м.н.', '14 400']);
  });

  it('continues a vMerge cell with the value of the cell above', async () => {
    const table =
      '<w:tbl>' +
      row(cell(run('Код')), cell(run('Наименование услуги')), cell(run('Стоимость, тенге'))) +
      row(cell(run('AL4.2'), '<w:vMerge w:val="restart"/>'), cell(run('Кожные тесты с пыльцевыми аллергенами')), cell(run('2 100'))) +
      row(cell('', '<w:vMerge/>'), cell(run('Кожные тесты с пищевыми аллергенами')), cell(run('2 100'))) +
      '</w:tbl>';
    const result = await docxReader.read(docx(table), 'price.docx');
    expect(result.tables[0]!.rows[2]).toEqual(['AL4.2', 'Кожные тесты с пищевыми аллергенами', '2 100']);
  });

  it('keeps inserted text and drops deleted and moved-away text (tracked changes)', async () => {
    const name =
      run('Эхокардиография с допплерографией ') +
      '<w:ins w:id="1" w:author="a">' + run('(Узи сердца)') + '</w:ins>' +
      '<w:del w:id="2" w:author="a"><w:r><w:delText>(ЭХО КГ)</w:delText></w:r></w:del>' +
      '<w:moveFrom w:id="3" w:author="a">' + run(' устарело') + '</w:moveFrom>';
    const price = '<w:del w:id="4" w:author="a"><w:r><w:delText>10 200</w:delText></w:r></w:del><w:ins w:id="5" w:author="a">' + run('11 400') + '</w:ins>';
    const table = `<w:tbl>${row(cell(run('KR5.2')), cell(name), cell(price))}</w:tbl>`;
    const result = await docxReader.read(docx(table), 'price.docx');
    expect(result.tables[0]!.rows[0]).toEqual(['KR5.2', 'Эхокардиография с допплерографией (Узи сердца)', '11 400']);
  });

  it('reads w:tab and w:br as spaces and decodes XML entities', async () => {
    const name = '<w:r><w:t>CHECK-UP</w:t><w:tab/><w:t>&quot;Мужское здоровье&quot;</w:t><w:br/><w:t>&amp; анализы &#8470;1</w:t></w:r>';
    const table = `<w:tbl>${row(cell(''), cell(name), cell(run('78 000')))}</w:tbl>`;
    const result = await docxReader.read(docx(table), 'price.docx');
    expect(result.tables[0]!.rows[0]![1]).toBe('CHECK-UP "Мужское здоровье" & анализы №1');
  });

  it('puts paragraphs outside tables and page-header text into text, one line per paragraph', async () => {
    const header = `<w:p>${run('Приложение №1')}</w:p><w:p>${run('к договору на оказание медицинских')}</w:p>`;
    const body = `<w:p>${run('Прейскурант на медицинские услуги')}</w:p><w:p/>${CLINIC1_TABLE}<w:p>${run('Главный врач')}</w:p>`;
    const result = await docxReader.read(docx(body, header), 'price.docx');
    expect(result.text).toEqual(['Приложение №1', 'к договору на оказание медицинских', 'Прейскурант на медицинские услуги', 'Главный врач']);
  });

  it('flattens a nested table into its cell and also gives it as a table', async () => {
    const inner = `<w:tbl>${row(cell(run('OT7.1')), cell(run('Прием врача оториноларинголога')), cell(run('10 000')))}</w:tbl>`;
    const outer = `<w:tbl>${row(`<w:tc><w:p>${run('Прайс')}</w:p>${inner}<w:p/></w:tc>`)}</w:tbl>`;
    const result = await docxReader.read(docx(outer), 'price.docx');
    expect(result.tables.map((t) => t.name)).toEqual(['table 1', 'table 2']);
    expect(result.tables[0]!.rows[0]![0]).toContain('Прием врача оториноларинголога 10 000');
    expect(result.tables[1]!.rows[0]).toEqual(['OT7.1', 'Прием врача оториноларинголога', '10 000']);
  });

  it('rejects bytes that are not a ZIP with ExtractError', async () => {
    const error = await docxReader.read(strToU8('not a zip at all'), 'price.docx').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractError);
    expect((error as ExtractError).code).toBe('EXTRACT_FAILED');
  });

  it('rejects a ZIP without word/document.xml with ExtractError', async () => {
    const bytes = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') });
    await expect(docxReader.read(bytes, 'price.docx')).rejects.toThrow(/word\/document\.xml/);
  });
});
