/**
 * The compact on-disk form of positions (one list file per price list) and of the decision log, and the
 * way back. What belongs to a price list is stored once per list: its price columns (header, role and second
 * roles) are a table the cells point into. A position's far-abroad price is not stored: it is read from its cells. Candidates are stored as service ids and scores; their names are
 * resolved from the services when read (a name is kept only when it differs from the service's own).
 * Files are written in the current layout (version 3, list-file-v3.ts); files of version 2 are read.
 * Pure functions: lowdb.ts does the files.
 */
import type { PriceCell, PriceRole } from '../extract/price-row.js';
import type { Decision, MatchCandidate, MatchMethod, Position, PositionKind, PositionStatus, Service } from './records.js';
import type { MatchTrace } from '../match/trace.js';
import { LIST_FILE_V3, fromListFileV3, toListFileV3, type ListFileV3 } from './list-file-v3.js';
import { kindPricesOf } from '../model/price-kinds.js';
import type { CompactCandidate, Interner, StoredColumn } from './compact-types.js';

export type { CompactCandidate, Interner, StoredColumn } from './compact-types.js';

/**
 * Layout version of the list files (and journal entries) written now; files of an older layout (2) are read,
 * newer ones refused. Separate from `catalogue.json`'s version (lowdb.ts).
 */
export const LIST_FILE_VERSION = LIST_FILE_V3;
/** The list file layout of pricecat 0.2, still read. */
export const LIST_FILE_V2 = 2;

/**
 * The fields of a compact position of a version 2 file, in order (written into every list file, so a reader
 * of the file needs no code to know them).
 */
export const POSITION_FIELDS = [
  'position_id',
  'raw_name',
  'name_norm',
  'code',
  'section',
  'unit',
  'price',
  'price_nonresident',
  'prices_raw: [column, value, raw (omitted when it is String(value))]',
  'service_id',
  'confidence',
  'method',
  'status',
  'candidates: [service_id, score, method, name (only when not the service name)]',
  'warnings',
  'source: [table, row]',
  'trace (null when none; absent from files written before traces)',
  // s service, p package, c component; absent from files written before packages (services).
  'kind: s|p|c',
  'package_id',
] as const;

/** Field counts of positions in files written before traces, then before packages. */
const OLDER_POSITION_LENGTHS = [POSITION_FIELDS.length - 3, POSITION_FIELDS.length - 2] as const;
const KINDS: Readonly<Record<CompactKind, PositionKind>> = { s: 'service', p: 'package', c: 'component' };
type CompactKind = 's' | 'p' | 'c';

type CompactCell = [column: number, value: number, raw?: string];
type CompactPosition = [
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  number | null,
  number | null,
  CompactCell[],
  string | null,
  number,
  MatchMethod | null,
  PositionStatus,
  CompactCandidate[],
  string[],
  [string, number],
  MatchTrace | null,
  CompactKind,
  string | null,
];

/** One price list's positions as stored in its file: the current layout, or version 2. */
export type ListFile = ListFileV3 | ListFileV2;

/** One price list's positions as stored in a version 2 file. */
export interface ListFileV2 {
  readonly version: typeof LIST_FILE_V2;
  readonly price_list_id: string;
  readonly clinic_id: string;
  readonly fields: readonly string[];
  /**
   * The list's price columns: `[header, role]`, or `[header, role, second roles]` for a column carrying two roles
   * (files written before second roles were stored have none), pointed at by the cells.
   */
  readonly columns: readonly StoredColumn[];
  readonly positions: readonly CompactPosition[];
}

/** The positions of one list in the current compact form (version 3). `services` gives candidate names. */
export function toListFile(
  priceListId: string,
  clinicId: string,
  positions: readonly Position[],
  services: ReadonlyMap<string, Service>,
): ListFile {
  return toListFileV3(priceListId, clinicId, positions, services);
}

/**
 * The positions of a list file of either layout (a file of another version is refused: the caller checks
 * for a newer one first, to say so). Throws a plain Error naming what is malformed.
 */
export function fromListFile(file: ListFile, services: ReadonlyMap<string, Service>, interner: Interner = NO_INTERNING): Position[] {
  if (file?.version === LIST_FILE_V3) return fromListFileV3(file, services, interner);
  return fromListFileV2(file as ListFileV2, services, interner);
}

function sameRoles(a: readonly PriceRole[] | undefined, b: readonly PriceRole[] | null): boolean {
  if (!a || a.length === 0) return b === null;
  return b !== null && a.length === b.length && a.every((role, i) => role === b[i]);
}

/**
 * The positions of a list file. Records of one list share their strings (column headers, candidate names
 * are the services' own), and `intern` lets texts repeated across lists (the same names in every version
 * of a clinic's list, sections, units) be held once. Throws a plain Error naming what is malformed.
 */
