/**
 * Free-form lists inside documents read as tables: the whole document's lines when no table gives rows, and
 * single pages of a scan that are lists, not tables.
 */
import { extractIssue } from './review-flags.js';
import { distinctTexts } from './cell-text.js';
import { freeFormRows, type SourceLine } from './free-form-lines.js';
import type { PriceRow } from './price-row.js';
import type { ReadResult, Table } from './table.js';

/** Fewest free-form priced lines that make a document (or a scanned page) a price list. */
export const MIN_FREE_FORM_LINES = 3;

/**
 * Lines that may be a free-form list: the document's text, then the rows of tables that hold one
 * text per row (a list pasted into one column).
 */
export function freeFormSourceLines(result: ReadResult): SourceLine[] {
  const lines: SourceLine[] = result.text.map((text, i) => ({ text, table: 'text', row: i + 1 }));
  for (const table of result.tables) {
    const texts = table.rows.map(distinctTexts);
    if (!texts.every((t) => t.length <= 1)) continue;
    texts.forEach((t, i) => {
      if (t[0] !== undefined) lines.push({ text: t[0], table: table.name, row: i + 1 });
    });
  }
  return lines;
}

/**
 * A page of a scanned list without its own header is read as a free-form list when at least three of its lines
 * are priced and more lines than the `asTable` rows the table reading gave; returns whether it was.
 */
export function readFreeFormPage(table: Table, rows: PriceRow[], warnings: string[], fileName: string, asTable = 0): boolean {
  const listed = freeFormRows(pageSourceLines(table));
  const lines = new Set(listed.map((r) => r.source.row)).size;
  if (lines < MIN_FREE_FORM_LINES || lines <= asTable) return false;
  rows.push(...listed);
  warnings.push(`${fileName}, ${extractIssue('FREE_FORM_PAGE', table.name, { count: listed.length }).message}`);
  return true;
}

/** The lines of a scanned page as free-form source lines: its text lines, else each row's cells in reading order. */
function pageSourceLines(table: Table): SourceLine[] {
  const texts = table.lines ?? table.rows.map((row) => distinctTexts(row).join(' '));
  return texts.map((text, i) => ({ text, table: table.name, row: i + 1 })).filter((l) => l.text !== '');
}
