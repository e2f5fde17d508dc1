import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PricecatError } from '../errors.js';
import { docxReader } from '../extract/readers/docx.js';
import { spreadsheetReader } from '../extract/readers/spreadsheet.js';
import { deflatedZeros, handMadeZip } from '../../test/helpers/hand-made-zip.js';
import { listZipPartNames, readZipParts } from './zip-container.js';

const MiB = 1024 * 1024;

async function failure(read: Promise<unknown>): Promise<PricecatError> {
  const error = await read.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PricecatError);
  return error as PricecatError;
}

describe('the one ZIP opener', () => {
  it('reads the wanted parts and names every part, without unpacking the others', () => {
    const zip = zipSync({ 'word/document.xml': strToU8('<w:document/>'), 'word/media/image1.png': new Uint8Array(10) });
    expect(listZipPartNames(zip)).toEqual(['word/document.xml', 'word/media/image1.png']);
    const read = readZipParts(zip, (name) => name.endsWith('.xml'), MiB);
    expect(read.kind).toBe('read');
    if (read.kind === 'read') expect([...read.parts.keys()]).toEqual(['word/document.xml']);
  });

  it('stops at its budget by the bytes that come out, whatever the header declares', () => {
    const { packed, crc } = deflatedZeros(8);
    const zip = handMadeZip([{ name: 'word/document.xml', packed, declaredSize: 1000, crc }]);
    expect(readZipParts(zip, () => true, 2 * MiB)).toEqual({ kind: 'over-budget', name: 'word/document.xml' });
  });

  it('says a container it cannot read is unreadable, not empty', () => {
    expect(readZipParts(strToU8('PK\x03\x04 truncated'), () => true, MiB).kind).toBe('unreadable');
    expect(listZipPartNames(strToU8('not a zip'))).toBeNull();
  });

  // Regression: issue 19, the DOCX reader trusted the declared sizes of its parts.
  it('refuses a DOCX whose document.xml lies about its size, with a limit a person can act on', async () => {
    const { packed, crc } = deflatedZeros(300);
    const docx = handMadeZip([{ name: 'word/document.xml', packed, declaredSize: 2000, crc }]);
    const error = await failure(docxReader.read(docx, 'прайс.docx'));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toMatch(/^прайс\.docx: word\/document\.xml распаковывается больше чем в 200 МБ/);
  });

  it('refuses a workbook whose sheet lies about its size before SheetJS unpacks it', async () => {
    const { packed, crc } = deflatedZeros(300);
    const xlsx = handMadeZip([
      { name: '[Content_Types].xml', packed: deflatedZeros(1).packed, declaredSize: 10, crc: 0 },
      { name: 'xl/worksheets/sheet1.xml', packed, declaredSize: 2000, crc },
    ]);
    const error = await failure(spreadsheetReader.read(xlsx, 'прайс.xlsx'));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toMatch(/^прайс\.xlsx: книга распаковывается больше чем в 256 МБ/);
  });
});
