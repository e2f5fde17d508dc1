/**
 * Free-form lists laid out in columns, as a scan's page of lines: a doctor or specialty with first- and
 * repeat-visit prices on the left, services with their price on the right (`ФИО врача / специальность | перв.
 * прием | повт. прием | стоимость | название обследований и лечения`). Such a page is not a table: a line holds
 * two services, a service may be a parent line whose indented children are priced (`Смазывание слизистой` /
 * `носа` / `горла`), and a cost may be a range, a lower bound, a sum or labelled prices. The page's columns come
 * from its header line; a page without a header continues the columns of the page before.
 *
 * Decisions:
 * - A visit pair gives two rows, `<specialty>, первичный прием` and `<specialty>, повторный прием`.
 * - A range (`7000-20000 тг`) keeps its lower bound, flagged `PRICE_RANGE`; `от 5000 тг` is a lower bound, as in
 *   tables; a sum (`1300+700`) is the total, flagged `PRICE_SUM`; labelled prices (`Муж-7300 тг Жен-9000тг`)
 *   give one row per label (`Медосмотр (муж)`).
 * - A service line without a price followed by indented priced lines is their parent: each child is named
 *   `<parent> <child>`. Any other line without a price is a remark: it stays an annotation of the service above
 *   (`remarks`), unless it carries a price with a currency word, which makes it a row of its own.
 */
import { warningText } from '../messages/message-catalogue.js';
import { normalizeCellText, toKeyText } from './cell-text.js';
import { parsePrice } from './parse-price.js';
import type { PriceCell, PriceRow } from './price-row.js';
import { rowFlag, type RowFlag } from './review-flags.js';
import type { LineCell, Table } from './table.js';

/** The parts of a free-form line, left to right. */
export type FreeFormPart = 'doctor' | 'first' | 'repeat' | 'cost' | 'service';

/** Where each part's column starts on the page (pt) and its header text. */
export interface FreeFormColumns {
  readonly starts: ReadonlyMap<FreeFormPart, { readonly x0: number; readonly header: string }>;
}

const PART_WORDS: readonly (readonly [FreeFormPart, RegExp])[] = [
  ['first', /^перв/],
  ['repeat', /^повт/],
  ['doctor', /^(фио|врач|специальн|специалист)/],
  ['cost', /^(стоимост|цена)/],
  ['service', /^(назван|обследован|услуг|процедур|лечени)/],
];

const NUMBER = String.raw`\d{1,3}(?:[ \u00A0]\d{3})+|\d+`;
const CURRENCY = String.raw`(?:тенге|тг|тңг|₸|kzt)\.?`;
const PRICE_WORD = new RegExp(String.raw`(${NUMBER})\s*${CURRENCY}`, 'iu');

/**
 * The columns named by a header among a page's first lines, with the index of the first line below the header;
 * `null` when no line names both a visit pair (`перв.` and `повт.`) and a service or cost column.
 */
export function findFreeFormHeader(lines: readonly (readonly LineCell[])[]): { columns: FreeFormColumns; dataStart: number } | null {
  for (let i = 0; i < Math.min(lines.length, 8); i++) {
    // A header wrapped on two or three lines: its pieces stand in the same columns.
    // Header lines hold words only: a data line (`Прием терапевта первичный  9 000`) names no column.
    let length = 0;
    while (length < 3 && i + length < lines.length && isWordsOnly(lines[i + length]!)) length++;
    const band = lines.slice(i, i + length);
    const starts = new Map<FreeFormPart, { x0: number; header: string }>();
    band.forEach((line, k) => {
      for (const cell of line) {
        const key = toKeyText(cell.text);
        const part = PART_WORDS.find(([, re]) => key.split(/[\s/]+/).some((w) => re.test(w)))?.[0];
        if (!part || (k > 0 && starts.has(part))) continue;
        if (!starts.has(part)) starts.set(part, { x0: cell.x0, header: cell.text });
      }
    });
    if (!(starts.has('first') && starts.has('repeat') && (starts.has('cost') || starts.has('service')))) continue;
    const end = i + band.length;
    const headers = new Map([...starts].map(([part, s]) => [part, { x0: s.x0, header: headerText(lines.slice(i, end), s.x0, starts) }]));
    return { columns: { starts: headers }, dataStart: end };
  }
  return null;
}

