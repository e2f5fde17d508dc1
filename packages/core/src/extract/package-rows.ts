/**
 * Packages in a price table: a priced row whose parts are listed right below it as priced rows of their own
 * (a check-up and its consultations and tests, an IVF cycle and its procedures). The parts are not offers of
 * their own: a delivery part at 2 210 must not be compared beside the package at 71 910.
 *
 * Found from the table's structure, never from words:
 * - the package row and its parts differ in how they are identified: the package is numbered (`№`) and the
 *   parts are not, or the parts carry the clinic's code and the package does not;
 * - the parts' prices (times the quantity column, where there is one) add up to the package's price; the
 *   parts end at the row where the sum reaches it, so services listed after the last package of a section
 *   stay services. A part may be a package of its own (a year's programme and its months, each with its
 *   visits): its parts then count through it.
 * - unnumbered rows under a numbered one are not items of the list: every such row up to the next numbered
 *   row or heading is a part, also where the sum differs a
 *   little (a part for women only), but no part may cost as much as the package.
 */
import { normalizeCellText, toKeyText } from './cell-text.js';
import { QUANTITY_HEADER } from './header-keywords.js';
import type { PriceRow } from './price-row.js';
import type { Table } from './table.js';
import type { TableLayout } from './table-layout.js';

/** Fewest parts a package lists (one part at the package's own price is a repeated row, not a package). */
const MIN_PARTS = 2;
/** Fewest parts of a package found only beside other packages (see linkSiblingPackages). */
const MIN_SIBLING_PARTS = 3;
/** The parts' sum may differ from the package's price by this share (rounding of prices without VAT). */
const SUM_TOLERANCE = 0.005;
/** Where the sum differs, the parts closed off by the structure still make a package within these ratios. */
const CLOSED_RATIO = { min: 0.5, max: 2 } as const;
/** A quantity above this is not a count of visits or days (a misread column). */
const MAX_QUANTITY = 100;

export interface PackageOptions {
  /**
   * Parts must add up to the package's price (scans: a code or number the OCR lost makes a row look like a
   * part, so a sum that only comes close is no evidence).
   */
  readonly exactSums?: boolean;
}

/**
 * The rows of one table with their packages marked: the package row gets `kind: 'package'`, each part
 * `kind: 'component'` and `partOf` (the source of the row it belongs to). Other rows are returned as they were.
 */
export function linkPackageRows(table: Table, layout: TableLayout, rows: readonly PriceRow[], options: PackageOptions = {}): PriceRow[] {
  if (rows.length < MIN_PARTS + 1) return [...rows];
  const facts = rows.map((row) => factsOf(table, layout, row));
  const links: Links = new Map();
  let i = 0;
  while (i < rows.length) {
    const found = partsAfter(facts, i, options.exactSums === true);
    if (found === null) {
      i++;
      continue;
    }
    links.set(i, { kind: 'package', parent: null });
    for (const [child, parent] of found.parents) links.set(child, { kind: 'component', parent });
    i = found.end;
  }
  if (links.size === 0) return [...rows];
  linkSiblingPackages(facts, links);
  return rows.map((row, index) => {
    const link = links.get(index);
    if (!link) return row;
    if (link.kind === 'package') return { ...row, kind: 'package' };
    return { ...row, kind: 'component', partOf: rows[link.parent!]!.source };
  });
}

// ---- internal helpers ----

type Links = Map<number, { kind: 'package' | 'component'; parent: number | null }>;

/**
 * A package identified as the parts of the packages beside it (a coded examination among uncoded ones, its
 * coded parts below it): in a section that has packages, a row identified as their parts are, followed by at
 * least {@link MIN_SIBLING_PARTS} such rows that add up exactly to its price, is a package too.
 */
function linkSiblingPackages(facts: readonly RowFacts[], links: Links): void {
  const partIdentities = new Map<string | null, Set<string>>();
  for (const [index, link] of links) {
    if (link.kind !== 'component') continue;
    const fact = facts[index]!;
    let identities = partIdentities.get(fact.section);
    if (!identities) partIdentities.set(fact.section, (identities = new Set()));
    identities.add(fact.identity);
  }
  let i = 0;
  while (i < facts.length) {
    const head = facts[i]!;
    const identities = partIdentities.get(head.section);
    if (links.has(i) || !identities?.has(head.identity) || head.price === null || head.price <= 0) {
      i++;
      continue;
    }
    let to = i + 1;
    while (to < facts.length && !links.has(to) && facts[to]!.section === head.section && facts[to]!.identity === head.identity) to++;
    const end = longestPrefixReaching(facts, i + 1, to, head.price);
    if (end === null || end - (i + 1) < MIN_SIBLING_PARTS) {
      i++;
      continue;
    }
    links.set(i, { kind: 'package', parent: null });
    for (let j = i + 1; j < end; j++) links.set(j, { kind: 'component', parent: i });
    i = end;
  }
}

interface RowFacts {
  /** How the row is identified: `n` numbered, `c` coded. */
  readonly identity: string;
  /** It has a number in the table's `№` column. */
  readonly numbered: boolean;
  readonly section: string | null;
  /** The comparison price (resident, else the first) times the quantity; null without a price. */
  readonly amount: number | null;
  /** The row's own price (the package's total). */
  readonly price: number | null;
}

