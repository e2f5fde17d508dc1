/**
 * The DOCX reader: unzips with fflate and reads `word/document.xml` itself (no DOM, no new dependency).
 */
import { unzipSync } from 'fflate';
import { ExtractError } from '../../errors.js';
import type { ReadResult, Table, TableReader } from '../table.js';
import { readDocxBody } from './docx-body.js';

/** Decompressed size of `word/document.xml` at most; a real price list is well under 50 MB. */
export const MAX_DOCX_XML_BYTES = 200 * 1024 * 1024;

const WANTED = /^word\/(document|header\d*)\.xml$/;

/** Reads Word price lists: every table, plus paragraphs and page headers as text. Stateless. */
export const docxReader: TableReader = {
  formats: ['docx'],
  async read(bytes: Uint8Array, fileName: string): Promise<ReadResult> {
    const parts = unzipParts(bytes, fileName);
    const documentXml = parts.get('word/document.xml');
    if (!documentXml) {
      throw new ExtractError(`${fileName}: this ZIP has no word/document.xml, so it is not a Word document; save the file as .docx from Word or LibreOffice.`);
    }
    const decoder = new TextDecoder('utf-8');
    const body = readDocxBody(decoder.decode(documentXml));
    const headerLines: string[] = [];
    const headerNames = [...parts.keys()].filter((n) => n !== 'word/document.xml').sort(byNumber);
    for (const name of headerNames) {
      const header = readDocxBody(decoder.decode(parts.get(name)!));
      // Loops, not `push(...list)`: a header's size is the document's to choose (issue #18).
      for (const paragraph of header.paragraphs) headerLines.push(paragraph);
      for (const table of header.tables) for (const line of tableLines(table)) headerLines.push(line);
    }
    const text = [...headerLines, ...body.paragraphs].map((l) => l.trim()).filter((l) => l !== '');
    return { format: 'docx', fileName, tables: body.tables, text, warnings: [] };
  },
};

// ---------------------------------------------------------------- internal helpers

function unzipParts(bytes: Uint8Array, fileName: string): Map<string, Uint8Array> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        if (!WANTED.test(file.name)) return false;
        if (file.originalSize > MAX_DOCX_XML_BYTES) {
          throw new ExtractError(`${fileName}: ${file.name} is larger than ${MAX_DOCX_XML_BYTES / 1024 / 1024} MB once unpacked; split the document.`);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ExtractError) throw error;
    throw new ExtractError(
      `${fileName}: cannot unpack this DOCX file, it is truncated, damaged or not a .docx (${error instanceof Error ? error.message : String(error)}); save it again from Word.`,
      { cause: error },
    );
  }
  return new Map(Object.entries(files));
}

function tableLines(table: Table): string[] {
  return table.rows.map((row) => [...new Set(row.map((t) => t.trim()).filter((t) => t !== ''))].join(' ')).filter((l) => l !== '');
}

function byNumber(a: string, b: string): number {
  const n = (s: string): number => Number.parseInt(s.replace(/\D+/g, ''), 10) || 0;
  return n(a) - n(b);
}