/**
 * The rows of a page read with free-form `columns`, from line `from` on. `tableName` is the page (`page 2`).
 */
export function readFreeFormColumns(lines: readonly (readonly LineCell[])[], columns: FreeFormColumns, from: number, tableName: string): PriceRow[] {
  const rows: PriceRow[] = [];
  let parent: { name: string; x0: number } | null = null;
  let lastService: number | null = null;
  for (let i = from; i < lines.length; i++) {
    const parts = splitLine(lines[i]!, columns);
    const source = { table: tableName, row: i + 1 };
    const doctor = parts.get('doctor');
    if (doctor) {
      for (const [part, visit] of [['first', 'первичный прием'], ['repeat', 'повторный прием']] as const) {
        const text = parts.get(part)?.text;
        const read = text ? readCost(text) : [];
        if (read.length === 0) continue;
        rows.push(row(`${doctor.text}, ${visit}`, read[0]!, header(columns, part), source));
      }
    }
    const service = parts.get('service');
    const cost = parts.get('cost')?.text;
    const read = cost ? readCost(cost) : [];
    if (!service) continue;
    if (read.length > 0) {
      const child = parent !== null && service.x0 > parent.x0 + 2;
      if (!child) parent = null;
      const name = child ? `${parent!.name} ${service.text}` : service.text;
      for (const price of read) rows.push(row(price.label ? `${name} (${price.label})` : name, price, header(columns, 'cost'), source));
      lastService = rows.length - 1;
      continue;
    }
    // No price: a parent when the next line is an indented priced service, else a remark.
    const next = i + 1 < lines.length ? splitLine(lines[i + 1]!, columns) : null;
    const nextService = next?.get('service');
    const nextCost = next?.get('cost')?.text;
    if (nextService && nextCost && readCost(nextCost).length > 0 && nextService.x0 > service.x0 + 2) {
      parent = { name: service.text, x0: service.x0 };
      continue;
    }
    const priced = PRICE_WORD.exec(service.text);
    if (priced) {
      const name = service.text.replace(PRICE_WORD, '').replace(/^[\s(]+|[\s,;.)]+$/g, '').trim();
      const value = parsePrice(priced[1])?.value;
      if (value && /[a-zа-яё]{3}/i.test(name)) {
        rows.push(row(name, { value, raw: priced[0]!, flag: null, label: null }, '', source));
        lastService = rows.length - 1;
        continue;
      }
    }
    if (lastService !== null) {
      const target = rows[lastService]!;
      rows[lastService] = { ...target, remarks: [...(target.remarks ?? []), service.text.replace(/^\(|\)$/g, '')] };
    }
  }
  return rows;
}

/** True when `table`'s lines fit `columns`: most of its priced lines have a piece starting at one of the columns. */
export function fitsFreeFormColumns(table: Table, columns: FreeFormColumns): boolean {
  const lines = table.lineCells ?? [];
  const priced = lines.filter((l) => l.some((c) => PRICE_WORD.test(c.text)));
  if (priced.length < 3) return false;
  const starts = [...columns.starts.values()].map((s) => s.x0);
  const aligned = priced.filter((l) => l.every((c) => starts.some((x) => Math.abs(c.x0 - x) <= 20)));
  return aligned.length >= 0.7 * priced.length;
}

// ---------------------------------------------------------------- internal helpers

/** A cost read from its cell: the value, how it was written, and its label for labelled prices. */
interface Cost {
  readonly value: number;
  readonly raw: string;
  readonly label: string | null;
  /** The review flag of a range or a sum; `null` for a plain price or a lower bound. */
  readonly flag: RowFlag | null;
  readonly minimum?: boolean;
}

