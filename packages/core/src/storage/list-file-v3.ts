/**
 * The list file of pricecat 0.3 (version 3): a price list's positions with every value that repeats held
 * once, in tables of the file, so that reading a million positions makes few objects.
 *
 * - `cells` — each distinct list of price cells, as JSON text `[[column, value, raw?], …]`;
 * - `matches` — each distinct pair of candidates and match trace, as JSON text
 *   `[[[service_id, score, method, name?], …], trace | null]` (namesakes — the same name in every version of a
 *   clinic's list — share one);
 * - `positions` — one row of scalars per position, the fields named by `fields`;
 * - `columns` — the list's price columns `[header, role]` (or `[header, role, second roles]`), pointed at by the cells;
 * - `warnings` — each distinct list of warnings (`[]` first);
 * - `texts` — each distinct text of the rows: names, codes, sections, units, source tables.
 *
 * A cell list or a match is kept as text on purpose: `JSON.parse` of the file makes one string of it instead
 * of a dozen arrays and objects, and the reader decodes each distinct text once per start-up (the
 * {@link Interner} shares it between the namesakes of all lists), not once per position. Everything up to
 * `positions` is plain ASCII (the few other characters in cells and matches are `\u` escapes), the texts
 * come after: decoding UTF-8 is fast over a leading ASCII part and slow once a Cyrillic letter came, so
 * the slow part is the third of the bytes that are Cyrillic, not the whole file. Pure functions: lowdb.ts does
 * the files.
 */
import type { PriceCell, PriceRole } from '../extract/price-row.js';
import type { MatchCandidate, MatchMethod, Position, PositionKind, PositionStatus, Service } from './records.js';
import type { MatchTrace } from '../match/trace.js';
import type { CompactCandidate, Interner, StoredColumn } from './compact-types.js';
import { kindPricesOf } from '../model/price-kinds.js';

/** Layout version of a list file written now. */
export const LIST_FILE_V3 = 3;

/** The fields of a position row of a version 3 file, in order (written into every file). */
export const POSITION_FIELDS_V3 = [
  'position_id',
  'raw_name: index in texts',
  'name_norm: index in texts',
  'code: index in texts, or null',
  'section: index in texts, or null',
  'unit: index in texts, or null',
  'price',
  'price_nonresident',
  'prices_raw: index in cells',
  'service_id',
  'confidence',
  'method',
  'status',
  'candidates and trace: index in matches',
  'warnings: index in warnings',
  'source table: index in texts',
  'source row',
  'kind: s|p|c',
  'package_id',
] as const;

type Row = [
  position_id: string,
  raw_name: number,
  name_norm: number,
  code: number | null,
  section: number | null,
  unit: number | null,
  price: number | null,
  price_nonresident: number | null,
  cells: number,
  service_id: string | null,
  confidence: number,
  method: MatchMethod | null,
  status: PositionStatus,
  match: number,
  warnings: number,
  sourceTable: number,
  sourceRow: number,
  kind: CompactKind,
  package_id: string | null,
];

type CompactKind = 's' | 'p' | 'c';
type CompactCell = [column: number, value: number, raw?: string];
const KIND_CODES: Readonly<Record<PositionKind, CompactKind>> = { service: 's', package: 'p', component: 'c' };
const KINDS: Readonly<Record<CompactKind, PositionKind>> = { s: 'service', p: 'package', c: 'component' };

/** One price list's positions as stored in a version 3 file. */
export interface ListFileV3 {
  readonly version: typeof LIST_FILE_V3;
  readonly price_list_id: string;
  readonly clinic_id: string;
  readonly fields: readonly string[];
  readonly cells: readonly string[];
  readonly matches: readonly string[];
  readonly positions: readonly Row[];
  readonly columns: readonly StoredColumn[];
  readonly warnings: readonly (readonly string[])[];
  readonly texts: readonly string[];
}

