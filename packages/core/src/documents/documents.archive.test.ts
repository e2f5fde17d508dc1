import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { describe, it, expect } from 'vitest';
import * as XLSX from 'xlsx';
import { clinicKey } from './clinic-key.js';
import { detectDocumentFacts } from './document-facts.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dataDir = process.env.PRICECAT_DATA_DIR ?? join(repoRoot, '..', 'shared', 'data');
const archive = join(dataDir, 'archive');

/** Rows above a spreadsheet's price table (the approval block and titles), one line per row. */
async function spreadsheetTopLines(fileName: string, rows = 10): Promise<string[]> {
  const book = XLSX.read(await readFile(join(archive, fileName)));
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) return [];
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '', blankrows: true });
  return grid.slice(0, rows).map((row) => row.map(String).filter((cell) => cell.trim() !== '').join(' '));
}

/** A DOCX's page header and its first paragraphs (title, first table rows), as plain lines. */
async function docxTopLines(fileName: string, paragraphs = 12): Promise<string[]> {
  const files = unzipSync(new Uint8Array(await readFile(join(archive, fileName))));
  const text = (xml: string) =>
    [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => [...p[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''));
  const headers = Object.keys(files).filter((name) => /^word\/header\d*\.xml$/.test(name));
  const headerLines = headers.flatMap((name) => text(strFromU8(files[name] ?? new Uint8Array())));
  const bodyLines = text(strFromU8(files['word/document.xml'] ?? new Uint8Array())).slice(0, paragraphs);
  return [...headerLines, ...bodyLines].filter((line) => line.trim() !== '');
}

describe.skipIf(!existsSync(archive))(`documents: the real archive (${archive})`, () => {
  it('reads Клиника 6 as КФ «University Medical Center», the date from the file name', async () => {
    const path = 'Клиника 6 прайс 2026.xlsx';
    const facts = detectDocumentFacts({ path, lines: await spreadsheetTopLines(path) });
    expect(facts.clinic_name).toBe('КФ «University Medical Center»');
    expect(facts.clinic_name_source).toBe('content');
    expect(facts.file_name_clinic).toBe('Клиника 6');
    // Row 4 «от "____" ______ 2026 года» is the blank date of the order, not of the list.
    expect(facts.effective_date).toBe('2026-01-01');
    expect(facts.city).toBeNull();
    expect(facts.bin).toBeNull();
  });

  it('gives Клиника 6 under its official name and its file name one key only through the aliases', async () => {
    const path = 'Клиника 6 прайс 2026.xlsx';
    const facts = detectDocumentFacts({ path, lines: await spreadsheetTopLines(path) });
    expect(clinicKey(facts.clinic_name)).toBe(clinicKey('Корпоративный фонд "University Medical Center"'));
    expect(clinicKey(facts.file_name_clinic)).toBe('клиника 6');
  });

  it('names Клиника 7 after its file: its approval block states no clinic', async () => {
    const path = 'Клиника 7_Прайс 2026.xls';
    const facts = detectDocumentFacts({ path, lines: await spreadsheetTopLines(path) });
    expect(facts).toMatchObject({
      clinic_name: 'Клиника 7',
      clinic_name_source: 'file_name',
      file_name_clinic: 'Клиника 7',
      effective_date: '2026-01-01',
    });
  });

  it('names Клиника 1 after its file and ignores the 2015 contract date in its header', async () => {
    const path = 'Клиника 1 прайс 2024.docx';
    const lines = await docxTopLines(path);
    expect(lines.join(' ')).toContain('от 15 января 2015 года');
    const facts = detectDocumentFacts({ path, lines });
    expect(facts).toMatchObject({ clinic_name: 'Клиника 1', clinic_name_source: 'file_name', effective_date: '2024-01-01' });
  });
});
