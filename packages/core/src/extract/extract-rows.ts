/**
 * Tables → priced service rows: the step after reading, before matching.
 */
import { ExtractError } from '../errors.js';
import { distinctTexts, normalizeCellText } from './cell-text.js';
import { freeFormRows } from './free-form-lines.js';
import { freeFormSourceLines, MIN_FREE_FORM_LINES, readFreeFormPage } from './free-form-pages.js';
import { findFreeFormHeader, fitsFreeFormColumns, readFreeFormColumns, type FreeFormColumns } from './free-form-columns.js';
import { isUnpricedService, startsNextName } from './scan-row-kinds.js';
import { isColumnNumberRow, isHeaderLikeRow } from './header-row.js';
import { repairOcrPrice } from './ocr-digits.js';
import { tidyOcrRows } from './ocr-row-tidy.js';
import { codeCellText } from './code-cells.js';
import { titleRoleOf, titleTextsOf, withTitleRole } from './title-roles.js';
import { flagMissingPrices } from './missing-price-cells.js';
import { adoptUnheadedPriceColumn } from './unheaded-price-columns.js';
import { rereadReadings, rereadValue } from './column-pattern.js';
import { ratioCheckOf, rejectRatioOutliers, repairByColumnRatio } from './price-ratio.js';
import { cleanPriceText } from './price-text-cleanup.js';
import { reviewTablePrices, withFlags, type PendingCell } from './price-review.js';
import { extractIssue, placeInRussian, rowFlag, type ExtractIssue } from './review-flags.js';
import { judgePageImageRows } from './page-reread-rows.js';
import { continuesNumbering, rowNumberOf, skippedNumbers, splitNumberedName } from './row-numbers.js';
import { linkPackageRows } from './package-rows.js';
import { parsePrice, type ParsedPrice } from './parse-price.js';
import type { PriceCell, PriceColumn, PriceRole, PriceRow } from './price-row.js';
import { isNoteRow, isTotalRow, priceRoleHeadingOf, sectionTitleOf } from './section-rows.js';
import { priceRolesOf } from './price-columns.js';
import type { NameRepair, ReadResult, Table } from './table.js';
import { continueLayout, inferLayout, layoutFromHeader, type TableLayout } from './table-layout.js';
import { widthOf } from '../numbers.js';
import { detail, warningCode, warningText } from '../messages/message-catalogue.js';

/** What {@link extractPriceRows} returns. */
export interface ExtractedRows {
  readonly rows: PriceRow[];
  /** The price columns of every table that gave rows, in table order. */
  readonly columns: PriceColumn[];
  readonly warnings: string[];
  /**
   * File-level issues of scanned documents with stable codes (numbers of rows not extracted, rows kept
   * without a price), each also in `warnings` as a Russian sentence.
   */
  readonly issues: ExtractIssue[];
}

/**
 * Every priced service row of a read document. Titles, header rows (repeated ones too),
 * column-number rows, section headings, totals, notes and rows without a price are not rows;
 * headings become the `section` of the rows below them. Zero prices count as "no price"
 * (lists use 0 for withdrawn or free services).
 * PDF scans: price cells whose OCR text misread digits are repaired where the reading is certain
 * (`II 000` → 11000, with a row warning) and left out, with a warning, where it would be a guess.
 * A document whose tables give no rows but whose text lines (or one-column tables) hold at least
 * three free-form priced lines (`Прием педиатра — 8 000 тенге`) gives those lines as rows.
 * @throws ExtractError `NO_PRICE_TABLE` when there is neither a price table nor a list of priced lines.
 */
