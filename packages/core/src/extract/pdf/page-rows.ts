/**
 * Logical table rows of a page. A row is anchored by its row number and its prices; the name cell,
 * wrapped over two or three lines and vertically centred or top-aligned, joins the row whose anchors
 * are nearest. A line spanning the table or centred in the name column, with no number and no price,
 * is a section heading; a line without them that reads as a remark (`assets/vocabulary/note-lines.tsv`) is left out.
 */
import { looksLikePrice, looksLikeRowNumber } from './cell-kinds.js';
import { median, overlap, type Fragment, type TextLine } from './geometry.js';
import { columnOf, type PageColumns } from './page-columns.js';
import { assignNameBlocks, attachContinuationLines, continuesAName, nameQualifiedRowsOfMergedCells } from './name-cells.js';
import { continueCellsBeyondReach, returnCellTails, type FarLine } from './cell-tails.js';
import { stackedRows } from './stacked-rows.js';
import { isCentredHeading } from './centred-headings.js';
import { add, centre, distance, mergeSplitAnchors, newGroup, type Group, type Loose } from './row-groups.js';
import { minOf } from '../../numbers.js';
import { isNoteText } from '../note-vocabulary.js';
import type { PageRow } from './page-row.js';

export type { PageRow } from './page-row.js';

/**
 * Builds the rows of a page's data lines (header lines already removed), top to bottom. `otherHalfRows`: for the left
 * half of a wide sheet, the heights of the rows of its right half (their prices), which tell rows apart where the
 * left half lost a row number.
 */
