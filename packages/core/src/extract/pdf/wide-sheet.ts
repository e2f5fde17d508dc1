/**
 * Halves of one wide sheet: a table too wide for the paper printed as two pages, the left page with
 * numbers and names, the right page with the units and prices of the same rows. The right half is
 * joined to the left one row by row, so the prices meet their names.
 */
import type { PageRow } from './page-rows.js';
import type { PageTable } from './page-table.js';

/**
 * Joins every page that is the right half of the page before it: it has price columns and no name
 * column, while the page before has names and no prices. Other pages pass through unchanged.
 */
export function joinWideSheetHalves(pages: readonly PageTable[]): PageTable[] {
  const out: PageTable[] = [];
  for (const page of pages) {
    const left = out[out.length - 1];
    if (left && isRightHalf(page) && isLeftHalf(left) && left.pages[left.pages.length - 1] === page.pages[0]! - 1) {
      out[out.length - 1] = joinHalves(left, page);
    } else {
      out.push(page);
    }
  }
  return out;
}

// ---------------------------------------------------------------- internal helpers

/** A page of prices without names: the right half of a wide sheet when the page before is its left half. */
export function isRightHalf(page: PageTable): boolean {
  return page.name === -1 && page.prices.length > 0 && page.rows.some((r) => r.kind === 'row');
}

/** A page of names without prices: the left half of a wide sheet when the next page is its right half. */
export function isLeftHalf(page: PageTable): boolean {
  if (page.name === -1) return false;
  const priced = page.rows.some((r) => r.kind === 'row' && page.prices.some((c) => r.cells[c] !== ''));
  return !priced;
}

function joinHalves(left: PageTable, right: PageTable): PageTable {
  const leftRows = left.rows.filter((r) => r.kind === 'row');
  const rightRows = right.rows.filter((r) => r.kind === 'row');
  const width = right.columns.length;
  const partner = new Map<PageRow, PageRow>();
  if (leftRows.length === rightRows.length) {
    leftRows.forEach((r, i) => partner.set(r, rightRows[i]!));
  } else {
    // Different counts (a row lost on one half): pair by height on the page, both halves being
    // printed from the same sheet at the same scale.
    const spacing = medianSpacing(leftRows);
    for (const r of leftRows) {
      const best = rightRows.reduce<PageRow | null>((b, c) => (b === null || Math.abs(c.y - r.y) < Math.abs(b.y - r.y) ? c : b), null);
      if (best && Math.abs(best.y - r.y) <= spacing * 0.6) partner.set(r, best);
    }
  }
  const shift = left.columns.length;
  const rows = left.rows.map((r) => ({ ...r, cells: [...r.cells, ...(partner.get(r)?.cells ?? new Array<string>(width).fill(''))] }));
  return {
    ...left,
    pages: [...left.pages, ...right.pages],
    columns: [...left.columns, ...right.columns],
    prices: right.prices.map((c) => c + shift),
    rows,
  };
}

function medianSpacing(rows: readonly PageRow[]): number {
  const gaps = rows.slice(1).map((r, i) => Math.abs(rows[i]!.y - r.y)).sort((a, b) => a - b);
  return gaps[gaps.length >> 1] ?? 20;
}
