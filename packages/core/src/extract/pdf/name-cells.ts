/**
 * Which row a line of a name cell belongs to: continuation lines of top-aligned names, blocks of name
 * lines that are one cell, and name cells merged over several rows.
 */
import type { PageColumns } from './page-columns.js';
import type { PageRow } from './page-row.js';
import { centre, type Group, type Loose } from './row-groups.js';

/**
 * A name line that starts in lower case or with a bracket or punctuation continues the name line just
 * above it, so it joins that line's row even when another row's anchors are nearer. This keeps the
 * tail of a name in top-aligned cells (Клиника 3: «…скорости оседания / эритроцитов. (ОАК + СОЭ)»,
 * the next row's prices only a few points below) with its own row.
 */
export function attachContinuationLines(loose: Loose[], nameColumn: number, size: number): void {
  const names = loose.filter((entry) => entry.p.col === nameColumn && entry.near[0]).sort((a, b) => b.p.f.y - a.p.f.y);
  // The name fragments line by line (a scan may give one fragment per word, each a point higher or
  // lower than the last on a tilted page): only a line's first word can continue the line above.
  const lines: Loose[][] = [];
  for (const entry of names) {
    const line = lines[lines.length - 1];
    if (line && line[0]!.p.f.y - entry.p.f.y < 0.5 * size) line.push(entry);
    else lines.push([entry]);
  }
  let previous: Loose | null = null;
  for (const line of lines) {
    const first = line.reduce((a, b) => (b.p.f.x0 < a.p.f.x0 ? b : a));
    const gap = previous ? previous.p.f.y - first.p.f.y : Infinity;
    // A line standing within another row's anchors is that row's own name (`. еминопластика`, OCR for `Г`).
    const ownLine = first.near[0]!.d <= 0.3 * size && previous !== null && first.near[0]!.g !== previous.near[0]!.g;
    if (previous && !ownLine && gap > 0.3 * size && gap <= 1.8 * size && continuesAName(first.p.f.text)) {
      const owner = previous.near[0]!.g;
      for (const entry of line) {
        const same = entry.near.find((n) => n.g === owner);
        if (same) entry.near = [same, ...entry.near.filter((n) => n !== same)];
      }
    }
    previous = first;
  }
}

/**
 * A block of name lines set at line spacing is one cell, wherever its row's anchors are: a vertically
 * centred name of five lines reaches the anchors of the rows above and below. When the anchors of
 * exactly one row stand within the block, the whole block is that row's name. When the anchors of
 * several rows stand within it and every one of them has a qualifier (`средней` / `тяжелой степени
 * тяжести`), the block is a name cell merged over those rows and names each of them; the returned map
 * lists, per fragment, the other rows it also names. Other blocks keep the nearest-row rule.
 */
export function assignNameBlocks(loose: Loose[], groups: readonly Group[], layout: PageColumns, size: number): Map<Loose, Group[]> {
  const shared = new Map<Loose, Group[]>();
  const qualified = new Set(loose.filter((e) => layout.wordsBesidePrices.includes(e.p.col) && e.near[0]).map((e) => e.near[0]!.g));
  const names = loose.filter((e) => e.p.col === layout.name && e.near[0]).sort((a, b) => b.p.f.y - a.p.f.y);
  const blocks: Loose[][] = [];
  for (const entry of names) {
    const block = blocks[blocks.length - 1];
    const last = block?.[block.length - 1];
    const joins = last !== undefined && last.near[0]!.g.segment === entry.near[0]!.g.segment && last.p.f.y - entry.p.f.y <= 1.6 * size;
    if (joins) block!.push(entry);
    else blocks.push([entry]);
  }
  for (const block of blocks) {
    const top = block[0]!.p.f.y + 0.5 * size;
    const bottom = block[block.length - 1]!.p.f.y - 0.5 * size;
    const segment = block[0]!.near[0]!.g.segment;
    const inside = groups.filter((g) => g.segment === segment && centre(g) <= top && centre(g) >= bottom);
    if (inside.length === 0) continue;
    if (inside.length > 1 && !inside.every((g) => qualified.has(g))) {
      for (const cell of cellsOfBlock(block, size)) assignWhole(cell, groups.filter((g) => g.segment === segment), size);
      continue;
    }
    const [owner, ...others] = inside;
    for (const entry of block) {
      entry.near = [{ g: owner!, d: 0 }, ...entry.near.filter((n) => n.g !== owner)];
      if (others.length > 0) shared.set(entry, others);
    }
  }
  return shared;
}