export function extractPriceRows(result: ReadResult): ExtractedRows {
  const fileName = result.fileName ?? 'the document';
  const rows: PriceRow[] = [];
  const columns: PriceColumn[] = [];
  const warnings: string[] = [...result.warnings];
  let previous: { layout: TableLayout; width: number } | null = null;
  let foundTable = false;
  const ocr = result.format === 'pdf';
  let openSection: string | null = null;
  const issues: ExtractIssue[] = [];
  const columnValues = new Map<string, number[]>();
  let lastNumber: number | null = null;
  const report = (issue: ExtractIssue): void => {
    issues.push(issue);
    warnings.push(`${fileName}, ${issue.message}`);
  };

  let freeForm: FreeFormColumns | null = null;
  for (const table of result.tables) {
    // A page of a list laid out in columns (doctors with visit prices, services with costs) is not a table;
    // a page without a header continues the list of the page before when its lines stand in the same columns.
    const listHeader = ocr && table.lineCells ? findFreeFormHeader(table.lineCells) : null;
    if (listHeader || (freeForm !== null && fitsFreeFormColumns(table, freeForm))) {
      freeForm = listHeader?.columns ?? freeForm!;
      const listed = readFreeFormColumns(table.lineCells!, freeForm, listHeader?.dataStart ?? 0, table.name);
      rows.push(...listed);
      foundTable = true;
      previous = null;
      if (listed.length > 0) warnings.push(warningText('LIST_IN_COLUMNS', { where: `${fileName}, ${placeInRussian(table.name)}`, count: listed.length }));
      const inexact = listed.filter((r) => (r.flags ?? []).some((f) => f.code === 'PRICE_RANGE' || f.code === 'PRICE_SUM')).length;
      if (inexact > 0) report(extractIssue('PRICES_NOT_EXACT', table.name, { count: inexact }));
      continue;
    }
    freeForm = null;
    const width = widthOf(table.rows);
    let layout = layoutFromHeader(table.rows);
    const ownHeader = layout !== null;
    if (!layout && previous && previous.width === width) layout = continueLayout(previous.layout);
    if (!layout) {
      layout = inferLayout(table.rows);
      if (layout) report(extractIssue('NO_HEADER_ROW', table.name, {}));
    }
    if (!layout) {
      if (ocr && readFreeFormPage(table, rows, warnings, fileName)) foundTable = true;
      continue;
    }
    if (ocr) layout = adoptUnheadedPriceColumn(table, layout, previous);
    const titleRole = titleRoleOf(titleTextsOf(table.name, table.rows.slice(0, layout.header.firstRow)));
    const titled = withTitleRole(layout.priceColumns, titleRole);
    if (titled !== layout.priceColumns) layout = { ...layout, priceColumns: titled };
    foundTable = true;
    previous = { layout, width };
    const before = rows.length;
    const unreadable: string[] = [];
    // A scanned list's pages are one table: the heading above the last rows of a page is the section of the
    // rows at the top of the next.
    const carried = ocr ? openSection : null;
    const read = extractTableRows(table, layout, rows, ocr ? unreadable : null, carried, lastNumber);
    const { skipped, section } = read;
    openSection = section;
    const recovered = ocr ? repairTableByRatio(table, layout, rows, before) : 0;
    if (ocr) {
      const ratioColumns = layout.priceColumns.map((c) => ({ header: normalizeCellText(c.header), role: c.role }));
      const tableRows = rows.slice(before);
      const reviewed = reviewTablePrices(tableRows, read.pending, columnValues, ratioCheckOf(tableRows, ratioColumns, rows.slice(0, before)));
      rows.splice(before, reviewed.rows.length, ...reviewed.rows);
      unreadable.push(...reviewed.unreadable);
      if (reviewed.withoutPrice > 0) report(extractIssue('ROWS_WITHOUT_PRICE', table.name, { count: reviewed.withoutPrice }));
      if (reviewed.rejected > 0) report(extractIssue('PRICES_REJECTED', table.name, { count: reviewed.rejected }));
      if (reviewed.reread > 0) report(extractIssue('PRICES_REREAD', table.name, { count: reviewed.reread }));
      const printedBetween = (a: number, b: number): boolean =>
        table.rows.slice(read.rowIndexes[a]! + 1, read.rowIndexes[b]).some((row) => row.some((cell) => normalizeCellText(cell) !== ''));
      const numbering = skippedNumbers(layout.numberColumn === null ? null : lastNumber, read.numbers, printedBetween);
      lastNumber = numbering.last;
      if (numbering.skipped.length > 0) report(extractIssue('ROWS_NOT_EXTRACTED', table.name, { numbers: numbering.skipped }));
      if (read.nameless.length > 0) report(extractIssue('ROWS_WITHOUT_NAME', table.name, { count: read.nameless.length, rows: read.nameless }));
    }
    if (ocr && table.nameRepairs) {
      const flagged = flagNameRepairs(rows, before, read.rowIndexes, table.nameRepairs);
      if (flagged > 0) report(extractIssue('NAMES_REPAIRED', table.name, { count: flagged }));
    }
    if (ocr && table.pageReread) {
      const judged = judgePageImageRows(rows.slice(before), rows.slice(0, before));
      replaceFrom(rows, before, judged.rows);
      if (rows.length > before) report(extractIssue('PAGE_REREAD', table.name, { count: rows.length - before }));
      if (judged.rejected > 0) report(extractIssue('PRICES_REJECTED', table.name, { count: judged.rejected }));
    }
    if (ocr) {
      const outliers = rejectTableRatioOutliers(layout, rows, before);
      if (outliers > 0) report(extractIssue('PRICES_REJECTED', table.name, { count: outliers }));
      const repaired = rows.slice(before).filter((r) => r.warnings.some(isOcrRepair) || (r.flags ?? []).some((f) => f.code === 'PRICE_REPAIRED')).length;
      if (repaired > 0) report(extractIssue('PRICES_REPAIRED', table.name, { count: repaired }));
      const { rows: checked, flagged } = flagMissingPrices(rows.slice(before));
      replaceFrom(rows, before, checked);
      if (flagged > 0) report(extractIssue('ROWS_LACK_PRICE', table.name, { count: flagged }));
    }
    // A scanned page without its own header is a table only if that reading gives more rows than reading it
    // as a free-form list (`лор  8000 тг  6000 тг`, `УЗИ почек ....... 6500`).
    if (ocr && !ownHeader) {
      const tableRows = rows.splice(before);
      if (!readFreeFormPage(table, rows, warnings, fileName, tableRows.length)) rows.push(...tableRows);
    }
    // Packages and their parts (a page read as a free-form list has no rows of the table to tell them by).
    if (!ocr || ownHeader) replaceFrom(rows, before, linkPackageRows(table, layout, rows.slice(before), { exactSums: ocr }));
    if (rows.length > before) for (const column of layout.priceColumns) columns.push(column);
    if (unreadable.length > 0) {
      const examples = [...new Set(unreadable)].slice(0, 5);
      report(extractIssue('OCR_PRICE_UNREADABLE', table.name, { count: unreadable.length, examples, recovered }));
    }
    if (skipped > 0) report(extractIssue('ROWS_WITHOUT_PRICE_SKIPPED', table.name, { count: skipped }));
  }

  // Unit words are learned over the whole document: on some pages every unit word drifted into the names.
  if (ocr) replaceFrom(rows, 0, tidyOcrRows(rows), true);
  if (rows.length === 0) {
    const listed = freeFormRows(freeFormSourceLines(result));
    if (new Set(listed.map((r) => r.source.row + '\u0000' + r.source.table)).size >= MIN_FREE_FORM_LINES) {
      const issue = extractIssue('FREE_FORM_LINES', fileName, { count: listed.length });
      issues.push(issue);
      warnings.push(issue.message);
      return { rows: listed, columns: [], warnings, issues };
    }
  }
  if (!foundTable) {
    throw new ExtractError(
      detail('NO_PRICE_TABLE_FOUND', { file: fileName }),
      { code: 'NO_PRICE_TABLE' },
    );
  }
  return { rows, columns, warnings, issues };
}

