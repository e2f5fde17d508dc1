/**
 * The header band of a page: the lines of the table header (`№ | Наименование услуг | Ед. изм. |
 * Цена ...`), which on scans spread over several lines (a price header wrapped on eight lines, the
 * name header vertically centred beside it).
 */
import { headerKindsOf, looksLikePrice, looksLikeRowNumber, type HeaderKind } from './cell-kinds.js';
import { median, overlap, type Fragment, type TextLine } from './geometry.js';

/** Where the header is in a page's lines (indexes, `end` exclusive) and the first data line after it. */
export interface HeaderBand {
  readonly start: number;
  readonly end: number;
  /** Index of the first line after the header that belongs to the table (a column-number row skipped). */
  readonly dataStart: number;
  readonly kinds: ReadonlySet<HeaderKind>;
}

/** Lines searched from the top of a page for a header. */
const HEADER_SEARCH_LINES = 60;

/**
 * Finds the header band: a line with a header word, grown downwards by lines that hold header words
 * or continue a header cell (text under a header fragment, no price). A band counts when it names at
 * least two kinds of column, one of them the name or a price. `null` when the page has none.
 */
export function findHeaderBand(lines: readonly TextLine[]): HeaderBand | null {
  const limit = Math.min(lines.length, HEADER_SEARCH_LINES);
  for (let start = 0; start < limit; start++) {
    if (!lines[start]!.fragments.some((f) => headerKindsOf(f.text).length > 0)) continue;
    const band = growBand(lines, start);
    const strong = band.kinds.has('name') || band.kinds.has('price');
    if (band.kinds.size >= 2 && strong) return band;
  }
  return null;
}

/** True for a row of column numbers (`1 2 3 4 5`): small integers only, at least two. */
export function isColumnNumberLine(line: TextLine): boolean {
  const values = line.fragments.map((f) => f.text.replace(/\.$/, ''));
  return values.length >= 2 && values.every((v) => /^\d{1,2}$/.test(v)) && Number(values[0]) <= 2;
}

// ---------------------------------------------------------------- internal helpers

function growBand(lines: readonly TextLine[], start: number): HeaderBand {
  const kinds = new Set<HeaderKind>();
  const cells: Fragment[] = [];
  const add = (line: TextLine): void => {
    for (const f of line.fragments) {
      for (const k of headerKindsOf(f.text)) kinds.add(k);
      cells.push(f);
    }
  };
  add(lines[start]!);
  let end = start + 1;
  let lastY = lines[start]!.y;
  for (; end < lines.length; end++) {
    const line = lines[end]!;
    const size = median(line.fragments.map((f) => f.size)) || 8;
    const gap = lastY - line.y;
    if (line.fragments.some((f) => looksLikePrice(f.text) && headerKindsOf(f.text).length === 0)) break;
    if (isColumnNumberLine(line) || line.fragments.every((f) => looksLikeRowNumber(f.text))) break;
    const hasKeyword = line.fragments.some((f) => headerKindsOf(f.text).length > 0);
    // Header cells are centred: a wrapped header line sits under the middle of the line above it,
    // while a note or a section title under the header starts at the cell's left edge or elsewhere.
    const continuing = line.fragments.filter((f) => cells.some((g) => overlap(f.x0, f.x1, g.x0, g.x1) > 0 && f.x1 - f.x0 <= 1.5 * (g.x1 - g.x0) + 10 && Math.abs(mid(f) - mid(g)) <= Math.max(8, 0.3 * Math.max(f.x1 - f.x0, g.x1 - g.x0))));
    // One fragment continuing a header cell is enough: OCR strews specks and misread words (`Цеиа`)
    // over scanned headers, and data lines were stopped above by their prices and row numbers.
    const continues = continuing.length > 0;
    if (!((hasKeyword && gap <= 3.2 * size) || (continues && gap <= 2 * size))) break;
    add(line);
    lastY = line.y;
  }
  let dataStart = end;
  while (lines[dataStart] && isColumnNumberLine(lines[dataStart]!)) dataStart++;
  return { start, end, dataStart, kinds };
}

function mid(f: Fragment): number {
  return (f.x0 + f.x1) / 2;
}
