/**
 * A reconstructed page table → the common {@link Table}: the header texts as the first row (so header
 * detection and price roles work as for any other format), then the rows. A header-less text column
 * beside the name (`первичная` / `повторная`, `до 15 пациентов в день`) qualifies the name and is
 * appended to it: without it two rows would carry the same name with different prices.
 */
import type { NameRepair, Table } from '../table.js';
import type { PageTable } from './page-table.js';
import { minOf } from '../../numbers.js';

/** The table of one page (or of the two halves of a wide sheet). */
export function pageToTable(page: PageTable): Table {
  const qualifiers = qualifierColumns(page);
  const keep = page.columns.map((_, i) => !qualifiers.includes(i));
  const pick = (cells: readonly string[]): string[] => cells.filter((_, i) => keep[i]);
  const header = page.columns.map((c) => c.header);
  const rows: string[][] = [];
  const rereads = new Map<string, string>();
  const nameRepairs = new Map<number, NameRepair>();
  // Column indexes once the qualifier columns are gone.
  const kept = keep.map((_, i) => keep.slice(0, i).filter(Boolean).length);
  if (header.some((h) => h !== '')) rows.push(pick(header));
  for (const row of page.rows) {
    // A stacked row without prices from the page image would read as a heading: its line is left out.
    if (row.stacked && (row.rereads?.size ?? 0) === 0) continue;
    for (const [column, text] of row.rereads ?? []) if (keep[column]) rereads.set(`${rows.length}:${kept[column]}`, text);
    if (row.nameRepair) nameRepairs.set(rows.length, row.nameRepair);
    const cells = [...row.cells];
    if (row.kind === 'row' && page.name >= 0) {
      const extra = qualifiers.map((q) => cells[q] ?? '').filter((t) => t !== '');
      if (extra.length > 0) cells[page.name] = [cells[page.name], ...extra].filter((t) => t !== '').join(' ');
    }
    rows.push(pick(cells));
  }
  const pages = page.pages.length === 1 ? `page ${page.pages[0]}` : `pages ${page.pages.join('-')}`;
  return { name: pages, rows, lines: page.lines, lineCells: page.lineCells, ...(rereads.size > 0 ? { rereads } : {}), ...(nameRepairs.size > 0 ? { nameRepairs } : {}), ...(page.pageReread ? { pageReread: true } : {}) };
}

// ---------------------------------------------------------------- internal helpers

/** Columns without a header, right of the name and left of the first price, holding words. */
function qualifierColumns(page: PageTable): number[] {
  if (page.name < 0) return [];
  const firstPrice = page.prices.length > 0 ? minOf(page.prices) : page.columns.length;
  const out: number[] = [];
  for (let i = page.name + 1; i < firstPrice; i++) {
    const column = page.columns[i]!;
    if (column.header !== '' || column.kinds.length > 0) continue;
    const texts = page.rows.filter((r) => r.kind === 'row').map((r) => r.cells[i] ?? '').filter((t) => t !== '');
    const words = texts.filter((t) => /[a-zа-яё]{3,}/i.test(t)).length;
    if (texts.length > 0 && words >= texts.length / 2) out.push(i);
  }
  return out;
}