// ---------------------------------------------------------------- internal helpers

/**
 * Flags `NAME_REPAIRED` on the rows appended from `before` on whose table row (`rowIndexes`, one per appended row)
 * had its name's closing code repaired; how many.
 */
function flagNameRepairs(rows: PriceRow[], before: number, rowIndexes: readonly number[], repairs: ReadonlyMap<number, NameRepair>): number {
  let flagged = 0;
  rowIndexes.forEach((r, k) => {
    const repair = repairs.get(r);
    const row = rows[before + k];
    if (!repair || !row) return;
    rows[before + k] = withFlags(row, [rowFlag('NAME_REPAIRED', { raw: repair.raw, how: repair.how })]);
    flagged++;
  });
  return flagged;
}

/** What {@link extractTableRows} found besides the rows it appended. */
interface TableRead {
  /** Named rows without a price that were not kept. */
  readonly skipped: number;
  /** The section open at the table's end. */
  readonly section: string | null;
  /** Per appended row, its price cells that could not be read yet (scans only). */
  readonly pending: PendingCell[][];
  /** Per appended row, its number in the `№` column, if any. */
  readonly numbers: (number | null)[];
  /** Per appended row, its index in the table's rows. */
  readonly rowIndexes: number[];
  /** Rows with a price but no name (the scan lost it), as `code or №: prices`, for the file's report. */
  readonly nameless: string[];
}

