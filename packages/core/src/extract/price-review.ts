/**
 * The review pass over one scanned table's rows, after they were read: damaged price cells are read from
 * their column's pattern where it makes the reading certain, values that do not fit their column are taken
 * out of the price, and every row left without a price is flagged. Rows are never dropped here.
 */
import { columnPatternOf, implausibleFor, repairFromPattern, rereadMisfit, rereadReadings, rereadValue, type ColumnPattern } from './column-pattern.js';
import type { RatioCheck } from './price-ratio.js';
import type { PriceCell, PriceRole, PriceRow } from './price-row.js';
import { rowFlag, type RowFlag } from './review-flags.js';

/** Values a column needs to have a pattern of its own. */
const OWN_PATTERN_VALUES = 30;

/** A price cell of a row whose text could not be read as a price. */
export interface PendingCell {
  readonly role: PriceRole;
  /** More roles the same column carries («… ближнего и дальнего зарубежья»), kept on the price read later. */
  readonly also_roles?: readonly PriceRole[];
  readonly header: string;
  readonly raw: string;
  /** The cell's digits read again from the page image, when the reader did (scans with OCR installed). */
  readonly reread?: string;
}

/** What {@link reviewTablePrices} did. */
export interface PriceReview {
  readonly rows: PriceRow[];
  /** Cells left unread. */
  readonly unreadable: string[];
  /** Rows left without any price. */
  readonly withoutPrice: number;
  /** Prices taken out because they did not fit their column. */
  readonly rejected: number;
  /** Prices read again from the page image and kept. */
  readonly reread: number;
}

/**
 * The key of a price column across the pages of a document: its role. Headers are no key: a scan cuts or
 * misreads them differently on each page (`Цена для лиц без гражда!`).
 */
export function columnKey(cell: { readonly role: PriceRole }): string {
  return cell.role;
}

/**
 * Reviews the rows of one table. `pending[i]` holds row i's unread price cells; `seen` the values of each
 * column (by {@link columnKey}) on the document's earlier tables, to which this table's values are added.
 */
export function reviewTablePrices(
  rows: readonly PriceRow[],
  pending: readonly (readonly PendingCell[])[],
  seen: Map<string, number[]>,
  ratio: RatioCheck = () => null,
): PriceReview {
  for (const row of rows) for (const p of row.prices) push(seen, columnKey(p), p.value);
  const patterns = new Map<string, ColumnPattern | null>();
  // A column with few values of its own (a role whose header the scan damaged on this page, so that only
  // this page's cells carry it) takes the pattern of all the document's prices.
  const patternOf = (key: string): ColumnPattern | null => {
    if (!patterns.has(key)) {
      const own = seen.get(key) ?? [];
      patterns.set(key, columnPatternOf(own.length >= OWN_PATTERN_VALUES ? own : [...seen.values()].flat()));
    }
    return patterns.get(key)!;
  };
  const unreadable: string[] = [];
  let withoutPrice = 0;
  let rejected = 0;
  let reread = 0;
  const out = rows.map((row, i) => {
    const flags: RowFlag[] = [];
    const prices: PriceCell[] = [];
    for (const price of row.prices) {
      const reason = implausibleFor(price.value, patternOf(columnKey(price)));
      if (reason === null) prices.push(price);
      else {
        rejected++;
        flags.push(rowFlag('PRICE_IMPLAUSIBLE', { raw: price.raw, header: price.header, reason }));
      }
    }
    // A cell read two ways (`12840 / 12540`) is judged after the row's other cells, so that their values, read from
    // the image too, can decide between its readings by the page's ratio between price columns.
    const cells = pending[i] ?? [];
    const twoWays = (cell: PendingCell): number => Number(cell.reread !== undefined && rereadReadings(cell.reread).length > 1);
    const added = new Map<number, PriceCell>();
    for (const k of [...cells.keys()].sort((a, b) => twoWays(cells[a]!) - twoWays(cells[b]!) || a - b)) {
      const cell = cells[k]!;
      const known = [...prices, ...added.values()];
      // Already read from the ratio between the list's price columns.
      if (known.some((p) => p.role === cell.role && p.header === cell.header)) continue;
      const pattern = patternOf(columnKey(cell));
      const repair = repairFromPattern(cell.raw, pattern);
      const fromImage = repair || cell.reread === undefined ? null : judgeReread(cell.reread, cell.raw, pattern, (value) => ratio(i, cell, value, known));
      if (repair) {
        added.set(k, { role: cell.role, value: repair.value, raw: cell.raw, header: cell.header, ...alsoRolesOf(cell) });
        flags.push(rowFlag('PRICE_REPAIRED', { raw: cell.raw, header: cell.header, value: repair.value, reason: repair.reason }));
      } else if (fromImage && 'value' in fromImage) {
        reread++;
        added.set(k, { role: cell.role, value: fromImage.value, raw: cell.raw === '' ? (rereadReadings(cell.reread!).find((r) => rereadValue(r) === fromImage.value) ?? cell.reread!) : cell.raw, header: cell.header, ...alsoRolesOf(cell) });
        flags.push(rowFlag('PRICE_REREAD_OCR', { raw: cell.raw, reread: cell.reread!, header: cell.header, value: fromImage.value }));
      } else if (cell.raw === '') {
        if (fromImage) flags.push(rowFlag('PRICE_REREAD_REJECTED', { reread: cell.reread!, header: cell.header, reason: fromImage.reason }));
      } else {
        if (fromImage) flags.push(rowFlag('PRICE_REREAD_REJECTED', { reread: cell.reread!, header: cell.header, reason: fromImage.reason }));
        unreadable.push(cell.raw);
        flags.push(rowFlag('PRICE_UNREADABLE', { raw: cell.raw, header: cell.header }));
      }
    }
    // The added prices in the columns' order.
    for (const k of [...added.keys()].sort((a, b) => a - b)) prices.push(added.get(k)!);
    if (prices.length === 0) {
      withoutPrice++;
      if (flags.length === 0) flags.push(rowFlag('PRICE_MISSING', {}));
    }
    return withFlags({ ...row, prices }, flags);
  });
  return { rows: out, unreadable, withoutPrice, rejected, reread };
}

