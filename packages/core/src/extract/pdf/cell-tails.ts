/**
 * The last lines of a tall name cell. A row's anchors (number, code, prices) stand at the top of its cell, and a
 * name of four or five lines runs farther below them than the reach within which loose text joins the nearest row
 * (`page-rows.ts`): those lines belong to no row and were lost (Клиника 3 2026 p. 8, № 231 «… и международного»
 * without «нормализованного отношения (МНО) в плазме крови на анализаторе (ПВ-ПТИ-МНО)»). Lines set at line spacing
 * under a row's name text are inside the same cell and continue its name.
 */
import type { Fragment } from './geometry.js';
import type { Group, Loose } from './row-groups.js';
import { continuesAName } from './name-cells.js';

/** A name-column fragment out of every row's reach, with its segment (the part of the page between headings). */
export interface FarLine {
  readonly f: Fragment;
  readonly segment: number;
}

/** Farthest, in font sizes, between the baselines of two lines of one cell (line spacing, with a scan's slack). */
const LINE_SPACING = 1.7;

/**
 * Adds each far name fragment to the row whose name text stands directly above it, at line spacing and in the same
 * segment, top to bottom, so that a cell's lines chain down from its row's name. The row's height is left as it is:
 * it is its anchors' place (the price re-read cuts its cells there). A fragment with no such line above stays out.
 */
export function continueCellsBeyondReach(far: readonly FarLine[], groups: readonly Group[], nameColumn: number, size: number): void {
  if (far.length === 0) return;
  const placed = namePlaces(groups, nameColumn);
  for (const line of [...far].sort((a, b) => b.f.y - a.f.y)) {
    const above = lineAbove(placed, line.f.y, line.segment, size);
    if (!above) continue;
    const cell = above.g.cells.get(nameColumn)!;
    // A line starting a name of its own (`Список сокращений` under the last row) continues only a name whose
    // bracket is still open (`… (Антибиотикограмма` over `ПОЛНАЯ 18 препаратов)`).
    if (!continuesAName(line.f.text) && !opensBracket(cell.map((f) => f.text).join(' '))) continue;
    cell.push(line.f);
    placed.push({ y: line.f.y, segment: line.segment, g: above.g });
  }
}

/**
 * A line continuing a name (lower case, a bracket) that the nearest-row rule gave to the row below, above that row's
 * anchors while the row's own name starts on its anchor line, is the last line of the cell above (Клиника 3 2026
 * p. 3, «бесплатно» closing № 110's remark, not opening № 111 «ДГЭА-сульфат …»): it goes back to the row of the name
 * line directly over it. `fixed`: fragments that name several rows (a merged cell) stay where they are.
 */
export function returnCellTails(loose: readonly Loose[], groups: readonly Group[], nameColumn: number, anchorColumns: readonly number[], size: number, fixed: (entry: Loose) => boolean): void {
  const placed = namePlaces(groups, nameColumn);
  const ownerOf = new Map(placed.map((p) => [p.f, p.g] as const));
  const entries = loose.filter((e) => e.p.col === nameColumn && !fixed(e) && continuesAName(e.p.f.text)).sort((a, b) => b.p.f.y - a.p.f.y);
  for (const entry of entries) {
    const { f } = entry.p;
    const row = ownerOf.get(f);
    if (!row) continue;
    const anchors = anchorColumns.flatMap((c) => row.cells.get(c) ?? []);
    if (anchors.length === 0) continue;
    const anchorTop = Math.max(...anchors.map((a) => a.y));
    if (f.y - anchorTop <= 0.5 * size) continue;
    const cell = row.cells.get(nameColumn)!;
    const own = cell.filter((n) => Math.abs(n.y - anchorTop) < 0.5 * size).sort((a, b) => a.x0 - b.x0)[0];
    // A capital or a digit: `ДГЭА-сульфат …` starts a name here, though it reads like `ИФА-методом`.
    if (!own || !/^[\p{Lu}\d]/u.test(own.text)) continue;
    const above = lineAbove(placed, f.y, row.segment, size);
    if (!above || above.g === row) continue;
    cell.splice(cell.indexOf(f), 1);
    above.g.cells.get(nameColumn)!.push(f);
    ownerOf.set(f, above.g);
    const at = placed.find((p) => p.f === f);
    if (at) at.g = above.g;
  }
}

// ---------------------------------------------------------------- internal helpers

type NamePlace = { f?: Fragment; y: number; segment: number; g: Group };

/** Every name fragment of the rows, with its row. */
function namePlaces(groups: readonly Group[], nameColumn: number): NamePlace[] {
  return groups.flatMap((g) => (g.cells.get(nameColumn) ?? []).map((f) => ({ f, y: f.y, segment: g.segment, g })));
}

/** The name text directly over height `y` in a segment: the lowest line between half a line and line spacing up. */
function lineAbove(placed: readonly NamePlace[], y: number, segment: number, size: number): NamePlace | undefined {
  return placed.filter((p) => p.segment === segment && p.y - y > 0.5 * size && p.y - y <= LINE_SPACING * size).sort((a, b) => a.y - b.y)[0];
}

/** True when a text opens more brackets than it closes. */
function opensBracket(text: string): boolean {
  return (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length;
}