export function buildRows(lines: readonly TextLine[], layout: PageColumns, otherHalfRows: readonly number[] = []): PageRow[] {
  const { columns } = layout;
  const size = median(lines.flatMap((l) => l.fragments.map((f) => f.size))) || 8;
  const placed = lines.map((line) => line.fragments.map((f) => ({ f, col: columnOf(columns, f) })));
  const isAnchor = (p: { f: Fragment; col: number }): boolean =>
    (p.col === layout.number && looksLikeRowNumber(p.f.text)) || (layout.prices.includes(p.col) && looksLikePrice(p.f.text));

  // 1. Section lines split the page into segments; rows never take text across a heading.
  const sectionLine = lines.map((line, i) => !placed[i]!.some(isAnchor) && isSectionLine(line, layout) && !startsOrContinuesAName(lines, i, layout, size));
  // A line continuing the heading just above it (`подраздел 1.2. Дополнительные услуги` over
  // `консультативно-диагностического отделения, …`) is that heading's second line.
  const headingTail = lines.map((line, i) => i > 0 && sectionLine[i - 1]! && !sectionLine[i] && !placed[i]!.some(isAnchor)
    && lines[i - 1]!.y - line.y <= 1.6 * size && continuesAName(lineTextOf(line)) && isSectionLine(line, layout));
  headingTail.forEach((tail, i) => {
    if (tail) sectionLine[i] = true;
  });
  // A remark printed in the table (`В стоимость операции не входят ИМН` under a heading) is neither a row nor
  // part of a name: it joins no row and, like a heading, no row takes text across it.
  const noteLine = lines.map((line, i) => !sectionLine[i] && !placed[i]!.some(isAnchor) && isNoteText(lineTextOf(line)));
  const breaksRows = (i: number): boolean => sectionLine[i]! || noteLine[i]!;

  // 2. Rows from anchors: a row number and prices within about a line of each other, each column once.
  const groups: Group[] = [];
  let segment = 0;
  lines.forEach((line, i) => {
    if (breaksRows(i)) {
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

  addUnanchoredRows(groups, lines, placed, layout, size, breaksRows, isAnchor);
  addRowsOfOtherHalf(groups, lines, placed, layout, size, breaksRows, isAnchor, otherHalfRows);
  const stacked = stackedRows(unanchoredNameLines(lines, placed, layout, breaksRows, isAnchor), groups, placed, lines, layout, size);
  const stackedGroups = new Set(stacked.map(({ segment, y }) => rowAt(segment, { y, fragments: [] })));
  addGroups(groups, [...stackedGroups]);

  const linesWith = (test: (text: string) => boolean): number[] =>
    placed.filter((line) => line.some((p) => p.col === layout.name && !isAnchor(p) && test(p.f.text))).map((line) => line[0]!.f.y);
  // Lines with name text, and lines that start a name of their own (a continuation `методом` under a
  // top-aligned name does not).
  mergeSplitAnchors(groups, layout, size, linesWith(() => true), linesWith((t) => !continuesAName(t)));

  // 3. Every other fragment joins the nearest row of its segment. A name line about equally near two
  //    rows, one of which has no name at all, is a merged cell (`Консультация врача` over its
  //    `первичная` and `повторная` rows) and names both.
  const loose: Loose[] = [];
  // Name text out of every row's reach: the last lines of a tall cell whose anchors stand at its top.
  const far: FarLine[] = [];
  segment = 0;
  lines.forEach((line, i) => {
    if (breaksRows(i)) {
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
      else if (p.col === layout.name) far.push({ f: p.f, segment });
    }
  });
  attachContinuationLines(loose, layout.name, size);
  const shared = assignNameBlocks(loose, groups, layout, size);
  const between: { p: { f: Fragment; col: number }; other: Group }[] = [];
  for (const entry of loose) {
    const { p, near } = entry;
    const [first, second] = near;
    const close = second !== undefined && second.d - first!.d < 0.5 * size && first!.d > 0;
    add(first!.g, p.col, p.f);
    for (const other of shared.get(entry) ?? []) add(other, p.col, p.f);
    if (close && p.col === layout.name && !shared.has(entry)) between.push({ p, other: second!.g });
  }
  for (const { p, other } of between) if (!other.cells.has(layout.name)) add(other, p.col, p.f);
  continueCellsBeyondReach(far, groups, layout.name, size);
  returnCellTails(loose, groups, layout.name, [layout.number, ...layout.prices].filter((c) => c >= 0), size, (entry) => shared.has(entry));

  const rows: PageRow[] = groups.map((g) => ({
    kind: 'row',
    y: g.line ?? centre(g),
    cells: columns.map((_, c) => cellText(g.cells.get(c))),
    ...(stackedGroups.has(g) ? { stacked: true as const } : {}),
    ...(g.cells.has(layout.name) ? { nameBottom: Math.min(...g.cells.get(layout.name)!.map((f) => f.y)) } : {}),
  }));
  lines.forEach((line, i) => {
    if (!sectionLine[i]) return;
    if (headingTail[i]) {
      const heading = rows[rows.length - 1]!;
      heading.cells[Math.max(0, layout.name)] += ` ${lineTextOf(line)}`;
      return;
    }
    const cells = columns.map(() => '');
    cells[Math.max(0, layout.name)] = lineTextOf(line);
    rows.push({ kind: 'section', y: line.y, cells });
  });
  rows.sort((a, b) => b.y - a.y);
  nameQualifiedRowsOfMergedCells(rows, layout);
  return rows;
}

// ---------------------------------------------------------------- internal helpers

/** Distance, in font sizes, within which a line stands level with a row of the sheet's other half. */
const LEVEL_WITH = 0.5;

/**
 * The left half of a wide sheet (numbers and names; its prices on the next page) whose text layer lost a row's
 * number: a line that starts a name, level with a row of the right half that no numbered row of this half stands
 * level with, is that row (Клиника 4 2026 p. 3, № 31 «Репозиция перелома» and № 32 «Закрытое вправление вывиха, …»
 * beside their prices on p. 4), not the tail of the name above.
 */
function addRowsOfOtherHalf(
  groups: Group[],
  lines: readonly TextLine[],
  placed: readonly { f: Fragment; col: number }[][],
  layout: PageColumns,
  size: number,
  breaksRows: (i: number) => boolean,
  isAnchor: (p: { f: Fragment; col: number }) => boolean,
  heights: readonly number[],
): void {
  if (heights.length === 0 || layout.name < 0 || layout.prices.length > 0) return;
  const level = LEVEL_WITH * size;
  const found: Group[] = [];
  for (const { line, segment, name } of unanchoredNameLines(lines, placed, layout, breaksRows, isAnchor)) {
    if (continuesAName(name.f.text)) continue;
    const h = heights.find((y) => Math.abs(y - line.y) <= level);
    if (h === undefined || groups.some((g) => Math.abs(centre(g) - h) <= level)) continue;
    found.push(rowAt(segment, line));
  }
  addGroups(groups, found);
}

/** Distance, in font sizes, beyond which a line is out of reach of every row's anchors. */
const UNANCHORED_REACH = 2.6;
/**
 * Most rows without anchors for one anchored row of the page: beyond it the text layer lost most anchors (a page
 * re-read from its image, or reported by its lost numbers), and lone name lines are no evidence of a row.
 */
const UNANCHORED_SHARE = 0.2;
/**
 * Farthest, in font sizes, the anchored rows above and below may stand: a row's own gap between its neighbours,
 * not a hole where the text layer lost many rows (there a lone line is a remark as often as a row).
 */
const NEIGHBOUR_REACH = 6;

/**
 * A row whose number and prices the scan's text layer lost still prints its name and, beside it, its code or
 * material: a line that starts a name and fills another headed column, far from every anchored row of its
 * segment, is a row of its own (without a price; the price re-read and the report take it from there), not
 * part of the neighbours' names (Клиника 3 2026 p. 1, № 8 «Определение титра антиэритроцитарных антител …»).
 * Only between two anchored rows of its segment ({@link NEIGHBOUR_REACH}), on a page that kept the anchors of most
 * rows ({@link UNANCHORED_SHARE}).
 */
function addUnanchoredRows(
  groups: Group[],
  lines: readonly TextLine[],
  placed: readonly { f: Fragment; col: number }[][],
  layout: PageColumns,
  size: number,
  breaksRows: (i: number) => boolean,
  isAnchor: (p: { f: Fragment; col: number }) => boolean,
): void {
  if (layout.name < 0 || layout.prices.length === 0) return;
  const headed = (col: number): boolean => col !== layout.name && col !== layout.number && !layout.prices.includes(col)
    && (layout.columns[col]?.header ?? '') !== '';
  const found: Group[] = [];
  for (const { i, line, segment, cells, name } of unanchoredNameLines(lines, placed, layout, breaksRows, isAnchor)) {
    // The other cell must start there too: `канала` under `соскоб из / цервикального` continues a material cell.
    if (continuesAName(name.f.text) || !cells.some((p) => headed(p.col) && !continuesAName(p.f.text))) continue;
    // A name line ending in a comma or a hyphen runs on (`… (генотипирование 16, 18,` over `31, 33, 35, …`).
    const above = i > 0 ? placed[i - 1]!.filter((p) => p.col === layout.name).sort((a, b) => b.f.x1 - a.f.x1)[0] : undefined;
    if (above && /[,(\-–]$/.test(above.f.text.trim())) continue;
    const reach = UNANCHORED_REACH * size;
    const own = groups.filter((g) => g.segment === segment);
    if (own.some((g) => distance(g, line.y) <= reach)) continue;
    const higher = own.some((g) => g.bottom > line.y && g.bottom - line.y <= NEIGHBOUR_REACH * size);
    const lower = own.some((g) => g.top < line.y && line.y - g.top <= NEIGHBOUR_REACH * size);
    if (!higher || !lower) continue;
    if (found.some((g) => g.segment === segment && distance(g, line.y) <= reach)) continue;
    found.push(rowAt(segment, line));
  }
  if (found.length > UNANCHORED_SHARE * groups.length) return;
  addGroups(groups, found);
}

/**
 * The lines of a page that no row anchors (no number, no price) but that put something in the name column, with
 * their segment (a heading or header band between rows starts the next one) and their leftmost name cell: where
 * the two passes above look for rows the text layer lost.
 */
function* unanchoredNameLines(
  lines: readonly TextLine[],
  placed: readonly { f: Fragment; col: number }[][],
  layout: PageColumns,
  breaksRows: (i: number) => boolean,
  isAnchor: (p: { f: Fragment; col: number }) => boolean,
): Generator<{ i: number; line: TextLine; segment: number; cells: readonly { f: Fragment; col: number }[]; name: { f: Fragment; col: number } }> {
  let segment = 0;
  for (let i = 0; i < lines.length; i++) {
    if (breaksRows(i)) {
      segment++;
      continue;
    }
    const cells = placed[i]!;
    if (cells.some(isAnchor)) continue;
    const name = cells.filter((p) => p.col === layout.name).sort((a, b) => a.f.x0 - b.f.x0)[0];
    if (name) yield { i, line: lines[i]!, segment, cells, name };
  }
}

/** A row of one line, found without an anchor: no cells yet (the line's words are placed into it later). */
function rowAt(segment: number, line: TextLine): Group {
  return { segment, cells: new Map(), top: line.y, bottom: line.y, line: line.y };
}

/** Adds rows found by a pass, keeping the page's rows in segment order, top first. */
function addGroups(groups: Group[], found: readonly Group[]): void {
  if (found.length === 0) return;
  groups.push(...found);
  groups.sort((a, b) => a.segment - b.segment || centre(b) - centre(a));
}

function lineTextOf(line: TextLine): string {
  return line.fragments.map((f) => f.text).join(' ');
}

/** True when a line starting in the name column runs into the next column's cells: a name never does, a heading merged across the row does. */
function spansColumns(line: TextLine, layout: PageColumns): boolean {
  const name = layout.columns[layout.name]!;
  const next = layout.columns.find((c, i) => i > layout.name && (c.header !== '' || layout.prices.includes(i) || layout.wordsBesidePrices.includes(i)));
  return next !== undefined && line.fragments.some((f) => f.x0 < name.x1 && f.x1 > next.x0 + 10);
}

/**
 * A line inside the name column that looks like a heading by its place but is part of a name cell: it starts as a name's
 * continuation does (`пациентов)`, `каждая молочная железа`; a numbered `подраздел 1.1.` is still a
 * heading), or the line just under it continues it (`КТ органов … малого таза с` over `контрастированием`
 * in a vertically centred cell, the code and prices level with the second line).
 */
function startsOrContinuesAName(lines: readonly TextLine[], i: number, layout: PageColumns, size: number): boolean {
  if (layout.name < 0) return false;
  const text = lines[i]!.fragments.map((f) => f.text).join(' ');
  if (NUMBERED_HEADING.test(text) || TARIFF_HEADING.test(text) || mostlyCapitals(text)) return false;
  if (continuesAName(text)) return true;
  // A row whose prices stand with no name beside them, one line below or above: this line is that row's
  // name (a vertically centred cell of two or three lines, the anchors level with a gap between them).
  const nameless = (other: TextLine | undefined): boolean => other !== undefined && Math.abs(lines[i]!.y - other.y) <= 1.6 * size
    && other.fragments.some((f) => layout.prices.includes(columnOf(layout.columns, f)) && looksLikePrice(f.text))
    && !other.fragments.some((f) => columnOf(layout.columns, f) === layout.name);
  if (nameless(lines[i + 1]) || nameless(lines[i - 1])) return true;
  const next = lines[i + 1];
  // A next line running into the next column's cells is a heading's second line (a wrapped tariff heading).
  if (!next || lines[i]!.y - next.y > 1.6 * size || spansColumns(next, layout)) return false;
  // The next line's name text: it may stand level with the row's number, code and prices.
  const first = [...next.fragments].filter((f) => columnOf(layout.columns, f) === layout.name).sort((a, b) => a.x0 - b.x0)[0];
  return first !== undefined && /^\p{Ll}/u.test(first.text) && !NUMBERED_HEADING.test(first.text);
}

/** A heading naming the tariff of the block below it (`Цена для граждан стран СНГ …`). */
const TARIFF_HEADING = /^(цен[аы]|стоимость|тариф)\s/iu;

/** Most letters in capitals (`кил ХИМИЧЕСКИЕ ИССЛЕДОВАНИЯ КРОВИ`, a heading with OCR specks before it). */
function mostlyCapitals(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length >= 5 && letters.filter((ch) => /\p{Lu}/u.test(ch)).length >= 0.7 * letters.length;
}

/** A heading that names its number (`подраздел 1.1. Консультации`, `раздел 3`), in any case. */
const NUMBERED_HEADING = /^(под)?раздел\s*[\dIVX]|^(глава|часть)\s*[\dIVX]/iu;

function cellText(fragments: readonly Fragment[] | undefined): string {
  if (!fragments) return '';
  return inReadingOrder(fragments)
    .map((f) => f.text)
    .join(' ')
    // Runs of underscores are the table's rules read as text.
    .replace(/_{3,}/g, ' ')
    .replace(/\s+/g, ' ')
    // A line that ends in a hyphen continues the word on the next line (`робот-` / `ассистента`), unless
    // the hyphen is suspended before a conjunction (`интра- и экстракраниальных`).
    .replace(/(\p{L})- (?!(?:и|или|либо)(?:\s|$))(\p{Ll})/gu, '$1-$2')
    .trim();
}

/**
 * Fragments line by line, top to bottom, and left to right within a line. Words of one line may sit a
 * point apart in height (a scan's words are placed one by one), so a line is the fragments within
 * half a text height of its first one, not an exact height.
 */
function inReadingOrder(fragments: readonly Fragment[]): Fragment[] {
  const byHeight = [...fragments].sort((a, b) => b.y - a.y);
  const lines: Fragment[][] = [];
  for (const f of byHeight) {
    const line = lines[lines.length - 1];
    if (line && line[0]!.y - f.y < 0.5 * Math.max(f.size, line[0]!.size)) line.push(f);
    else lines.push([f]);
  }
  return lines.flatMap((line) => line.sort((a, b) => a.x0 - b.x0));
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
  const x0 = minOf(line.fragments.map((f) => f.x0));
  // Header-less text columns beside the name (qualifiers) belong to the name area, but a line of a
  // qualifier alone is that cell's wrapped text, not a heading.
  // Words standing in a price column are a note beside the heading (`*на зелено-чувствительной пленке`), not a cell.
  const note = (f: Fragment): boolean => layout.prices.includes(columnOf(layout.columns, f)) && !looksLikePrice(f.text);
  const outside = line.fragments.some((f) => {
    const c = columnOf(layout.columns, f);
    return c !== layout.name && c !== layout.number && layout.columns[c]!.header !== '' && !note(f);
  });
  const insideQualifier = line.fragments.every((f) => {
    const c = columnOf(layout.columns, f);
    const col = layout.columns[c]!;
    return c !== layout.name && col.header === '' && overlap(f.x0, f.x1, col.x0, col.x1) >= 0.5 * (f.x1 - f.x0);
  });
  if (isCentredHeading(line, layout)) return true;
  if (insideQualifier) return false;
  const width = name.x1 - name.x0;
  const spans = spansColumns(line, layout);
  if (outside && !spans) return false;
  const centred = x0 > name.x0 + Math.max(25, 0.15 * width);
  const capitals = letters.length >= 5 && !/[a-zа-яё]/.test(letters.join(''));
  return spans || centred || capitals;
}
