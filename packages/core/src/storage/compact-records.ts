/**
 * The compact on-disk form of positions (one list file per price list) and of the decision log, and the
 * way back. What belongs to a price list is stored once per list: its price columns (header and role) are
 * a table the cells point into. Candidates are stored as service ids and scores; their names are
 * resolved from the services when read (a name is kept only when it differs from the service's own).
 * Pure functions: lowdb.ts does the files.
 */
import type { PriceCell, PriceRole } from '../extract/price-row.js';
import type { Decision, MatchCandidate, MatchMethod, Position, PositionKind, PositionStatus, Service } from './records.js';
import type { MatchTrace } from '../match/trace.js';

/** Layout version of a list file. */
export const LIST_FILE_VERSION = 2;

/**
 * The fields of a compact position, in order (written into every list file, so a reader of the file
 * needs no code to know them).
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
const KIND_CODES: Readonly<Record<PositionKind, CompactKind>> = { service: 's', package: 'p', component: 'c' };
const KINDS: Readonly<Record<CompactKind, PositionKind>> = { s: 'service', p: 'package', c: 'component' };
type CompactKind = 's' | 'p' | 'c';

type CompactCell = [column: number, value: number, raw?: string];
export type CompactCandidate = [serviceId: string, score: number, method: MatchMethod, name?: string];
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

/** One price list's positions as stored in its file. */
export interface ListFile {
  readonly version: typeof LIST_FILE_VERSION;
  readonly price_list_id: string;
  readonly clinic_id: string;
  readonly fields: readonly string[];
  /** The list's price columns: `[header, role]`, pointed at by the cells. */
  readonly columns: readonly (readonly [string, PriceRole])[];
  readonly positions: readonly CompactPosition[];
}

/** The positions of one list in their compact form. `services` gives candidate names. */
export function toListFile(
  priceListId: string,
  clinicId: string,
  positions: readonly Position[],
  services: ReadonlyMap<string, Service>,
): ListFile {
  const columns: [string, PriceRole][] = [];
  const columnIndex = new Map<string, number>();
  const columnOf = (cell: PriceCell): number => {
    const key = `${cell.role}\u0000${cell.header}`;
    let index = columnIndex.get(key);
    if (index === undefined) {
      index = columns.push([cell.header, cell.role]) - 1;
      columnIndex.set(key, index);
    }
    return index;
  };
  return {
    version: LIST_FILE_VERSION,
    price_list_id: priceListId,
    clinic_id: clinicId,
    fields: POSITION_FIELDS,
    columns,
    positions: positions.map(
      (p): CompactPosition => [
        p.position_id,
        p.raw_name,
        p.name_norm,
        p.code,
        p.section,
        p.unit,
        p.price,
        p.price_nonresident,
        p.prices_raw.map((cell): CompactCell => {
          const column = columnOf(cell);
          return cell.raw === String(cell.value) ? [column, cell.value] : [column, cell.value, cell.raw];
        }),
        p.service_id,
        p.confidence,
        p.method,
        p.status,
        p.candidates.map((c): CompactCandidate =>
          services.get(c.service_id)?.name === c.name ? [c.service_id, c.score, c.method] : [c.service_id, c.score, c.method, c.name],
        ),
        [...p.warnings],
        [p.source.table, p.source.row],
        p.trace ?? null,
        KIND_CODES[p.kind] ?? 's',
        p.package_id,
      ],
    ),
  };
}

/**
 * The positions of a list file. Records of one list share their strings (column headers, candidate names
 * are the services' own), and `intern` lets texts repeated across lists (the same names in every version
 * of a clinic's list, sections, units) be held once. Throws a plain Error naming what is malformed.
 */
export function fromListFile(file: ListFile, services: ReadonlyMap<string, Service>, interner: Interner = NO_INTERNING): Position[] {
  const intern = interner.text;
  if (file?.version !== LIST_FILE_VERSION || !Array.isArray(file.positions) || !Array.isArray(file.columns)) {
    throw new Error(`это не файл прайс-листа pricecat версии ${LIST_FILE_VERSION}`);
  }
  const columns = file.columns.map(([header, role]) => ({ header, role }));
  const noWarnings: readonly string[] = Object.freeze([]);
  return file.positions.map((row, index): Position => {
    // A position of a file written before packages has two fields less, before traces three.
    if (!Array.isArray(row) || (row.length !== POSITION_FIELDS.length && !(OLDER_POSITION_LENGTHS as readonly number[]).includes(row.length))) {
      throw new Error(`position ${index} has the wrong shape`);
    }
    const [position_id, raw_name, name_norm, code, section, unit, price, price_nonresident, cells, service_id, confidence, method, status, candidates, warnings, source, trace, kindCode, package_id] = row;
    const kind: PositionKind | undefined = kindCode === undefined ? 'service' : KINDS[kindCode as CompactKind];
    if (kind === undefined) throw new Error(`position ${index} has an unknown kind "${String(kindCode)}"`);
    return {
      position_id,
      price_list_id: file.price_list_id,
      clinic_id: file.clinic_id,
      raw_name: intern(raw_name),
      name_norm: intern(name_norm),
      code: code === null ? null : intern(code),
      section: section === null ? null : intern(section),
      unit: unit === null ? null : intern(unit),
      price,
      price_nonresident,
      prices_raw: cells.map(([column, value, raw]: CompactCell): PriceCell => {
        const col = columns[column];
        if (!col) throw new Error(`position ${index} points at price column ${column}, which the list does not have`);
        return { role: col.role, value, raw: intern(raw ?? String(value)), header: col.header };
      }),
      service_id,
      confidence,
      method,
      status,
      candidates: interner.candidates(candidates, () =>
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
      source: { table: source[0], row: source[1] },
      ...(trace && { trace }),
      kind,
      package_id: package_id ?? null,
    };
  });
}

/**
 * Shares equal values between records while a store is read: texts (names repeated in every version of a
 * clinic's list, sections, units) and candidate lists (namesakes get the same candidates from the matcher).
 * Records are never mutated (query-port.ts), so sharing is safe.
 */
export interface Interner {
  text(text: string): string;
  candidates(compact: readonly CompactCandidate[], make: () => MatchCandidate[]): readonly MatchCandidate[];
}

const NO_INTERNING: Interner = { text: (text) => text, candidates: (_compact, make) => make() };

/** An interner for one start-up; drop it afterwards. */
export function createInterner(): Interner {
  const texts = new Map<string, string>();
  const lists = new Map<string, readonly MatchCandidate[]>();
  const empty: readonly MatchCandidate[] = Object.freeze([]);
  return {
    text(text) {
      const known = texts.get(text);
      if (known !== undefined) return known;
      texts.set(text, text);
      return text;
    },
    candidates(compact, make) {
      if (compact.length === 0) return empty;
      let key = '';
      for (const [id, score, method, name] of compact) key += `${id}\u0001${score}\u0001${method}\u0001${name ?? ''}\u0002`;
      let known = lists.get(key);
      if (known === undefined) lists.set(key, (known = make()));
      return known;
    },
  };
}

/** What a decision's `previous` keeps on disk: the fields a decision changes; the rest is the position's. */
export type CompactPrevious = Pick<Position, 'position_id' | 'service_id' | 'method' | 'confidence' | 'status'>;

/** A logged decision whose `previous` positions are stored as {@link CompactPrevious}. */
export type StoredDecision = Omit<Decision, 'previous'> & { readonly previous: readonly CompactPrevious[] };

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