/** A row with flags added to its `flags` and, as Russian sentences, to its `warnings`. */
export function withFlags(row: PriceRow, flags: readonly RowFlag[]): PriceRow {
  if (flags.length === 0) return row;
  return { ...row, flags: [...(row.flags ?? []), ...flags], warnings: [...row.warnings, ...flags.map((f) => f.message)] };
}

// ---------------------------------------------------------------- internal helpers

/**
 * A cell's digits read from the page image, judged: its one reading ({@link judgeReading}), or, where the cell was
 * read two ways that read different numbers (`5160 / 3160`), the one value the judging keeps; none where both or
 * neither are kept.
 */
function judgeReread(text: string, raw: string, pattern: ColumnPattern | null, ratio: (value: number) => boolean | null): { value: number } | { reason: string } {
  const judged = rereadReadings(text).map((reading) => judgeReading(reading, raw, pattern, ratio));
  const kept = [...new Set(judged.flatMap((j) => ('value' in j ? [j.value] : [])))];
  if (kept.length === 1) return { value: kept[0]! };
  if (kept.length > 1) return { reason: `прочитано по-разному: ${kept.join(', ')}` };
  return judged[0]!;
}

/**
 * One reading of a cell's digits from the page image, judged: the value when it fits the column's scale and keeps the
 * page's ratio between price columns (a column without a pattern needs the ratio's word for it), else why not.
 */
function judgeReading(text: string, raw: string, pattern: ColumnPattern | null, ratio: (value: number) => boolean | null): { value: number } | { reason: string } {
  const value = rereadValue(text);
  if (value === null) return { reason: 'не число' };
  // The digits the text layer did read (`V-400`, `/Я 700`) must end the image's reading.
  const tail = /(\d[\d\s]*\d)\D*$/.exec(raw)?.[1]?.replace(/\s/g, '');
  if (tail && !String(value).endsWith(tail)) return { reason: `не совпадает с цифрами текстового слоя «${raw}»` };
  // A layer's `IX 200` is a number of five digits whose first two it misread: `1200` is not its reading.
  const groups = /^(\S{1,3}) (\d{3})$/.exec(raw.trim());
  if (groups && String(value).length !== groups[1]!.length + 3) return { reason: `не совпадает с числом знаков текстового слоя «${raw}»` };
  const keeps = ratio(value);
  if (keeps === false) return { reason: 'не согласуется с соседней ценовой колонкой строки' };
  const misfit = rereadMisfit(value, pattern);
  if (misfit !== null && !(keeps === true && pattern === null)) return { reason: misfit };
  return { value };
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The cell's other roles, as a price keeps them (nothing when it has none). */
function alsoRolesOf(cell: PendingCell): Pick<PendingCell, 'also_roles'> {
  return cell.also_roles ? { also_roles: cell.also_roles } : {};
}
