/**
 * The DOCX reader: opens the container with the one ZIP opener (`archive/zip-container.ts`, real
 * unpacked bytes counted, headers not trusted) and reads `word/document.xml` itself (no DOM).
 */
import { formatBytes } from '../../archive/archive-limits.js';
import { readZipParts } from '../../archive/zip-container.js';
import { ExtractError } from '../../errors.js';
import type { ReadResult, Table, TableReader } from '../table.js';
import { readDocxBody } from './docx-body.js';
import { detail } from '../../messages/message-catalogue.js';

/** Decompressed size of the parts read (`word/document.xml` and page headers) at most; a real price list is well under 50 MB. */
export const MAX_DOCX_XML_BYTES = 200 * 1024 * 1024;

const WANTED = /^word\/(document|header\d*)\.xml$/;

/** Reads Word price lists: every table, plus paragraphs and page headers as text. Stateless. */
export const docxReader: TableReader = {
  formats: ['docx'],
  async read(bytes: Uint8Array, fileName: string): Promise<ReadResult> {
    const parts = unzipParts(bytes, fileName);
    const documentXml = parts.get('word/document.xml');
    if (!documentXml) {
      throw new ExtractError(detail('DOCX_NOT_WORD', { file: fileName }));
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
  const read = readZipParts(bytes, (name) => WANTED.test(name), MAX_DOCX_XML_BYTES);
  if (read.kind === 'read') return read.parts;
  if (read.kind === 'over-budget') {
    throw new ExtractError(detail('DOCX_PART_TOO_LARGE', { file: fileName, part: read.name, max: formatBytes(MAX_DOCX_XML_BYTES) }), {
      code: 'LIMIT_EXCEEDED',
    });
  }
  const why = read.kind === 'damaged' ? `${read.name}: ${read.detail}` : read.detail;
  throw new ExtractError(detail('DOCX_DAMAGED', { file: fileName, why }));
}

function tableLines(table: Table): string[] {
  return table.rows.map((row) => [...new Set(row.map((t) => t.trim()).filter((t) => t !== ''))].join(' ')).filter((l) => l !== '');
}

function byNumber(a: string, b: string): number {
  const n = (s: string): number => Number.parseInt(s.replace(/\D+/g, ''), 10) || 0;
  return n(a) - n(b);
}
