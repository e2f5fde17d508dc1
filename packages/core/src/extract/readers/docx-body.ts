/**
 * WordprocessingML (`word/document.xml`, `word/header1.xml`) → tables and paragraphs.
 * Tracked changes are read as the document would print after accepting them: inserted text stays,
 * deleted and moved-away text goes.
 */
import type { Table } from '../table.js';
import { tokenizeXml } from './xml-tokens.js';
import { widthOf } from '../../numbers.js';

/** Tables (in the order they start) and the paragraphs outside tables of one WordprocessingML part. */
export interface DocxBody {
  readonly tables: Table[];
  readonly paragraphs: string[];
}

interface CellBuilder {
  readonly paragraphs: string[];
  span: number;
  vMerge: 'restart' | 'continue' | null;
}

interface TableBuilder {
  readonly name: string;
  readonly rows: { gridBefore: number; cells: CellBuilder[] }[];
  row: { gridBefore: number; cells: CellBuilder[] } | null;
  cell: CellBuilder | null;
}

/** Elements whose text is not part of the accepted document. */
const DROPPED_CONTAINERS = new Set(['w:del', 'w:moveFrom', 'mc:Fallback']);
/** Run-level elements that read as a space. */
const SPACE_ELEMENTS = new Set(['w:tab', 'w:br', 'w:cr', 'w:ptab']);

/**
 * Reads one WordprocessingML part. Every `w:tbl` becomes a {@link Table} named `table N`;
 * a nested table is also flattened into the text of the cell holding it, so the outer grid stays whole.
 */
export function readDocxBody(xml: string, firstTableNumber = 1): DocxBody {
  const tables: Table[] = [];
  const paragraphs: string[] = [];
  const tableStack: TableBuilder[] = [];
  const paragraphStack: string[][] = [];
  let tableNumber = firstTableNumber;
  let dropped = 0;
  let inText = 0;
  let inRun = 0;

  for (const token of tokenizeXml(xml)) {
    if (token.kind === 'text') {
      if (inText > 0 && dropped === 0) paragraphStack[paragraphStack.length - 1]?.push(token.text);
      continue;
    }
    const name = token.name;
    if (token.kind === 'open') {
      if (DROPPED_CONTAINERS.has(name) && !token.selfClosing) dropped++;
      else if (name === 'w:t' && !token.selfClosing) inText++;
      else if (name === 'w:r' && !token.selfClosing) inRun++;
      else if (SPACE_ELEMENTS.has(name) && inRun > 0 && dropped === 0) paragraphStack[paragraphStack.length - 1]?.push(' ');
      else if (name === 'w:noBreakHyphen' && inRun > 0 && dropped === 0) paragraphStack[paragraphStack.length - 1]?.push('-');
      else if (name === 'w:p') {
        if (token.selfClosing) endParagraph([], tableStack, paragraphs);
        else paragraphStack.push([]);
      } else if (name === 'w:tbl' && !token.selfClosing) {
        tableStack.push({ name: `table ${tableNumber++}`, rows: [], row: null, cell: null });
      } else if (name === 'w:tr' && !token.selfClosing) {
        const table = tableStack[tableStack.length - 1];
        if (table) table.row = { gridBefore: 0, cells: [] };
      } else if (name === 'w:tc') {
        const table = tableStack[tableStack.length - 1];
        if (table?.row) {
          table.cell = { paragraphs: [], span: 1, vMerge: null };
          table.row.cells.push(table.cell);
          if (token.selfClosing) table.cell = null;
        }
      } else {
        readProperty(name, token.attrs, tableStack[tableStack.length - 1]);
      }
      continue;
    }
    // close tags
    if (DROPPED_CONTAINERS.has(name)) dropped = Math.max(0, dropped - 1);
    else if (name === 'w:t') inText = Math.max(0, inText - 1);
    else if (name === 'w:r') inRun = Math.max(0, inRun - 1);
    else if (name === 'w:p') endParagraph(paragraphStack.pop() ?? [], tableStack, paragraphs);
    else if (name === 'w:tc') {
      const table = tableStack[tableStack.length - 1];
      if (table) table.cell = null;
    } else if (name === 'w:tr') {
      const table = tableStack[tableStack.length - 1];
      if (table?.row) table.rows.push(table.row);
      if (table) table.row = null;
    } else if (name === 'w:tbl') {
      const builder = tableStack.pop();
      if (!builder) continue;
      const table = buildTable(builder);
      tables.push(table);
      const outer = tableStack[tableStack.length - 1];
      // Nested table: its text also joins the outer cell, one line per row.
      if (outer?.cell) for (const row of table.rows) outer.cell.paragraphs.push(joinCells(row));
    }
  }
  // Tolerate a document cut inside a table: keep what was complete.
  while (tableStack.length > 0) {
    const builder = tableStack.pop()!;
    if (builder.row && builder.row.cells.length > 0) builder.rows.push(builder.row);
    tables.push(buildTable(builder));
  }
  tables.sort((a, b) => tableIndex(a) - tableIndex(b));
  return { tables, paragraphs };
}

// ---------------------------------------------------------------- internal helpers

function readProperty(name: string, attrs: ReadonlyMap<string, string>, table: TableBuilder | undefined): void {
  if (!table) return;
  const val = attrs.get('w:val');
  if (name === 'w:gridSpan' && table.cell) {
    const span = Number.parseInt(val ?? '1', 10);
    table.cell.span = Number.isFinite(span) && span > 1 ? Math.min(span, 64) : 1;
  } else if (name === 'w:vMerge' && table.cell) {
    table.cell.vMerge = val === 'restart' ? 'restart' : 'continue';
  } else if (name === 'w:gridBefore' && table.row && !table.cell) {
    const n = Number.parseInt(val ?? '0', 10);
    table.row.gridBefore = Number.isFinite(n) && n > 0 ? Math.min(n, 64) : 0;
  }
}

function endParagraph(parts: string[], tableStack: TableBuilder[], paragraphs: string[]): void {
  const text = parts.join('');
  const table = tableStack[tableStack.length - 1];
  if (table?.cell) table.cell.paragraphs.push(text);
  else if (tableStack.length === 0 && text.trim() !== '') paragraphs.push(text);
}

/** Lays cells on the grid: gridSpan repeats a cell over its columns, vMerge continues the cell above. */
function buildTable(builder: TableBuilder): Table {
  const rows: string[][] = [];
  let previous: string[] = [];
  for (const source of builder.rows) {
    const row: string[] = new Array<string>(source.gridBefore).fill('');
    for (const cell of source.cells) {
      const column = row.length;
      const text = cell.vMerge === 'continue' ? (previous[column] ?? '') : cell.paragraphs.join('\n');
      for (let i = 0; i < cell.span; i++) row.push(text);
    }
    rows.push(row);
    previous = row;
  }
  const width = widthOf(rows);
  for (const row of rows) while (row.length < width) row.push('');
  return { name: builder.name, rows };
}

function joinCells(row: readonly string[]): string {
  const distinct: string[] = [];
  for (const text of row) if (text.trim() !== '' && distinct[distinct.length - 1] !== text) distinct.push(text);
  return distinct.join(' ');
}

function tableIndex(table: Table): number {
  return Number.parseInt(table.name.replace(/\D+/g, ''), 10) || 0;
}
