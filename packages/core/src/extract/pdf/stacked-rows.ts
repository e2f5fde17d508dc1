/**
 * A one-line row stacked on a numbered row whose text layer lost its own number, code and prices: only its name
 * is left, one line above the next row's name, and the nearest-row rule read the two as one wrapped name
 * (Клиника 3 2026 p. 20, № 248 «Арахис rAra h 3 IgE, f424» over № 249 «Арахис rAra h 8 PR-10 IgE, f352»). Such a
 * line is a row of its own (its price is read again from the page image, or the row is reported) when it starts a
 * name, does not run on from a line above, the row below starts its own name at the same left edge on its anchor
 * line, and there is evidence of a lost row: the numbering skips before the row below, or the line fills a code
 * (or another headed) cell of its own.
 */
import { continuesAName } from './name-cells.js';
import type { Fragment, TextLine } from './geometry.js';
import type { PageColumns } from './page-columns.js';
import { centre, type Group } from './row-groups.js';

/** A line no anchor stands on, with its name cell (see `unanchoredNameLines` in `page-rows.ts`). */
export interface UnanchoredLine {
  readonly i: number;
  readonly line: TextLine;
  readonly segment: number;
  readonly cells: readonly { f: Fragment; col: number }[];
  readonly name: { f: Fragment; col: number };
}

/** Farthest, in font sizes, between the baselines of two lines of one cell or of two one-line rows. */
const LINE_SPACING = 1.7;
/** Most, in font sizes, two names' left edges differ by and still start at one cell edge. */
const SAME_EDGE = 1;

/** The rows to add for stacked lines (see the module's note), one per line, in page order. */
export function stackedRows(
  candidates: Iterable<UnanchoredLine>,
  groups: readonly Group[],
  placed: readonly { f: Fragment; col: number }[][],
  lines: readonly TextLine[],
  layout: PageColumns,
  size: number,
): { segment: number; y: number }[] {
  if (layout.name < 0 || layout.number < 0) return [];
  const found: { segment: number; y: number }[] = [];
  const headed = (col: number): boolean => col !== layout.name && col !== layout.number && !layout.prices.includes(col)
    && (layout.columns[col]?.header ?? '') !== '';
  for (const { i, line, segment, cells, name } of candidates) {
    if (continuesAName(name.f.text) || i + 1 >= lines.length) continue;
    const next = lines[i + 1]!;
    if (line.y - next.y > LINE_SPACING * size) continue;
    // The row below: numbered, its anchors on the next line, its own name starting there at the same edge.
    const below = groups.find((g) => g.segment === segment && (g.cells.get(layout.number) ?? []).some((f) => Math.abs(f.y - next.y) < 0.5 * size));
    const ownName = placed[i + 1]!.filter((p) => p.col === layout.name).sort((a, b) => a.f.x0 - b.f.x0)[0];
    if (!below || !ownName || continuesAName(ownName.f.text) || Math.abs(ownName.f.x0 - name.f.x0) > SAME_EDGE * size) continue;
    // Not the tail of a name above: no name line at line spacing over it, unless that line closed its name.
    const over = i > 0 ? placed[i - 1]!.filter((p) => p.col === layout.name).sort((a, b) => b.f.x1 - a.f.x1)[0] : undefined;
    if (over && over.f.y - line.y <= LINE_SPACING * size && !/[).]$/.test(over.f.text.trim())) continue;
    const ownCode = cells.some((p) => headed(p.col) && !continuesAName(p.f.text));
    if (!ownCode && !numberingSkips(below, groups, layout.number)) continue;
    found.push({ segment, y: line.y });
  }
  return found;
}

// ---------------------------------------------------------------- internal helpers

/** True when the numbered row above `row` on the page has a number more than one below `row`'s. */
function numberingSkips(row: Group, groups: readonly Group[], numberColumn: number): boolean {
  const own = numberOf(row, numberColumn);
  if (own === null) return false;
  const above = groups
    .filter((g) => g !== row && centre(g) > centre(row) && numberOf(g, numberColumn) !== null)
    .sort((a, b) => centre(a) - centre(b))[0];
  const previous = above ? numberOf(above, numberColumn) : null;
  return previous !== null && previous < own - 1 && own - previous <= MAX_SKIP;
}

/** Largest skip in the numbering that still reads as rows lost here, not a new numbering. */
const MAX_SKIP = 50;

function numberOf(g: Group, numberColumn: number): number | null {
  const text = (g.cells.get(numberColumn) ?? []).map((f) => f.text).join('').replace(/[\s.,]/g, '');
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}