/**
 * Appends the table's priced rows to `out`. `unreadable` (PDF only) marks a scan: a row that continues the
 * `№` numbering (from `lastNumber` on), has a unit, or has a price cell with digits is kept even when no
 * price could be read (the review pass flags it); `openSection` is the section the table starts in (the
 * previous page's, for scans).
 */
function extractTableRows(
  table: Table,
  layout: TableLayout,
  out: PriceRow[],
  unreadable: string[] | null,
  openSection: string | null,
  lastNumber: number | null,
): TableRead {
  let section: string | null = openSection;
  const pending: PendingCell[][] = [];
  const numbers: (number | null)[] = [];
  // The table row of each kept row, beside `numbers`.
  const rowIndexes: number[] = [];
  const nameless: string[] = [];
  let last = lastNumber;
  // The first line of a name wrapped in a vertically centred cell, read as a row of its own above the row.
  let namePrefix: string | null = null;
  // A heading naming the tariff of the block below it (`Цена для граждан стран СНГ …`), one price column only.
  let blockRole: { role: PriceRole; also_roles: readonly PriceRole[]; header: string } | null = null;
  let skipped = 0;
  const headerTexts = layout.header.texts.map(normalizeCellText);
  for (let r = layout.header.lastRow + 1; r < table.rows.length; r++) {
    const row = unreadable ? splitNumberedName(table.rows[r]!, layout.numberColumn, layout.nameColumn) : table.rows[r]!;
    if (row.every((cell) => normalizeCellText(cell) === '')) continue;
    if (isColumnNumberRow(row) || isTotalRow(row) || isNoteRow(row)) continue;
    if (isHeaderLikeRow(row) || sameTexts(row, headerTexts)) continue;
    const warnings: string[] = [];
    const unread: PendingCell[] = [];
    let prices = readPrices(table, r, layout.priceColumns, warnings, unreadable ? unread : null);
    const number = layout.numberColumn === null ? null : rowNumberOf(normalizeCellText(row[layout.numberColumn]));
    const keptUnpriced = unreadable !== null && prices.length === 0 && isUnpricedService(row, layout, unread, continuesNumbering(last, number));
    if (prices.length === 0 && !keptUnpriced) {
      const role = layout.priceColumns.length === 1 ? priceRoleHeadingOf(row) : null;
      if (role !== null) {
        const header = distinctTexts(row)[0]!;
        blockRole = { role, also_roles: priceRolesOf(header).filter((r) => r !== role), header };
        continue;
      }
      const title = sectionTitleOf(row, layout);
      if (title !== null && unreadable !== null && startsNextName(table, r, layout, title)) {
        namePrefix = title;
        continue;
      }
      if (title !== null) {
        section = title;
        // The next numbered section ends a tariff block; an unnumbered heading inside it (a wrapped name
        // taken for one) does not.
        const numbered = /^\d/.test(title) || (layout.numberColumn !== null && normalizeCellText(row[layout.numberColumn]) !== '');
        if (numbered) blockRole = null;
      } else if (normalizeCellText(row[layout.nameColumn]) !== '') skipped++;
      continue;
    }
    const block = blockRole;
    // The heading's roles replace the column's (its second role too: the block is for the heading's group only).
    if (block !== null) prices = prices.map((p) => withBlockRoles(p, block));
    const ownName = normalizeCellText(row[layout.nameColumn]);
    const name = namePrefix !== null && ownName !== '' ? `${namePrefix} ${ownName}` : ownName;
    namePrefix = null;
    if (name === '' || !/[a-zа-яё]/i.test(name)) {
      if (unreadable !== null && prices.length > 0) nameless.push(namelessLabel(row, layout, prices));
      continue;
    }
    pending.push(block === null ? unread : unread.map((c) => withBlockRoles(c, block)));
    numbers.push(number);
    rowIndexes.push(r);
    if (number !== null) last = number;
    out.push({
      section,
      // A scan's code is read through the OCR's damage; a typed one stays as written (`LA. 001.040`).
      code: unreadable !== null && layout.codeColumn !== null ? codeCellText(row[layout.codeColumn]) : optionalText(row, layout.codeColumn),
      name,
      unit: optionalText(row, layout.unitColumn),
      prices,
      source: { table: table.name, row: r + 1 },
      warnings,
    });
  }
  return { skipped, section, pending, numbers, rowIndexes, nameless };
}