/**
 * The cells of a block of name lines that holds several rows' anchors: a new cell starts at each line that
 * starts a name or follows a line that ends one (a line continuing a name, `подорожник, мостенница …`, stays
 * with the line above).
 */
function cellsOfBlock(block: readonly Loose[], size: number): Loose[][] {
  const lines: Loose[][] = [];
  for (const entry of block) {
    const line = lines[lines.length - 1];
    if (line && line[0]!.p.f.y - entry.p.f.y < 0.5 * size) line.push(entry);
    else lines.push([entry]);
  }
  const cells: Loose[][] = [];
  let ended = true;
  for (const line of lines) {
    const first = line.reduce((a, b) => (b.p.f.x0 < a.p.f.x0 ? b : a));
    const last = line.reduce((a, b) => (b.p.f.x1 > a.p.f.x1 ? b : a));
    if (!ended && continuesAName(first.p.f.text)) cells[cells.length - 1]!.push(...line);
    else cells.push([...line]);
    // A line closing its bracket or sentence ends the cell: the next line starts a name even in lower case
    // (`… береза бородавчатая)` over `im100 Смесь аллергенов …`).
    ended = /[).]$/.test(last.p.f.text.trim());
  }
  return cells;
}

/** A cell of two or more lines whose span holds exactly one row's anchors becomes that row's name, whole. */
function assignWhole(cell: readonly Loose[], groups: readonly Group[], size: number): void {
  const ys = cell.map((e) => e.p.f.y);
  if (Math.max(...ys) - Math.min(...ys) < 0.5 * size) return;
  const top = Math.max(...ys) + 0.3 * size;
  const bottom = Math.min(...ys) - 0.3 * size;
  const inside = groups.filter((g) => centre(g) <= top && centre(g) >= bottom);
  if (inside.length !== 1) return;
  const owner = inside[0]!;
  for (const entry of cell) entry.near = [{ g: owner, d: 0 }, ...entry.near.filter((n) => n.g !== owner)];
}

/**
 * A row with a qualifier and prices but no name, next to a qualified row that has one, is a row of a
 * name cell merged over several rows whose text stands beside one of them (`Термический ожог …` over
 * `10-20%`, `20-30%`, `30% и более поверхности тела`): it takes that name, from the nearer such row.
 */
export function nameQualifiedRowsOfMergedCells(rows: PageRow[], layout: PageColumns): void {
  if (layout.name < 0 || layout.wordsBesidePrices.length === 0) return;
  const qualified = (r: PageRow | undefined): r is PageRow =>
    r !== undefined && r.kind === 'row' && layout.wordsBesidePrices.some((c) => (r.cells[c] ?? '') !== '');
  for (let changed = true; changed; ) {
    changed = false;
    rows.forEach((row, i) => {
      if (!qualified(row) || row.cells[layout.name] !== '') return;
      const named = [rows[i - 1], rows[i + 1]].filter((r): r is PageRow => qualified(r) && r.cells[layout.name] !== '');
      const nearest = named.sort((a, b) => Math.abs(a.y - row.y) - Math.abs(b.y - row.y))[0];
      if (!nearest) return;
      row.cells[layout.name] = nearest.cells[layout.name]!;
      changed = true;
    });
  }
}

/**
 * Text that cannot start a name: a lower-case letter, a bracket or punctuation; a first word that closes a
 * bracket it never opened (`IgG) Определение …`); an abbreviation joined to a lower-case word
 * (`ИФА-методом`, the tail of «… в сыворотке крови ИФА-методом»).
 */
export function continuesAName(text: string): boolean {
  if (/^[\p{Ll}(),;:.\-–]/u.test(text)) return true;
  const first = text.split(/\s/u)[0] ?? '';
  if (first.includes(')') && !first.includes('(')) return true;
  return /^\p{Lu}{2,}-\p{Ll}/u.test(first);
}
