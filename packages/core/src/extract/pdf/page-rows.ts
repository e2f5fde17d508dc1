/**
 * Logical table rows of a page. A row is anchored by its row number and its prices; the name cell,
 * wrapped over two or three lines and vertically centred or top-aligned, joins the row whose anchors
 * are nearest. A line spanning the table or centred in the name column, with no number and no price,
 * is a section heading.
 */
import { looksLikePrice, looksLikeRowNumber } from './cell-kinds.js';
import { median, overlap, type Fragment, type TextLine } from './geometry.js';
import { columnOf, type PageColumns } from './page-columns.js';

/** A row of a page table: one text per column. */
export interface PageRow {
  readonly kind: 'row' | 'section';
  /** Vertical position (the anchors' middle), for joining the halves of a wide sheet. */
  readonly y: number;
  readonly cells: string[];
}

/** Builds the rows of a page's data lines (header lines already removed), top to bottom. */
export function buildRows(lines: readonly TextLine[], layout: PageColumns): PageRow[] {
  const { columns } = layout;
  const size = median(lines.flatMap((l) => l.fragments.map((f) => f.size))) || 8;
  const placed = lines.map((line) => line.fragments.map((f) => ({ f, col: columnOf(columns, f) })));
  const isAnchor = (p: { f: Fragment; col: number }): boolean =>
    (p.col === layout.number && looksLikeRowNumber(p.f.text)) || (layout.prices.includes(p.col) && looksLikePrice(p.f.text));

  // 1. Section lines split the page into segments; rows never take text across a heading.
  const sectionLine = lines.map((line, i) => !placed[i]!.some(isAnchor) && isSectionLine(line, layout));

  // 2. Rows from anchors: a row number and prices within about a line of each other, each column once.
  const groups: Group[] = [];
  let segment = 0;
  lines.forEach((line, i) => {
    if (sectionLine[i]) {
      segment++;
      return;
    }
    for (const p of placed[i]!) {
      if (!isAnchor(p)) continue;
      const last = groups[groups.length - 1];
      const fits = last && last.segment === segment && !last.cells.has(p.col) && Math.abs(centre(last) - p.f.y) <= 1.3 * size;
      const group = fits ? last : newGroup(segment);
      if (!fits) groups.push(group);
      add(group, p.col, p.f);
    }
  });

  // 3. Every other fragment joins the nearest row of its segment. A name line about equally near two
  //    rows, one of which has no name at all, is a merged cell (`Консультация врача` over its
  //    `первичная` and `повторная` rows) and names both.
  const loose: Loose[] = [];
  segment = 0;
  lines.forEach((line, i) => {
    if (sectionLine[i]) {
      segment++;
      return;
    }
    for (const p of placed[i]!) {
      if (isAnchor(p)) continue;
      const near = groups
        .filter((g) => g.segment === segment)
        .map((g) => ({ g, d: distance(g, p.f.y) }))
        .sort((a, b) => a.d - b.d);
      if (near[0] && near[0].d <= 3.2 * size) loose.push({ p, near });
    }
  });
  attachContinuationLines(loose, layout.name, size);
  const between: { p: { f: Fragment; col: number }; other: Group }[] = [];
  for (const { p, near } of loose) {
    const [first, second] = near;
    const close = second !== undefined && second.d - first!.d < 0.5 * size && first!.d > 0;
    add(first!.g, p.col, p.f);
    if (close && p.col === layout.name) between.push({ p, other: second!.g });
  }
  for (const { p, other } of between) if (!other.cells.has(layout.name)) add(other, p.col, p.f);

  const rows: PageRow[] = groups.map((g) => ({ kind: 'row', y: centre(g), cells: columns.map((_, c) => cellText(g.cells.get(c))) }));
  lines.forEach((line, i) => {
    if (!sectionLine[i]) return;
    const cells = columns.map(() => '');
    cells[Math.max(0, layout.name)] = line.fragments.map((f) => f.text).join(' ');
    rows.push({ kind: 'section', y: line.y, cells });
  });
  return rows.sort((a, b) => b.y - a.y);
}

// ---------------------------------------------------------------- internal helpers

interface Group {
  readonly segment: number;
  readonly cells: Map<number, Fragment[]>;
  top: number;
  bottom: number;
}

type Loose = { p: { f: Fragment; col: number }; near: { g: Group; d: number }[] };