function fromListFileV2(file: ListFileV2, services: ReadonlyMap<string, Service>, interner: Interner): Position[] {
  const intern = interner.text;
  if (file?.version !== LIST_FILE_V2 || !Array.isArray(file.positions) || !Array.isArray(file.columns)) {
    throw new Error(`это не файл прайс-листа pricecat версии ${LIST_FILE_V2} или ${LIST_FILE_V3}`);
  }
  const columns = file.columns.map(([header, role, also]) => ({ header: intern(header), role, also: Array.isArray(also) && also.length > 0 ? also : null }));
  const noWarnings: readonly string[] = Object.freeze([]);
  // Consecutive rows mostly share their section and unit: compared with the row before, interned only when they differ.
  let lastSection: [raw: string | null, interned: string | null] = [null, null];
  let lastUnit: [raw: string | null, interned: string | null] = [null, null];
  const sameAsLast = (text: string | null, last: [string | null, string | null]): [string | null, string | null] =>
    text === last[0] ? last : [text, text === null ? null : intern(text)];
  return file.positions.map((row, index): Position => {
    // A position of a file written before packages has two fields less, before traces three.
    if (!Array.isArray(row) || (row.length !== POSITION_FIELDS.length && !(OLDER_POSITION_LENGTHS as readonly number[]).includes(row.length))) {
      throw new Error(`position ${index} has the wrong shape`);
    }
    const [position_id, raw_name, name_norm, code, section, unit, price, price_nonresident, cells, service_id, confidence, method, status, candidates, warnings, source, trace, kindCode, package_id] = row;
    const kind: PositionKind | undefined = kindCode === undefined ? 'service' : KINDS[kindCode as CompactKind];
    if (kind === undefined) throw new Error(`position ${index} has an unknown kind "${String(kindCode)}"`);
    const nameNorm = intern(name_norm);
    const pricesRaw = interner.cells(
      nameNorm,
      (known) =>
        known.length === cells.length &&
        cells.every(([column, value, raw]: CompactCell, i: number) => {
          const cell = known[i]!;
          const col = columns[column];
          return (
            col !== undefined &&
            cell.value === value &&
            cell.role === col.role &&
            cell.header === col.header &&
            sameRoles(cell.also_roles, col.also) &&
            cell.raw === (raw ?? interner.number(value))
          );
        }),
      () =>
        cells.map(([column, value, raw]: CompactCell): PriceCell => {
          const col = columns[column];
          if (!col) throw new Error(`position ${index} points at price column ${column}, which the list does not have`);
          const cell: PriceCell = { role: col.role, value, raw: raw === undefined ? interner.number(value) : intern(raw), header: col.header };
          return col.also ? { ...cell, also_roles: col.also } : cell;
        }),
    );
    const position: Position = {
      position_id,
      price_list_id: file.price_list_id,
      clinic_id: file.clinic_id,
      raw_name: intern(raw_name),
      name_norm: nameNorm,
      code: code === null ? null : intern(code),
      section: (lastSection = sameAsLast(section, lastSection))[1],
      unit: (lastUnit = sameAsLast(unit, lastUnit))[1],
      price,
      price_nonresident,
      price_nonresident_far: kindPricesOf(pricesRaw).price_nonresident_far,
      prices_raw: pricesRaw,
      service_id,
      confidence,
      method,
      status,
      candidates: interner.candidates(nameNorm, candidates, () =>
        candidates.map(
          ([id, score, candidateMethod, name]: CompactCandidate): MatchCandidate => ({
            service_id: id,
            name: name ?? services.get(id)?.name ?? id,
            score,
            method: candidateMethod,
          }),
        ),
      ),
      warnings: warnings.length === 0 ? noWarnings : warnings,
      source: interner.source(source[0], source[1]),
      kind,
      package_id: package_id ?? null,
    };
    // NOTE: set after the literal, not spread into it: a spread made every record a slow copy.
    if (trace) (position as { trace?: MatchTrace }).trace = interner.trace(nameNorm, trace);
    return position;
  });
}

const NO_INTERNING: Interner = {
  text: (text) => text,
  number: (value) => String(value),
  candidates: (_name, _compact, make) => make(),
  trace: (_name, trace) => trace,
  cells: (_name, _same, make) => make(),
  source: (table, row) => ({ table, row }),
  decoded: (_kind, _text, make) => make(),
  byName: (_kind, _name, _text, make) => make(),
  name: (norm, raw) => ({ norm, raw }),
};