/** A cell under a tariff heading: the heading's role(s) and text instead of the column's. */
function withBlockRoles<C extends { readonly role: PriceRole; readonly also_roles?: readonly PriceRole[]; readonly header: string }>(
  cell: C,
  block: { readonly role: PriceRole; readonly also_roles: readonly PriceRole[]; readonly header: string },
): C {
  const { also_roles: _columnRoles, ...rest } = cell;
  return { ...rest, role: block.role, header: block.header, ...(block.also_roles.length > 0 ? { also_roles: block.also_roles } : {}) } as C;
}

/** {@link rejectRatioOutliers} over the rows one table appended to `rows`, flagging each row; how many prices were taken out. */
function rejectTableRatioOutliers(layout: TableLayout, rows: PriceRow[], from: number): number {
  const tableRows = rows.slice(from);
  const columns = layout.priceColumns.map((c) => ({ header: normalizeCellText(c.header), role: c.role }));
  const rejected = rejectRatioOutliers(tableRows, columns);
  let count = 0;
  for (const [i, cells] of rejected) {
    count += cells.length;
    const flags = cells.map((c) => rowFlag('PRICE_IMPLAUSIBLE', { raw: c.raw, header: c.header, reason: 'не согласуется с соседней ценовой колонкой строки' }));
    if (tableRows[i]!.prices.length === 0) flags.push(rowFlag('PRICE_MISSING', {}));
    tableRows[i] = withFlags(tableRows[i]!, flags);
  }
  rows.splice(from, tableRows.length, ...tableRows);
  return count;
}

/** {@link repairByColumnRatio} over the rows one table appended to `rows` (from `from` on). */
function repairTableByRatio(table: Table, layout: TableLayout, rows: PriceRow[], from: number): number {
  const tableRows = rows.slice(from);
  const columns = layout.priceColumns.map((c) => ({ header: normalizeCellText(c.header), role: c.role, index: c.index, ...(c.also_roles ? { also_roles: c.also_roles } : {}) }));
  const repaired = repairByColumnRatio(tableRows, columns, (i, column) => normalizeCellText(table.rows[tableRows[i]!.source.row - 1]?.[column.index]));
  replaceFrom(rows, from, tableRows);
  return repaired;
}

/**
 * The prices of row `r`. `unread` marks a scan: stray marks are removed first, OCR digits repaired, and
 * cells that still look like a damaged number go to `unread` for the review pass.
 */