/** The positions of one list in the version 3 form. `services` gives candidate names (kept only when they differ). */
export function toListFileV3(
  priceListId: string,
  clinicId: string,
  positions: readonly Position[],
  services: ReadonlyMap<string, Service>,
): ListFileV3 {
  const columns: StoredColumn[] = [];
  const columnOf = tableOf<string>((key) => {
    const [role, header, also] = key.split('\u0000') as [PriceRole, string, string];
    columns.push(also === '' ? [header, role] : [header, role, also.split(',') as PriceRole[]]);
  });
  const texts = tableOf<string>();
  const cells = tableOf<string>();
  const matches = tableOf<string>();
  const warnings = tableOf<string>();
  warnings.index('[]');
  const rows = positions.map((p): Row => {
    const compactCells = p.prices_raw.map((cell): CompactCell => {
      const column = columnOf.index(`${cell.role}\u0000${cell.header}\u0000${cell.also_roles?.join(',') ?? ''}`);
      return cell.raw === String(cell.value) ? [column, cell.value] : [column, cell.value, cell.raw];
    });
    const candidates = p.candidates.map((c): CompactCandidate =>
      services.get(c.service_id)?.name === c.name ? [c.service_id, c.score, c.method] : [c.service_id, c.score, c.method, c.name],
    );
    return [
      p.position_id,
      texts.index(p.raw_name),
      texts.index(p.name_norm),
      p.code === null ? null : texts.index(p.code),
      p.section === null ? null : texts.index(p.section),
      p.unit === null ? null : texts.index(p.unit),
      p.price,
      p.price_nonresident,
      cells.index(asciiJson(compactCells)),
      p.service_id,
      p.confidence,
      p.method,
      p.status,
      matches.index(asciiJson([candidates, p.trace ?? null])),
      warnings.index(JSON.stringify(p.warnings)),
      texts.index(p.source.table),
      p.source.row,
      KIND_CODES[p.kind] ?? 's',
      p.package_id,
    ];
  });
  return {
    version: LIST_FILE_V3,
    price_list_id: priceListId,
    clinic_id: clinicId,
    fields: POSITION_FIELDS_V3,
    cells: cells.values,
    matches: matches.values,
    positions: rows,
    // NOTE: after every ASCII part (see the module comment); key order is the file's order.
    columns,
    warnings: warnings.values.map((text) => JSON.parse(text) as string[]),
    texts: texts.values,
  };
}

/**
 * The positions of a version 3 file. Each distinct cell list and match of the file is decoded once, through
 * `interner`, which shares equal ones between the lists of one start-up. Throws a plain Error naming what
 * is malformed.
 */