/** An interner for one start-up; drop it afterwards. */
export function createInterner(): Interner {
  const texts = new Map<string, string>();
  const numbers = new Map<number, string>();
  // NOTE: keyed by the (interned) normalized name and compared field by field: a text key built from every
  // candidate cost 12 % of a 1M-position start-up; namesakes are where equal lists come from.
  const lists = new Map<string, { compact: readonly CompactCandidate[]; list: readonly MatchCandidate[] }>();
  const traces = new Map<string, MatchTrace>();
  const cellLists = new Map<string, readonly PriceCell[]>();
  const sources = new Map<string, Map<number, { readonly table: string; readonly row: number }>>();
  const decoded = new Map<string, Map<string, unknown>>();
  const names = new Map<string, { norm: string; raw: string }>();
  const byName = new Map<string, Map<string, { text: string; value: unknown }>>();
  const empty: readonly MatchCandidate[] = Object.freeze([]);
  return {
    text(text) {
      const known = texts.get(text);
      if (known !== undefined) return known;
      texts.set(text, text);
      return text;
    },
    number(value) {
      let text = numbers.get(value);
      if (text === undefined) numbers.set(value, (text = String(value)));
      return text;
    },
    candidates(nameNorm, compact, make) {
      if (compact.length === 0) return empty;
      const known = lists.get(nameNorm);
      if (known !== undefined && sameCandidates(known.compact, compact)) return known.list;
      const list = make();
      lists.set(nameNorm, { compact, list });
      return list;
    },
    trace(nameNorm, trace) {
      const known = traces.get(nameNorm);
      if (known !== undefined && sameJson(known, trace)) return known;
      traces.set(nameNorm, trace);
      return trace;
    },
    cells(nameNorm, same, make) {
      const known = cellLists.get(nameNorm);
      if (known !== undefined && same(known)) return known;
      const cells = make();
      cellLists.set(nameNorm, cells);
      return cells;
    },
    source(table, row) {
      let rows = sources.get(table);
      if (!rows) sources.set(table, (rows = new Map()));
      let source = rows.get(row);
      if (!source) rows.set(row, (source = { table, row }));
      return source;
    },
    decoded<T>(kind: string, text: string, make: () => T): T {
      let known = decoded.get(kind);
      if (!known) decoded.set(kind, (known = new Map()));
      const had = known.get(text);
      if (had !== undefined) return had as T;
      const value = make();
      known.set(text, value);
      return value;
    },
    byName<T>(kind: string, nameNorm: string, text: string, make: () => T): T {
      let known = byName.get(kind);
      if (!known) byName.set(kind, (known = new Map()));
      const last = known.get(nameNorm);
      if (last !== undefined && last.text === text) return last.value as T;
      const value = make();
      known.set(nameNorm, { text, value });
      return value;
    },
    name(nameNorm, rawName) {
      const known = names.get(nameNorm);
      if (known !== undefined && known.raw === rawName) return known;
      // A namesake written differently: its own raw name, the known normalized name.
      const norm = known?.norm ?? nameNorm;
      const entry = { norm, raw: rawName };
      names.set(norm, entry);
      return entry;
    },
  };
}

/** Deep equality of two values parsed from JSON. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], other[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // Keys in the same order too, so a shared record serializes exactly as its own would.
  const keys = Object.keys(x);
  const otherKeys = Object.keys(y);
  if (keys.length !== otherKeys.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== otherKeys[i] || !sameJson(x[keys[i]!], y[keys[i]!])) return false;
  return true;
}

function sameCandidates(a: readonly CompactCandidate[], b: readonly CompactCandidate[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x[0] !== y[0] || x[1] !== y[1] || x[2] !== y[2] || x[3] !== y[3]) return false;
  }
  return true;
}

/** What a decision's `previous` keeps on disk: the fields a decision changes; the rest is the position's. */
export type CompactPrevious = Pick<Position, 'position_id' | 'service_id' | 'method' | 'confidence' | 'status'>;

/** A logged decision whose `previous` positions are stored as {@link CompactPrevious}. */
export type StoredDecision = Omit<Decision, 'previous'> & {
  readonly previous: readonly CompactPrevious[];
};

export function toStoredDecision(decision: Decision): StoredDecision {
  return {
    ...decision,
    previous: decision.previous.map((p) => ({
      position_id: p.position_id,
      service_id: p.service_id,
      method: p.method,
      confidence: p.confidence,
      status: p.status,
    })),
  };
}

/**
 * The decision with its `previous` positions whole again: the stored position with the decided fields
 * as they were. NOTE: sound because a decision (and an undo) changes only those fields of a position.
 */
export function fromStoredDecision(stored: StoredDecision, positionOf: (id: string) => Position | null): Decision {
  return {
    ...stored,
    previous: stored.previous.flatMap((old) => {
      const now = positionOf(old.position_id);
      return now ? [{ ...now, ...old }] : [];
    }),
  };
}
