/**
 * The columns of a page's table: x-ranges found where the data fragments pile up (cells of a column
 * share their left or right edge, columns are separated by empty vertical strips), named by the header
 * fragments above them; pages without a header inherit the names from the previous page's columns.
 */
import { headerKindsOf, looksLikePrice, looksLikeRowNumber, type HeaderKind } from './cell-kinds.js';
import { overlap, type Fragment, type TextLine } from './geometry.js';
import { maxOf, minOf } from '../../numbers.js';

/** One column of a page table. */
export interface Column {
  readonly x0: number;
  readonly x1: number;
  /** Header text, top to bottom (`Цена для граждан Республики Казахстан ...`); '' when none. */
  readonly header: string;
  readonly kinds: readonly HeaderKind[];
}

/** The columns of one page and the roles the row builder needs. */
export interface PageColumns {
  readonly columns: readonly Column[];
  /** The service-name column, or -1 when the page has none (the right half of a wide sheet). */
  readonly name: number;
  readonly number: number;
  /** Columns holding prices (from the header, or from mostly price-like data). */
  readonly prices: readonly number[];
  /**
   * Columns under a price word whose cells are words, not prices: the word came from the top line of a
   * data cell read into the header (`в стоимость операции, не` / `входит аренда …`), not from a header.
   */
  readonly wordsUnderPriceHeader: readonly number[];
  /**
   * Header-less columns of words right of the name and left of the first price whose words stand
   * beside the prices of their rows (`средней степени тяжести`): cells of the table, not a strip of
   * centred section headings.
   */
  readonly wordsBesidePrices: readonly number[];
}

/**
 * Names the data columns with the header cells above them. Header fragments that overlap form one
 * header cell (a price header wrapped on eight lines); cells and data columns, both in left-to-right
 * order, are paired by the nearest centres without crossing: right-aligned prices sit far from the
 * centre of their wide header, but never beyond the neighbouring column. A header cell over no data
 * becomes a column of its own (a column empty on this page).
 */
export function nameColumns(ranges: readonly { x0: number; x1: number }[], headerLines: readonly TextLine[]): Column[] {
  const cells = headerCells(headerLines);
  const pairs = alignInOrder(ranges, cells);
  const out: Column[] = [];
  const headerOnly = new Set<number>();
  let r = 0;
  let c = 0;
  const push = (x0: number, x1: number, header: string): void => {
    out.push({ x0, x1, header, kinds: headerKindsOf(header) });
  };
  for (const [ri, ci] of [...pairs, [ranges.length, cells.length] as const]) {
    while (r < ri || c < ci) {
      // Unpaired leftovers in x order.
      const range = r < ri ? ranges[r] : undefined;
      const cell = c < ci ? cells[c] : undefined;
      if (range && (!cell || range.x0 <= cell.x0)) {
        push(range.x0, range.x1, '');
        r++;
      } else if (cell) {
        push(cell.x0, cell.x1, cell.text);
        headerOnly.add(out.length - 1);
        c++;
      }
    }
    if (ri < ranges.length && ci < cells.length) {
      push(ranges[ri]!.x0, ranges[ri]!.x1, cells[ci]!.text);
      r = ri + 1;
      c = ci + 1;
    }
  }
  return splitBridgedColumns(out, headerOnly);
}

/**
 * Names a header-less page's columns after the previous page's columns they overlap most, so a table
 * continued over pages keeps its header texts. Scanned pages are fed at slightly different offsets,
 * so the previous columns are first shifted by the offset that lines them up best; each previous
 * column names one column of this page at most.
 */
export function inheritColumns(ranges: readonly { x0: number; x1: number }[], previous: readonly Column[]): Column[] {
  const dx = bestShift(ranges, previous);
  const picks = ranges.map((r) => {
    let best: Column | null = null;
    let bestOverlap = 0;
    for (const p of previous) {
      const o = overlap(r.x0 + dx, r.x1 + dx, p.x0, p.x1);
      if (o > bestOverlap) {
        bestOverlap = o;
        best = p;
      }
    }
    const enough = best !== null && bestOverlap >= 0.3 * Math.min(r.x1 - r.x0, best.x1 - best.x0);
    return enough ? { column: best!, overlap: bestOverlap } : null;
  });
  return ranges.map((r, i) => {
    const pick = picks[i];
    const rival = pick != null && picks.some((other, j) => j !== i && other != null && other.column === pick.column && other.overlap > pick.overlap);
    return pick != null && !rival ? { x0: r.x0, x1: r.x1, header: pick.column.header, kinds: pick.column.kinds } : { x0: r.x0, x1: r.x1, header: '', kinds: [] };
  });
}