/** The prices of a cost cell: plain, `от`, a range, a sum, or labelled prices; `[]` when none. */
function readCost(text: string): Cost[] {
  const t = normalizeCellText(text);
  const labelled = [...t.matchAll(new RegExp(String.raw`([a-zа-яё]{2,})\.?\s*[-–:]\s*(${NUMBER})\s*${CURRENCY}`, 'giu'))];
  if (labelled.length >= 2) {
    return labelled.map((m) => ({ value: parsePrice(m[2])!.value, raw: m[0]!.trim(), label: m[1]!.toLowerCase(), flag: null }));
  }
  const bare = t.replace(new RegExp(String.raw`\s*${CURRENCY}\s*$`, 'iu'), '');
  const range = new RegExp(String.raw`^(?:от\s*)?(${NUMBER})\s*[-–—]\s*(?:до\s*)?(${NUMBER})$`, 'iu').exec(bare);
  if (range) {
    const low = parsePrice(range[1])!.value;
    const high = parsePrice(range[2])!.value;
    if (high > low) return [{ value: low, raw: t, label: null, flag: rowFlag('PRICE_RANGE', { raw: t, value: low }) }];
  }
  const sum = new RegExp(String.raw`^(${NUMBER})(?:\s*\+\s*(${NUMBER}))+$`, 'u').test(bare);
  if (sum) {
    const value = bare.split('+').reduce((total, part) => total + (parsePrice(part.trim())?.value ?? 0), 0);
    return [{ value, raw: t, label: null, flag: rowFlag('PRICE_SUM', { raw: t, value }) }];
  }
  const from = /^от\s*/i.test(bare);
  const parsed = parsePrice(bare.replace(/^от\s*/i, ''));
  if (!parsed || !(parsed.value > 0) || !/^(от\s*)?[\d\s\u00A0]+$/i.test(bare)) return [];
  return [{ value: parsed.value, raw: t, label: null, flag: null, minimum: from }];
}

function row(name: string, cost: Cost, header: string, source: { table: string; row: number }): PriceRow {
  const price: PriceCell = { role: 'resident', value: cost.value, raw: cost.raw, header };
  const warnings = cost.minimum ? [warningText('PRICE_LOWER_BOUND', { raw: cost.raw })] : [];
  const base: PriceRow = { section: null, code: null, name: normalizeCellText(name), unit: null, prices: [price], source, warnings };
  return cost.flag ? { ...base, flags: [cost.flag], warnings: [...warnings, cost.flag.message] } : base;
}

/** The pieces of a line in each part's column (a piece belongs to the rightmost column starting left of it). */
function splitLine(line: readonly LineCell[], columns: FreeFormColumns): Map<FreeFormPart, { text: string; x0: number }> {
  const ordered = [...columns.starts].sort((a, b) => a[1].x0 - b[1].x0);
  const out = new Map<FreeFormPart, { text: string; x0: number }>();
  for (const cell of line) {
    let part: FreeFormPart = ordered[0]![0];
    for (const [p, s] of ordered) if (cell.x0 >= s.x0 - 6) part = p;
    const had = out.get(part);
    out.set(part, had ? { text: `${had.text} ${cell.text}`, x0: had.x0 } : { text: cell.text, x0: cell.x0 });
  }
  return out;
}

function header(columns: FreeFormColumns, part: FreeFormPart): string {
  return columns.starts.get(part)?.header ?? '';
}

function isWordsOnly(line: readonly LineCell[]): boolean {
  return line.every((c) => !/\d/.test(c.text));
}

/** The header text of the column starting at `x0`: the band's pieces in that column, top to bottom. */
function headerText(band: readonly (readonly LineCell[])[], x0: number, starts: ReadonlyMap<FreeFormPart, { x0: number }>): string {
  const next = Math.min(...[...starts.values()].map((s) => s.x0).filter((x) => x > x0 + 1), Infinity);
  return band
    .flatMap((line) => line.filter((c) => c.x0 >= x0 - 6 && c.x0 < next - 6).map((c) => c.text))
    .join(' ')
    .trim();
}