function readPrices(table: Table, r: number, columns: readonly PriceColumn[], warnings: string[], unread: PendingCell[] | null): PriceCell[] {
  const prices: PriceCell[] = [];
  const row = table.rows[r]!;
  for (const column of columns) {
    const raw = normalizeCellText(row[column.index]);
    const cleaned = unread ? cleanPriceText(raw) : { text: raw, doubled: false };
    let parsed = parsePrice(cleaned.text);
    if (unread && (!parsed || hasLetters(cleaned.text))) {
      const repaired = readOcrPrice(cleaned.text, parsed, warnings);
      const reread = table.rereads?.get(`${r}:${column.index}`);
      const cell = {
        role: column.role,
        header: normalizeCellText(column.header),
        raw,
        ...(reread === undefined ? {} : { reread }),
        ...(column.also_roles ? { also_roles: column.also_roles } : {}),
      };
      if (repaired) parsed = repaired;
      else if (!parsed && (looksLikeDamagedNumber(cleaned.text) || (reread !== undefined && rereadReadings(reread).some((r) => (rereadValue(r) ?? 0) >= 100)))) unread.push(cell);
    }
    if (!parsed) continue;
    if (cleaned.doubled) {
      const flag = rowFlag('PRICE_DOUBLED', { raw, header: normalizeCellText(column.header), value: parsed.value });
      warnings.push(flag.message);
    }
    // The stored number is exact where the displayed text is rounded (`2,100` shown for 2099.5).
    const stored = table.numbers?.get(`${r}:${column.index}`);
    const value = stored !== undefined && !parsed.minimum ? round2(stored) : parsed.value;
    if (!(value > 0)) continue;
    if (parsed.minimum) warnings.push(warningText('PRICE_LOWER_BOUND', { raw }));
    prices.push({ role: column.role, value, raw, header: normalizeCellText(column.header), ...(column.also_roles ? { also_roles: column.also_roles } : {}) });
  }
  return prices;
}

/**
 * An OCR-damaged price cell read with {@link repairOcrPrice}; `parsed` (the plain reading) when there
 * is nothing to repair or the repair is not certain.
 */
function readOcrPrice(raw: string, parsed: ParsedPrice | null, warnings: string[]): ParsedPrice | null {
  const repaired = repairOcrPrice(raw);
  if (repaired && repaired.note !== '') {
    warnings.push(warningText('PRICE_OCR_REPAIRED', { raw, value: repaired.value }));
    return { value: repaired.value, minimum: false };
  }
  return parsed;
}

/** Letters other than a currency word and a leading «от»: the plain reading may hide a misread digit. */
function hasLetters(raw: string): boolean {
  const rest = raw.toLowerCase().replace(/^от\s*/, '').replace(/(₸|kzt|тенге|тңг|тнг|тг\.?|т\.)\s*$/, '');
  return /[a-zа-яё]/.test(rest);
}

/** Digits with a few misread characters (`147 00`, `96С`, `S 600`), not a word like «договорная». */
function looksLikeDamagedNumber(raw: string): boolean {
  return /\d/.test(raw) && raw.length <= 16 && raw.replace(/[\d\s]/g, '').length <= 3;
}

/** A row without a name, for a person to find it on the page: its № or code and its prices (`№ 231, 13 000 / 9 750`). */
function namelessLabel(row: readonly string[], layout: TableLayout, prices: readonly PriceCell[]): string {
  const id = optionalText(row, layout.numberColumn) ?? optionalText(row, layout.codeColumn);
  const values = prices.map((p) => p.value.toLocaleString('ru-RU')).join(' / ');
  return id === null ? values : `${layout.numberColumn !== null && optionalText(row, layout.numberColumn) !== null ? '№ ' : 'код '}${id}: ${values}`;
}

function optionalText(row: readonly string[], column: number | null): string | null {
  if (column === null) return null;
  const text = normalizeCellText(row[column]);
  return text === '' ? null : text;
}

function sameTexts(row: readonly string[], header: readonly string[]): boolean {
  const texts = row.map(normalizeCellText);
  return texts.some((t) => t !== '') && texts.every((t, i) => t === '' || t === header[i]);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * `rows.splice(from, items.length, ...items)` (or, with `truncate`, `rows.splice(from, Infinity, ...items)`)
 * without spreading a per-row list into call arguments.
 */
function replaceFrom<T>(rows: T[], from: number, items: readonly T[], truncate = false): void {
  if (truncate) rows.length = from;
  for (let i = 0; i < items.length; i++) rows[from + i] = items[i]!;
}

/** A row warning of a price the OCR repair read (its digits or the ratio of the list's price columns). */
function isOcrRepair(warning: string): boolean {
  const code = warningCode(warning);
  return code === 'PRICE_OCR_REPAIRED' || code === 'PRICE_RATIO_REPAIRED';
}
