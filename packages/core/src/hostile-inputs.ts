/**
 * Hostile inputs generated at test time (issue #18), never stored as large binaries: a workbook of a
 * million rows, ZIPs that amplify, a ZIP of 100,000 entries. Exported from `@pricecat/core/testing` so
 * the HTTP tests (and an adapter's own) can throw them at a real server.
 */
import { Zip, ZipPassThrough, strToU8, zipSync, type Zippable } from 'fflate';

const MiB = 1024 * 1024;

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Лист1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/**
 * An XLSX whose one sheet holds a header and `rows` priced rows (inline strings), the sheet built by
 * copying one block of 10,000 rows, so a million rows take about a second. `priced: false` leaves the
 * price cells out (a sheet that parses, but holds no price list). Readable by SheetJS and Excel.
 */
export function manyRowsXlsx(rows: number, options: { readonly priced?: boolean } = {}): Uint8Array {
  const head = strToU8(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      '<row><c t="inlineStr"><is><t>Наименование услуги</t></is></c><c t="inlineStr"><is><t>Цена</t></is></c></row>',
  );
  const tail = strToU8('</sheetData></worksheet>');
  const price = options.priced === false ? '' : '<c><v>1000</v></c>';
  const row = strToU8(`<row><c t="inlineStr"><is><t>Прием терапевта</t></is></c>${price}</row>`);
  const block = new Uint8Array(row.length * Math.min(rows, 10_000));
  for (let at = 0; at < block.length; at += row.length) block.set(row, at);
  const sheet = new Uint8Array(head.length + row.length * rows + tail.length);
  sheet.set(head, 0);
  let at = head.length;
  for (let left = rows; left > 0; left -= 10_000) {
    const part = left >= 10_000 ? block : block.subarray(0, row.length * left);
    sheet.set(part, at);
    at += part.length;
  }
  sheet.set(tail, at);
  return zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(ROOT_RELS),
      'xl/workbook.xml': strToU8(WORKBOOK),
      'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
      'xl/worksheets/sheet1.xml': sheet,
    },
    { level: 1 },
  );
}

/** `count` CSV price lists of exactly 1 MiB each, the same repeated row: a tiny ZIP that unpacks to `count` MiB. */
export function amplifyingCsvZip(count: number): Uint8Array {
  const line = strToU8('Прием терапевта;1000\n');
  const csv = new Uint8Array(MiB);
  for (let at = 0; at < MiB; at += line.length) csv.set(line.subarray(0, Math.min(line.length, MiB - at)), at);
  csv.set(strToU8('Наименование услуги;Цена\n'), 0);
  const files: Zippable = {};
  for (let i = 0; i < count; i++) files[`Клиника ${i} прайс.csv`] = csv;
  return zipSync(files, { level: 9 });
}

/** A ZIP of `count` one-byte entries: small to upload, many to list. */
export function manyEntriesZip(count: number): Uint8Array {
  const out: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
  });
  const one = strToU8('x');
  for (let i = 0; i < count; i++) {
    const file = new ZipPassThrough(`${i}.csv`);
    zip.add(file);
    file.push(one, true);
  }
  zip.end();
  return concat(out);
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
