/**
 * The rows of a page while they are built: groups of anchors (row number, prices) with the cells they
 * collect, and the repair of rows whose anchors the layout split in two.
 */
import type { Fragment } from './geometry.js';
import type { PageColumns } from './page-columns.js';

/** The anchors and cells of one table row being built. */
export interface Group {
  readonly segment: number;
  readonly cells: Map<number, Fragment[]>;
  top: number;
  bottom: number;
  /** The height of the row's own line when it has no anchors (see `page-rows.ts`): its prices' place. */
  readonly line?: number;
}

/** A fragment that is not an anchor, with the rows of its segment nearest first. */
export type Loose = { p: { f: Fragment; col: number }; near: { g: Group; d: number }[] };

/**
 * A row number alone and, one or two lines away, prices alone are one row whose cells are aligned
 * differently (prices at the top of a tall cell, the number in its middle); two rows would
 * each lose half of their anchors. Not when the prices stand beside a name and the number starts
 * another name on its own line (a numbered section heading, `7 Функциональная диагностика`, below the
 * sub-row `транспорт` whose number the list leaves out).
 */
export function mergeSplitAnchors(groups: Group[], layout: PageColumns, size: number, nameLines: readonly number[], nameStarts: readonly number[]): void {
  const on = (lines: readonly number[], g: Group): boolean => lines.some((y) => y <= g.top + 0.3 * size && y >= g.bottom - 0.3 * size);
  const numberOnly = (g: Group): boolean => g.cells.has(layout.number) && !layout.prices.some((c) => g.cells.has(c));
  const pricesOnly = (g: Group): boolean => !g.cells.has(layout.number) && layout.prices.some((c) => g.cells.has(c));
  for (let i = groups.length - 2; i >= 0; i--) {
    const a = groups[i]!;
    const b = groups[i + 1]!;
    const complementary = (numberOnly(a) && pricesOnly(b)) || (pricesOnly(a) && numberOnly(b));
    const [number, prices] = numberOnly(a) ? [a, b] : [b, a];
    const twoNames = on(nameLines, prices) && on(nameStarts, number);
    if (a.segment !== b.segment || !complementary || Math.abs(centre(a) - centre(b)) > 2.6 * size || twoNames) continue;
    for (const [col, fragments] of b.cells) for (const f of fragments) add(a, col, f);
    groups.splice(i + 1, 1);
  }
}

/** An empty row of a segment (the part of the page between two section headings). */
export function newGroup(segment: number): Group {
  return { segment, cells: new Map(), top: -Infinity, bottom: Infinity };
}

/** Puts a fragment in a row's cell and widens the row's vertical extent. */
export function add(group: Group, col: number, f: Fragment): void {
  const list = group.cells.get(col) ?? [];
  list.push(f);
  group.cells.set(col, list);
  group.top = Math.max(group.top, f.y);
  group.bottom = Math.min(group.bottom, f.y);
}

/** The middle of a row's vertical extent. */
export function centre(g: Group): number {
  return (g.top + g.bottom) / 2;
}

/** How far a line at height `y` is from a row: 0 within its extent. */
export function distance(g: Group, y: number): number {
  if (y <= g.top && y >= g.bottom) return 0;
  return Math.min(Math.abs(y - g.top), Math.abs(y - g.bottom));
}
