/**
 * Bounds the work a workbook (XLSX, ODS: ZIP containers) may cause before SheetJS parses it. SheetJS
 * inflates every part into memory and walks every row of a sheet even past `sheetRows`, so a small file
 * that unpacks to gigabytes, or a sheet of a million rows, would cost that memory and time. Here each
 * part is inflated as a stream, counting the bytes that really come out (a header may lie) and the rows
 * of the sheets, and the file is refused as soon as a limit is passed — memory stays at one chunk.
 */
import { formatBytes } from '../../archive/archive-limits.js';
import { openZip, streamZipPart } from '../../archive/zip-container.js';
import { ExtractError } from '../../errors.js';
import { detail } from '../../messages/message-catalogue.js';

/** Most bytes all parts of one workbook may unpack to. @default 256 MiB — a 200,000-row sheet is ~40 MiB of XML. */
export const MAX_WORKBOOK_UNPACKED_BYTES = 256 * 1024 * 1024;

/**
 * Tags that matter for counting rows: a row (`<row`, `<x:row`, ODS `<table:table-row`) or a value inside
 * one (`<v>`, `<is>` inline strings, ODS `<text:p>`). Only rows holding a value count: empty formatted rows
 * down to row 1,048,576 are a common accident, not data (SheetJS drops them too).
 */
const TAG = /<(?:[A-Za-z0-9_]+:)?(row|table-row|v|is|p)[\s>/]/g;
/** An unfinished tag at the end of a chunk, carried over to the next. */
const OPEN_TAG = /<[A-Za-z0-9_:-]{0,20}$/;

/**
 * Throws `LIMIT_EXCEEDED` when the workbook's parts unpack to more than `maxBytes` or its sheets hold
 * more than `maxRows` rows in all. A file whose ZIP structure cannot be read, or a damaged part, is let
 * through: its reader reports it as damaged or truncated.
 */
export function guardWorkbook(bytes: Uint8Array, fileName: string, maxRows: number, maxBytes = MAX_WORKBOOK_UNPACKED_BYTES): void {
  const parts = openZip(bytes);
  if (!Array.isArray(parts)) return;
  const decoder = new TextDecoder('latin1');
  let unpacked = 0;
  let rows = 0;
  for (const part of parts) {
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(part.name) || part.name === 'content.xml';
    let tail = '';
    let rowCounted = true;
    const outcome = streamZipPart(bytes, part, (chunk) => {
      unpacked += chunk.length;
      if (unpacked > maxBytes) return false;
      if (!isSheet) return true;
      const text = tail + decoder.decode(chunk);
      for (const match of text.matchAll(TAG)) {
        if (match[1] === 'row' || match[1] === 'table-row') rowCounted = false;
        else if (!rowCounted) {
          rowCounted = true;
          if (++rows > maxRows) return false;
        }
      }
      tail = OPEN_TAG.exec(text)?.[0] ?? '';
      return true;
    });
    if (outcome.kind === 'stopped') throw unpacked > maxBytes ? tooLarge(fileName, maxBytes) : tooManyRows(fileName, maxRows);
  }
}

/** The row-limit error of a spreadsheet, shared with the reader's own check. */
export function tooManyRows(fileName: string, maxRows: number): ExtractError {
  return new ExtractError(
    detail('SPREADSHEET_TOO_MANY_ROWS', { file: fileName, max: maxRows.toLocaleString('ru-RU') }),
    { code: 'LIMIT_EXCEEDED' },
  );
}

// ---- internal helpers ----

function tooLarge(fileName: string, maxBytes: number): ExtractError {
  return new ExtractError(
    detail('WORKBOOK_TOO_LARGE', { file: fileName, max: formatBytes(maxBytes) }),
    { code: 'LIMIT_EXCEEDED' },
  );
}
