/**
 * Price cells a scan's OCR text layer left empty or unreadable, read again from the page image with a
 * digits-only OCR. The cell's box comes from the text geometry: the row's band (its anchors' height,
 * halfway to the rows above and below at most) × the price column's band (from the column on its left to
 * the one on its right), in the page turned straight, with the page's tilt: the reader cuts the cell out
 * along the tilt and as the upright box around it, and keeps a number only where the two do not disagree
 * (`ocr/cell-digits.ts`). The readings are only candidates: extraction
 * takes one where its own reading fails and the value fits the column (see `price-review.ts`).
 */
import { parsePrice } from '../parse-price.js';
import { cleanPriceText } from '../price-text-cleanup.js';
import { repairOcrPrice } from '../ocr-digits.js';
import type { CellBox, PageOcr } from '../table.js';
import type { PageTable } from './page-table.js';
import { warningText } from '../../messages/message-catalogue.js';

/** Bounds of the re-read over one file. */
export interface RereadLimits {
  /** Cells read at most per file. */
  readonly maxCells: number;
  /** Time for all pages of the file, in ms; pages not started by then are not re-read. */
  readonly budgetMs: number;
}

/** Default bounds: a list with a lost price column on a few pages fits; a whole unreadable scan is cut short. */
export const DEFAULT_REREAD_LIMITS: RereadLimits = { maxCells: 400, budgetMs: 90_000 };

/** Pages re-read at once. */
const PARALLEL_PAGES = 2;

/** A cell to re-read: row and column of its page table, and its box on the page. */
export interface RereadCell {
  readonly row: number;
  readonly column: number;
  readonly box: CellBox;
}

/**
 * The price cells of `table` worth re-reading: on rows with a name, each price cell that is empty or does
 * not read as a price. `pageWidth` bounds the last column. Tables of two pages (a wide sheet's halves) give none.
 */
export function cellsToReread(table: PageTable, pageWidth: number): RereadCell[] {
  if (table.pages.length !== 1 || table.prices.length === 0 || table.name < 0) return [];
  const angle = (table.skewDegrees * Math.PI) / 180;
  const size = table.textSize;
  const centres = table.rows.map((r) => r.y + 0.35 * size);
  const out: RereadCell[] = [];
  table.rows.forEach((row, i) => {
    if (row.kind !== 'row' || !/[a-zа-яё]/i.test(row.cells[table.name] ?? '')) return;
    const c = centres[i]!;
    // Rows run top to bottom: the one before is higher on the page. Cells end halfway to the neighbours'
    // text, clear of the rule between them.
    // A heading between rows is centred on the table, clear of the price columns: the next row is the neighbour.
    const near = (from: number, step: number): number | undefined => {
      for (let k = from; k >= 0 && k < centres.length; k += step) if (table.rows[k]!.kind === 'row') return centres[k];
      return undefined;
    };
    const above = near(i - 1, -1) ?? Infinity;
    const below = near(i + 1, 1) ?? -Infinity;
    const top = Math.min(c + 0.9 * size, c + 0.45 * (above - c));
    const bottom = Math.max(c - 0.9 * size, c - 0.45 * (c - below));
    for (const p of table.prices) {
      if (!unread(row.cells[p] ?? '')) continue;
      const left = p > 0 ? table.columns[p - 1]!.x1 + 1 : table.columns[p]!.x0 - size;
      const right = p + 1 < table.columns.length ? table.columns[p + 1]!.x0 - 1 : pageWidth;
      if (right - left < size) continue;
      out.push({ row: i, column: p, box: { x0: left, x1: right, y0: bottom, y1: top, ...(angle === 0 ? {} : { tilt: angle }) } });
    }
  });
  return out;
}

/**
 * Re-reads the cells of {@link cellsToReread} page by page with `ocr.readDigits`, within `limits`; returns
 * the tables with each read row's `rereads` set, and how many cells were read. A page whose reading fails
 * or runs late is left as it was, with a warning.
 */
export async function rereadPriceCells(
  tables: readonly PageTable[],
  pdf: Uint8Array,
  pageWidths: ReadonlyMap<number, number>,
  ocr: PageOcr,
  limits: RereadLimits,
  warnings: string[],
  fileName: string,
): Promise<{ tables: PageTable[]; cells: number }> {
  const readDigits = ocr.readDigits?.bind(ocr);
  if (!readDigits) return { tables: [...tables], cells: 0 };
  const deadline = Date.now() + limits.budgetMs;
  let left = limits.maxCells;
  let cells = 0;
  let skippedPages = 0;
  const out: PageTable[] = [...tables];
  const jobs: { index: number; page: number; wanted: RereadCell[] }[] = [];
  tables.forEach((table, index) => {
    const page = table.pages[0]!;
    const wanted = cellsToReread(table, pageWidths.get(page) ?? Infinity);
    if (wanted.length === 0) return;
    if (left < wanted.length) {
      skippedPages++;
      return;
    }
    left -= wanted.length;
    jobs.push({ index, page, wanted });
  });
  const run = async (job: (typeof jobs)[number]): Promise<void> => {
    if (Date.now() >= deadline) {
      skippedPages++;
      return;
    }
    const { index, page, wanted } = job;
    try {
      const texts = await readDigits(pdf, page, wanted.map((w) => w.box));
      cells += wanted.length;
      const byRow = new Map<number, Map<number, string>>();
      wanted.forEach((w, k) => {
        const text = (texts[k] ?? '').trim();
        if (text === '') return;
        const row = byRow.get(w.row) ?? new Map<number, string>();
        row.set(w.column, text);
        byRow.set(w.row, row);
      });
      const table = out[index]!;
      out[index] = { ...table, rows: table.rows.map((r, i) => (byRow.has(i) ? { ...r, rereads: byRow.get(i)! } : r)) };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      warnings.push(warningText('PRICES_NOT_REREAD', { file: fileName, page, ocr: ocr.name, detail }));
    }
  };
  // Pages two at a time: each run is one pdftoppm and one single-threaded tesseract.
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) await run(jobs[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, jobs.length) }, worker));
  if (skippedPages > 0) {
    warnings.push(warningText('REREAD_LIMITED', { file: fileName, pages: skippedPages, cells: limits.maxCells, seconds: Math.round(limits.budgetMs / 1000) }));
  }
  return { tables: out, cells };
}

// ---------------------------------------------------------------- internal helpers

/**
 * Empty, or text that does not read as a price even with the OCR digit repair (a stray mark, a garbled
 * number). Not words (`договорная`), and not a number whose last digit the scan's edge cut (`147 00`): the
 * page image lacks that digit too, and the column's pattern reads such a cell.
 */
function unread(text: string): boolean {
  const t = cleanPriceText(text.trim()).text;
  if (t === '') return true;
  if (/[a-zа-яё]{3}/i.test(t) || /^\d{1,3}(?: \d{3})* \d{2}$/.test(t)) return false;
  const parsed = parsePrice(t);
  return (parsed === null || !(parsed.value > 0)) && repairOcrPrice(t) === null;
}