export function fromListFileV3(file: ListFileV3, services: ReadonlyMap<string, Service>, interner: Interner): Position[] {
  for (const table of ['columns', 'texts', 'cells', 'matches', 'warnings', 'positions'] as const) {
    if (!Array.isArray(file[table])) throw new Error(`нет таблицы «${table}»`);
  }
  const intern = interner.text;
  // Names are interned as pairs, by their normalized form (interner.name), the other texts here.
  const texts = file.texts;
  const shared: (string | undefined)[] = new Array(texts.length);
  const columns = file.columns.map(([header, role, also]) => ({
    header: intern(header),
    role,
    also: Array.isArray(also) && also.length > 0 ? also : null,
  }));
  // The cells of a list point at its columns: lists with the same columns share decoded cells.
  const columnsKey = intern(JSON.stringify(file.columns));
  const cellLists: (readonly PriceCell[] | undefined)[] = new Array(file.cells.length);
  // The far-abroad price is not stored: read from the cells, once per distinct cell list.
  const farPrices: (number | null)[] = new Array(file.cells.length);
  const cellsAt = (index: number, at: number): readonly PriceCell[] => {
    const known = cellLists[index];
    if (known !== undefined) return known;
    const text = file.cells[index];
    if (typeof text !== 'string') throw new Error(`position ${at} points at cell list ${index}, which the file does not have`);
    const cells = interner.decoded(columnsKey, text, () => decodeCells(text, columns));
    farPrices[index] = kindPricesOf(cells).price_nonresident_far;
    return (cellLists[index] = cells);
  };
  // A match is shared with the last namesake's when their texts are equal (a lookup by the interned name, whose
  // hash is known, and one comparison, instead of hashing the long text).
  const matchAt = (index: number, nameNorm: string, at: number): Match => {
    const text = file.matches[index];
    if (typeof text !== 'string') throw new Error(`position ${at} points at match ${index}, which the file does not have`);
    // Namesakes written with other words may alternate: their texts are then found by the text itself.
    return interner.byName('match', nameNorm, text, () => interner.decoded('match', text, () => decodeMatch(text, services)));
  };
  const warningLists = file.warnings.map((list) => (list.length === 0 ? NO_WARNINGS : list));
  const rawText = (index: number, at: number): string => {
    const text = texts[index];
    if (typeof text !== 'string') throw new Error(`position ${at} points at text ${index}, which the file does not have`);
    return text;
  };
  const textAt = (index: number | null, at: number): string | null => {
    if (index === null) return null;
    return (shared[index] ??= intern(rawText(index, at)));
  };
  const positions: Position[] = new Array(file.positions.length);
  for (let at = 0; at < file.positions.length; at++) {
    const row = file.positions[at]!;
    if (!Array.isArray(row) || row.length !== POSITION_FIELDS_V3.length) throw new Error(`position ${at} has the wrong shape`);
    const kind = KINDS[row[17]];
    if (kind === undefined) throw new Error(`position ${at} has an unknown kind "${String(row[17])}"`);
    const names = interner.name(rawText(row[2], at), rawText(row[1], at));
    const match = matchAt(row[13], names.norm, at);
    const warnings = warningLists[row[14]];
    const pricesRaw = cellsAt(row[8], at);
    if (warnings === undefined) throw new Error(`position ${at} points at warning list ${row[14]}, which the file does not have`);
    const position: Position = {
      position_id: row[0],
      price_list_id: file.price_list_id,
      clinic_id: file.clinic_id,
      raw_name: names.raw,
      name_norm: names.norm,
      code: textAt(row[3], at),
      section: textAt(row[4], at),
      unit: textAt(row[5], at),
      price: row[6],
      price_nonresident: row[7],
      price_nonresident_far: farPrices[row[8]] ?? null,
      prices_raw: pricesRaw,
      service_id: row[9],
      confidence: row[10],
      method: row[11],
      status: row[12],
      candidates: match.candidates,
      warnings,
      source: interner.source(textAt(row[15], at)!, row[16]),
      kind,
      package_id: row[18],
    };
    // NOTE: set after the literal, not spread into it: a spread made every record a slow copy.
    if (match.trace) (position as { trace?: MatchTrace }).trace = match.trace;
    positions[at] = position;
  }
  return positions;
}

// ---- internal helpers ----

interface Match {
  readonly candidates: readonly MatchCandidate[];
  readonly trace: MatchTrace | null;
}

const NO_WARNINGS: readonly string[] = Object.freeze([]);
const NO_CANDIDATES: readonly MatchCandidate[] = Object.freeze([]);

function decodeCells(text: string, columns: readonly { header: string; role: PriceRole; also: readonly PriceRole[] | null }[]): readonly PriceCell[] {
  const cells = JSON.parse(text) as CompactCell[];
  return cells.map(([column, value, raw]) => {
    const col = columns[column];
    if (!col) throw new Error(`a cell points at price column ${column}, which the list does not have`);
    const cell: PriceCell = { role: col.role, value, raw: raw ?? String(value), header: col.header };
    return col.also ? { ...cell, also_roles: col.also } : cell;
  });
}

function decodeMatch(text: string, services: ReadonlyMap<string, Service>): Match {
  const [candidates, trace] = JSON.parse(text) as [CompactCandidate[], MatchTrace | null];
  return {
    candidates:
      candidates.length === 0
        ? NO_CANDIDATES
        : candidates.map(([service_id, score, method, name]): MatchCandidate => ({ service_id, name: name ?? services.get(service_id)?.name ?? service_id, score, method })),
    trace,
  };
}

/** JSON text of `value` in ASCII: other characters as `\u` escapes (the same value to `JSON.parse`). */
function asciiJson(value: unknown): string {
  const text = JSON.stringify(value);
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u007f]/.test(text) ? text.replace(/[^\u0000-\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : text;
}

/** Values numbered in the order first seen. */
function tableOf<T>(onAdd?: (value: T) => void): { index(value: T): number; readonly values: T[] } {
  const values: T[] = [];
  const indexes = new Map<T, number>();
  return {
    values,
    index(value) {
      let index = indexes.get(value);
      if (index === undefined) {
        index = values.push(value) - 1;
        indexes.set(value, index);
        onAdd?.(value);
      }
      return index;
    },
  };
}