function factsOf(table: Table, layout: TableLayout, row: PriceRow): RowFacts {
  const cells = table.rows[row.source.row - 1] ?? [];
  const numbered = layout.numberColumn !== null && normalizeCellText(cells[layout.numberColumn]) !== '';
  const price = (row.prices.find((p) => p.role === 'resident') ?? row.prices[0])?.value ?? null;
  const column = quantityColumn(layout);
  const quantity = column === null ? 1 : quantityOf(normalizeCellText(cells[column]));
  return {
    identity: `${numbered ? 'n' : ''}${row.code !== null ? 'c' : ''}`,
    numbered,
    section: row.section,
    amount: price === null ? null : price * quantity,
    price,
  };
}

const quantityColumns = new WeakMap<TableLayout, number | null>();

/** The `Кол-во` column of the header, if any. */
function quantityColumn(layout: TableLayout): number | null {
  if (!quantityColumns.has(layout)) {
    const index = layout.header.texts.findIndex((text) => QUANTITY_HEADER.test(toKeyText(text)));
    quantityColumns.set(layout, index >= 0 ? index : null);
  }
  return quantityColumns.get(layout)!;
}

function quantityOf(text: string): number {
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) && value > 0 && value <= MAX_QUANTITY ? value : 1;
}

/**
 * The parts of the package at `at`, each with the index of the row it belongs to (the package, or a part
 * that is a package of its own), and the index after the last part; null when the row is no package.
 */
function partsAfter(facts: readonly RowFacts[], at: number, exactOnly: boolean): { parents: Map<number, number>; end: number } | null {
  const head = facts[at]!;
  const first = facts[at + 1];
  if (head.price === null || head.price <= 0 || !first || first.identity === head.identity || first.section !== head.section) return null;
  // The run: rows identified as the first part is, in the package's section.
  let runEnd = at + 1;
  while (runEnd < facts.length && facts[runEnd]!.identity === first.identity && facts[runEnd]!.section === head.section) runEnd++;
  const run = { from: at + 1, to: runEnd };

  const after = facts[runEnd];
  const closed = !after || after.identity === head.identity || after.section !== head.section;
  if (head.numbered && !first.numbered && closed) {
    // Unnumbered rows under a numbered one are not items of the list: the whole run is parts.
    if (run.to - run.from < MIN_PARTS) return null;
    // A part priced at the whole package or more is no part of it.
    for (let i = run.from; i < run.to; i++) if ((facts[i]!.amount ?? 0) >= head.price) return null;
    const nested = nestedParts(facts, run.from, run.to, head.price, at);
    if (nested !== null && nested.end === run.to) return nested;
    const total = sumOf(facts, run.from, run.to);
    if (exactOnly && !reaches(total, head.price)) return null;
    if (total < head.price * CLOSED_RATIO.min || total > head.price * CLOSED_RATIO.max) return null;
    return { parents: parentsOf(run.from, run.to, at), end: run.to };
  }
  // Parts that look like the usual rows end where their sum reaches the package's price.
  const flat = longestPrefixReaching(facts, run.from, run.to, head.price);
  if (flat !== null && flat - run.from >= MIN_PARTS) return { parents: parentsOf(run.from, flat, at), end: flat };
  return nestedParts(facts, run.from, run.to, head.price, at);
}

function parentsOf(from: number, to: number, parent: number): Map<number, number> {
  const parents = new Map<number, number>();
  for (let i = from; i < to; i++) parents.set(i, parent);
  return parents;
}

/** The end of the longest stretch from `from` whose amounts add up to `target`, or null. */
function longestPrefixReaching(facts: readonly RowFacts[], from: number, to: number, target: number): number | null {
  let sum = 0;
  let end: number | null = null;
  for (let i = from; i < to; i++) {
    const amount = facts[i]!.amount;
    if (amount === null) break;
    sum += amount;
    if (reaches(sum, target)) end = i + 1;
    else if (sum > target * (1 + SUM_TOLERANCE)) break;
  }
  return end;
}

/**
 * Parts of which some are packages of their own: a part followed by rows adding up to its price takes them
 * as its parts; the package's sum counts that part once. Only when the sum then reaches the package's price.
 */
function nestedParts(
  facts: readonly RowFacts[],
  from: number,
  to: number,
  target: number,
  head: number,
): { parents: Map<number, number>; end: number } | null {
  const parents = new Map<number, number>();
  let sum = 0;
  let nestedFound = false;
  let direct = 0;
  let i = from;
  while (i < to) {
    const part = facts[i]!;
    if (part.amount === null) return null;
    parents.set(i, head);
    sum += part.amount;
    const inner = part.price === null ? null : shortestPrefixReaching(facts, i + 1, to, part.price);
    if (inner !== null) {
      for (let j = i + 1; j < inner; j++) parents.set(j, i);
      nestedFound = true;
      i = inner;
    } else i++;
    direct++;
    if (reaches(sum, target)) return nestedFound && direct >= MIN_PARTS ? { parents, end: i } : null;
    if (sum > target * (1 + SUM_TOLERANCE)) return null;
  }
  return null;
}

/** The end of the shortest stretch from `from` whose amounts add up to `target`, or null. */
function shortestPrefixReaching(facts: readonly RowFacts[], from: number, to: number, target: number): number | null {
  let sum = 0;
  for (let i = from; i < to; i++) {
    const amount = facts[i]!.amount;
    if (amount === null) return null;
    sum += amount;
    if (reaches(sum, target)) return i + 1;
    if (sum > target * (1 + SUM_TOLERANCE)) return null;
  }
  return null;
}

function sumOf(facts: readonly RowFacts[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += facts[i]!.amount ?? 0;
  return sum;
}

function reaches(sum: number, target: number): boolean {
  return Math.abs(sum - target) <= Math.max(1, target * SUM_TOLERANCE);
}