/**
 * A name line that starts in lower case or with a bracket or punctuation continues the name line just
 * above it, so it joins that line's row even when another row's anchors are nearer. This keeps the
 * tail of a name in top-aligned cells (Клиника 3: «…скорости оседания / эритроцитов. (ОАК + СОЭ)»,
 * the next row's prices only a few points below) with its own row.
 */
function attachContinuationLines(loose: Loose[], nameColumn: number, size: number): void {
  const names = loose.filter((entry) => entry.p.col === nameColumn && entry.near[0]).sort((a, b) => b.p.f.y - a.p.f.y);
  let previous: Loose | null = null;
  for (const entry of names) {
    const gap = previous ? previous.p.f.y - entry.p.f.y : Infinity;
    if (previous && gap > 0.3 * size && gap <= 1.8 * size && continuesAName(entry.p.f.text)) {
      const owner = previous.near[0]!;
      const same = entry.near.find((n) => n.g === owner.g);
      if (same) entry.near = [same, ...entry.near.filter((n) => n !== same)];
    }
    previous = entry;
  }
}

/**
 * Text that cannot start a name: a lower-case letter, a bracket or punctuation; a first word that closes a
 * bracket it never opened (`IgG) Определение …`); an abbreviation joined to a lower-case word
 * (`ИФА-методом`, the tail of «… в сыворотке крови ИФА-методом»).
 */
function continuesAName(text: string): boolean {
  if (/^[\p{Ll}(),;:.\-–]/u.test(text)) return true;
  const first = text.split(/\s/u)[0] ?? '';
  if (first.includes(')') && !first.includes('(')) return true;
  return /^\p{Lu}{2,}-\p{Ll}/u.test(first);
}

function newGroup(segment: number): Group {
  return { segment, cells: new Map(), top: -Infinity, bottom: Infinity };
}

function add(group: Group, col: number, f: Fragment): void {
  const list = group.cells.get(col) ?? [];
  list.push(f);
  group.cells.set(col, list);
  group.top = Math.max(group.top, f.y);
  group.bottom = Math.min(group.bottom, f.y);
}

function centre(g: Group): number {
  return (g.top + g.bottom) / 2;
}

function distance(g: Group, y: number): number {
  if (y <= g.top && y >= g.bottom) return 0;
  return Math.min(Math.abs(y - g.top), Math.abs(y - g.bottom));
}

function cellText(fragments: readonly Fragment[] | undefined): string {
  if (!fragments) return '';
  return [...fragments]
    .sort((a, b) => b.y - a.y || a.x0 - b.x0)
    .map((f) => f.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A heading line: letters, no price, inside the name column or across the table, and either spanning
 * several columns, centred in the name column, or in capitals (`ГЕМАТОЛОГИЯ`).
 */
function isSectionLine(line: TextLine, layout: PageColumns): boolean {
  const text = line.fragments.map((f) => f.text).join(' ');
  const letters = text.match(/[a-zа-яё]/gi) ?? [];
  if (letters.length < 3 || layout.name === -1) return false;
  const name = layout.columns[layout.name]!;
  const x0 = Math.min(...line.fragments.map((f) => f.x0));
  const cols = new Set(line.fragments.map((f) => columnOf(layout.columns, f)));
  // Header-less text columns beside the name (qualifiers) belong to the name area, but a line of a
  // qualifier alone is that cell's wrapped text, not a heading.
  const outside = [...cols].some((c) => c !== layout.name && c !== layout.number && layout.columns[c]!.header !== '');
  const insideQualifier = line.fragments.every((f) => {
    const c = columnOf(layout.columns, f);
    const col = layout.columns[c]!;
    return c !== layout.name && col.header === '' && overlap(f.x0, f.x1, col.x0, col.x1) >= 0.5 * (f.x1 - f.x0);
  });
  if (insideQualifier) return false;
  const width = name.x1 - name.x0;
  // A name never runs into the next column's cells; a heading merged across the row does.
  const next = layout.columns.find((c, i) => i > layout.name && (c.header !== '' || layout.prices.includes(i)));
  const spans = next !== undefined && line.fragments.some((f) => f.x0 < name.x1 && f.x1 > next.x0 + 10);
  if (outside && !spans) return false;
  const centred = x0 > name.x0 + Math.max(25, 0.15 * width);
  const capitals = letters.length >= 5 && !/[a-zа-яё]/.test(letters.join(''));
  return spans || centred || capitals;
}