/** Largest offset between two pages of one scanned table, in points. */
const MAX_PAGE_SHIFT = 60;

/** The horizontal offset (added to this page's x) under which its columns overlap the previous page's most; 0 on a tie. */
function bestShift(ranges: readonly { x0: number; x1: number }[], previous: readonly Column[]): number {
  const score = (dx: number): number =>
    ranges.reduce((sum, r) => sum + maxOf(previous.map((p) => overlap(r.x0 + dx, r.x1 + dx, p.x0, p.x1)), 0), 0);
  let best = 0;
  let bestScore = score(0);
  for (const r of ranges) for (const p of previous) for (const dx of [p.x0 - r.x0, p.x1 - r.x1]) {
    if (Math.abs(dx) > MAX_PAGE_SHIFT) continue;
    const s = score(dx);
    if (s > bestScore + 1) {
      best = dx;
      bestScore = s;
    }
  }
  return best;
}

/** The column a fragment belongs to: the one it overlaps most, else the nearest. */
export function columnOf(columns: readonly { x0: number; x1: number }[], f: Fragment): number {
  let best = -1;
  let bestScore = -Infinity;
  columns.forEach((c, i) => {
    const o = overlap(f.x0, f.x1, c.x0, c.x1);
    const score = o > 0 ? o : -Math.min(Math.abs(f.x0 - c.x1), Math.abs(c.x0 - f.x1));
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/**
 * Decides the name, number and price columns. The header decides where it can; otherwise the data:
 * the name column holds the most letters, the number column small integers left of it, price
 * columns mostly price-like texts right of it.
 */
export function classifyColumns(columns: readonly Column[], dataLines: readonly TextLine[]): PageColumns {
  const cells = columns.map(() => [] as string[]);
  for (const line of dataLines) for (const f of line.fragments) {
    const c = columnOf(columns, f);
    if (c >= 0) cells[c]!.push(f.text);
  }
  const has = (i: number, k: HeaderKind): boolean => columns[i]!.kinds.includes(k);
  const letters = cells.map((texts) => texts.reduce((s, t) => s + (t.match(/[a-zа-яё]/gi) ?? []).length, 0));
  const share = (i: number, test: (t: string) => boolean): number =>
    cells[i]!.length === 0 ? 0 : cells[i]!.filter(test).length / cells[i]!.length;

  let name = columns.findIndex((_, i) => has(i, 'name'));
  if (name === -1) {
    let most = 0;
    columns.forEach((c, i) => {
      const claimed = c.kinds.length > 0;
      if (!claimed && letters[i]! > most && share(i, looksLikePrice) < 0.5) {
        most = letters[i]!;
        name = i;
      }
    });
    // A page whose only texts sit under unit or price headers is the right half of a wide sheet.
    if (most < 20) name = -1;
  }
  let number = columns.findIndex((_, i) => has(i, 'number'));
  if (number === -1 && name > 0) {
    const candidate = columns.findIndex((_, i) => i < name && share(i, looksLikeRowNumber) >= 0.6);
    number = candidate;
  }
  const prices: number[] = [];
  const wordsUnderPriceHeader: number[] = [];
  const wordy = (t: string): boolean => /[a-zа-яё]{3,}/i.test(t) && !looksLikePrice(t);
  columns.forEach((c, i) => {
    if (i === name || i === number || has(i, 'code') || has(i, 'unit') || has(i, 'material') || has(i, 'number')) return;
    const byHeader = has(i, 'price');
    const byData = c.kinds.length === 0 && i > name && cells[i]!.length >= 2 && share(i, looksLikePrice) >= 0.5;
    if (byHeader && cells[i]!.length >= 2 && share(i, wordy) >= 0.6) wordsUnderPriceHeader.push(i);
    else if (byHeader || byData) prices.push(i);
  });
  // A qualifier stands beside the prices of its row; a strip of centred section headings (texts on
  // lines without prices) is not one.
  const besidePrices = columns.map(() => 0);
  for (const line of dataLines) {
    const placed = line.fragments.map((f) => ({ f, c: columnOf(columns, f) }));
    if (!placed.some((p) => prices.includes(p.c) && looksLikePrice(p.f.text))) continue;
    for (const p of placed) if (p.c >= 0 && wordy(p.f.text)) besidePrices[p.c]!++;
  }
  const firstPrice = prices.length > 0 ? minOf(prices) : columns.length;
  const wordsBesidePrices = name < 0 ? [] : columns.map((_, i) => i).filter((i) =>
    i > name && i < firstPrice && columns[i]!.header === '' && columns[i]!.kinds.length === 0 && cells[i]!.length > 0
    && share(i, wordy) >= 0.5 && (prices.length === 0 || besidePrices[i]! >= Math.max(1, cells[i]!.filter(wordy).length / 3)));
  return { columns, name, number, prices, wordsUnderPriceHeader, wordsBesidePrices };
}

// ---------------------------------------------------------------- internal helpers

/** Header fragments grouped into cells: fragments that overlap horizontally, text top to bottom. */
function headerCells(lines: readonly TextLine[]): { x0: number; x1: number; text: string }[] {
  const fragments = lines.flatMap((line, order) => line.fragments.map((f) => ({ f, order })));
  fragments.sort((a, b) => a.f.x0 - b.f.x0);
  const groups: { x0: number; x1: number; parts: { f: Fragment; order: number }[] }[] = [];
  for (const item of fragments) {
    const last = groups[groups.length - 1];
    if (last && item.f.x0 < last.x1 - 1) {
      last.parts.push(item);
      last.x1 = Math.max(last.x1, item.f.x1);
    } else {
      groups.push({ x0: item.f.x0, x1: item.f.x1, parts: [item] });
    }
  }
  return groups.map((g) => ({
    x0: g.x0,
    x1: g.x1,
    text: g.parts
      .sort((a, b) => a.order - b.order || a.f.x0 - b.f.x0)
      .map((p) => p.f.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}

/** Cost of leaving a data column or a header cell unpaired, in points of centre distance. */
const SKIP_COST = 70;

/** Order-preserving pairing of data columns and header cells with the least total centre distance. */
function alignInOrder(ranges: readonly { x0: number; x1: number }[], cells: readonly { x0: number; x1: number }[]): [number, number][] {
  const n = ranges.length;
  const m = cells.length;
  const cost: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 0; i <= n; i++) for (let j = 0; j <= m; j++) {
    if (i === 0 && j === 0) continue;
    const options: number[] = [];
    if (i > 0) options.push(cost[i - 1]![j]! + SKIP_COST);
    if (j > 0) options.push(cost[i]![j - 1]! + SKIP_COST);
    if (i > 0 && j > 0) options.push(cost[i - 1]![j - 1]! + pairCost(ranges[i - 1]!, cells[j - 1]!));
    cost[i]![j] = minOf(options);
  }
  const pairs: [number, number][] = [];
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    if (cost[i]![j] === cost[i - 1]![j - 1]! + pairCost(ranges[i - 1]!, cells[j - 1]!)) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (cost[i]![j] === cost[i - 1]![j]! + SKIP_COST) i--;
    else j--;
  }
  return pairs.reverse();
}

function pairCost(range: { x0: number; x1: number }, cell: { x0: number; x1: number }): number {
  // How far the header's centre is from the data strip (0 when over it: a name header centred over
  // its left-aligned names); the centre distance breaks ties.
  const mid = (cell.x0 + cell.x1) / 2;
  const outside = mid < range.x0 ? range.x0 - mid : mid > range.x1 ? mid - range.x1 : 0;
  return outside + 0.1 * Math.abs((range.x0 + range.x1) / 2 - mid);
}

/**
 * A header over no data of its own, standing inside the neighbouring data strip, means two columns
 * ran together (long names reaching the unit cells on a page of few rows): the strip is cut at the
 * header's edge and the part beyond it goes to that header.
 */
function splitBridgedColumns(columns: Column[], headerOnly: ReadonlySet<number>): Column[] {
  const out = [...columns];
  for (const index of [...headerOnly].sort((a, b) => b - a)) {
    const lone = out[index]!;
    const mid = (lone.x0 + lone.x1) / 2;
    const host = out.findIndex((c, i) => i !== index && !headerOnly.has(i) && c.x0 < mid && c.x1 > mid && c.header !== '');
    if (host === -1) continue;
    const h = out[host]!;
    const cut = mid > (h.x0 + h.x1) / 2 ? lone.x0 - 2 : lone.x1 + 2;
    if (cut <= h.x0 || cut >= h.x1) continue;
    const [left, right] = mid > (h.x0 + h.x1) / 2
      ? [{ ...h, x1: cut }, { ...lone, x0: cut, x1: h.x1 }]
      : [{ ...lone, x0: h.x0, x1: cut }, { ...h, x0: cut }];
    out.splice(index, 1);
    const at = out.indexOf(h);
    out.splice(at, 1, left, right);
  }
  return out;
}
