/**
 * The in-memory {@link QueryPort}: every position in ingest order plus indexes (by clinic, list,
 * service, status, normalized name, queue order) and running counts, all updated by
 * {@link UpdatableQueryPort.apply} with what a write changed. A decision touching k positions costs
 * O(k · log n) index work; nothing is rebuilt from the whole store.
 */
import { POSITION_STATUSES } from '../contract/limits.js';
import { PRICE_KINDS, type PriceKind } from '../contract/limits.js';
import { priceOfKind } from '../model/price-kinds.js';
import {
  OFFER_KINDS,
  type Directory,
  type PositionCounts,
  type PositionQueryFilter,
  type PositionSlice,
  type QueueFilter,
  type Slice,
  type StoreChange,
  type UnmatchedLine,
  type UpdatableQueryPort,
} from './query-port.js';
import { carriesNameOf, toUnmatchedLine, unmatchedNamesOf, unmatchedPricesByListOf } from './unmatched-names.js';
import type { Clinic, Position, PositionStatus, PriceList, Service } from './records.js';
import { insertManySorted, insertSorted, mergeAscending, removeManySorted, removeSorted } from './sorted-ints.js';

/** What the port starts from: the store's contents, read once. */
export interface QuerySeed {
  readonly services: readonly Service[];
  readonly clinics: readonly Clinic[];
  readonly priceLists: readonly PriceList[];
  readonly positions: readonly Position[];
}

const STATUSES: readonly PositionStatus[] = POSITION_STATUSES;

/** The in-memory port, with a synchronous lookup for the adapter that owns it. */
export interface MemoryQueryPort extends UpdatableQueryPort {
  /** The position with this id, or `null` (the same record `getPosition` gives, without a promise). */
  peek(positionId: string): Position | null;
  /** The positions of one price list, in ingest order (a new array of the shared records). */
  listOf(priceListId: string): Position[];
}

/** Creates the port over `seed` (records are shared, not copied). */
export function createMemoryQueryPort(seed: QuerySeed): MemoryQueryPort {
  const services: Service[] = [];
  const servicesById = new Map<string, Service>();
  const clinicsById = new Map<string, Clinic>();
  const priceListsById = new Map<string, PriceList>();
  const directory: Directory = { services, servicesById, clinicsById, priceListsById };

  /** Positions by sequence number (ingest order); a replaced position keeps its number. */
  const positions: Position[] = [];
  const seqById = new Map<string, number>();
  const byClinic = new Map<string, number[]>();
  const byList = new Map<string, number[]>();
  const byNameNorm = new Map<string, number[]>();
  /** Components by their package. */
  const byPackage = new Map<string, number[]>();
  const byStatus = new Map<PositionStatus, number[]>(STATUSES.map((s) => [s, []]));
  /** Normalized positions by service. */
  const byService = new Map<string, number[]>();
  /** Queued positions, highest confidence first, ties by ingest order. */
  const queue: number[] = [];
  const queueBefore = (a: number, b: number): boolean => {
    const ca = positions[a]!.confidence;
    const cb = positions[b]!.confidence;
    return ca > cb || (ca === cb && a < b);
  };
  const total = createCounts();
  const clinicCounts = new Map<string, MutableCounts>();
  /** Per service and clinic, how many normalized offers carry each price kind (PRICE_KINDS order). */
  const pricedOffers = new Map<string, Map<string, number[]>>();
  const countOffer = (p: Position, delta: 1 | -1): void => {
    if (p.status !== 'normalized' || p.service_id === null || !OFFER_KINDS.includes(p.kind)) return;
    let clinics = pricedOffers.get(p.service_id);
    if (!clinics) pricedOffers.set(p.service_id, (clinics = new Map()));
    let counts = clinics.get(p.clinic_id);
    if (!counts) clinics.set(p.clinic_id, (counts = new Array<number>(PRICE_KINDS.length).fill(0)));
    let left = 0;
    for (let i = 0; i < PRICE_KINDS.length; i++) {
      if (priceOfKind(p, PRICE_KINDS[i]!) !== null) counts[i]! += delta;
      left += counts[i]!;
    }
    if (left === 0) clinics.delete(p.clinic_id);
    if (clinics.size === 0) pricedOffers.delete(p.service_id);
  };
  let revision = 0;

  /** While set, new queued positions are collected here and merged into the queue at once (a bulk add). */
  let pendingQueue: number[] | null = null;
  const indexPosition = (seq: number, p: Position): void => {
    add(byClinic, p.clinic_id, seq);
    add(byList, p.price_list_id, seq);
    add(byNameNorm, p.name_norm, seq);
    if (p.package_id !== null) add(byPackage, p.package_id, seq);
    insertSorted(byStatus.get(p.status)!, seq);
    if (p.status === 'normalized' && p.service_id !== null) add(byService, p.service_id, seq);
    if (p.status === 'queued') {
      if (pendingQueue) pendingQueue.push(seq);
      else insertSorted(queue, seq, queueBefore);
    }
    count(total, p, 1);
    count(clinicCountsOf(p.clinic_id), p, 1);
    countOffer(p, 1);
  };
  const unindexPosition = (seq: number, p: Position): void => {
    remove(byClinic, p.clinic_id, seq);
    remove(byList, p.price_list_id, seq);
    remove(byNameNorm, p.name_norm, seq);
    if (p.package_id !== null) remove(byPackage, p.package_id, seq);
    removeSorted(byStatus.get(p.status)!, seq);
    if (pendingQueue && p.status === 'queued') {
      const at = pendingQueue.indexOf(seq);
      if (at >= 0) pendingQueue.splice(at, 1);
    }
    if (p.status === 'normalized' && p.service_id !== null) remove(byService, p.service_id, seq);
    if (p.status === 'queued') removeSorted(queue, seq, queueBefore);
    count(total, p, -1);
    count(clinicCountsOf(p.clinic_id), p, -1);
    countOffer(p, -1);
  };
  /**
   * Replaces many known positions at once (a decision on identical names, an undo): each index is changed with
   * one pass per array, not one memory move of the status lists and the queue per position (at 1M positions a
   * match of 300 namesakes spent most of its time there). Unknown ids are ignored.
   */
  const replaceMany = (incoming: readonly Position[]): void => {
    const bySeq = new Map<number, Position>();
    for (const position of incoming) {
      const seq = seqById.get(position.position_id);
      if (seq !== undefined) bySeq.set(seq, position);
    }
    if (bySeq.size <= 1) {
      for (const position of bySeq.values()) putPosition(position, false);
      return;
    }
    const edits = createIndexEdits();
    // Out while the old records are in place: the queue's order reads their confidence.
    for (const seq of bySeq.keys()) {
      const old = positions[seq]!;
      editIndexes(edits.out, seq, old);
      count(total, old, -1);
      count(clinicCountsOf(old.clinic_id), old, -1);
      countOffer(old, -1);
    }
    applyIndexEdits(edits.out, removeManySorted);
    for (const [seq, position] of bySeq) {
      positions[seq] = position;
      editIndexes(edits.in, seq, position);
      count(total, position, 1);
      count(clinicCountsOf(position.clinic_id), position, 1);
      countOffer(position, 1);
    }
    applyIndexEdits(edits.in, insertManySorted);
  };
  /** The index entries of one position, collected per index and key. */
  const editIndexes = (edit: IndexEdit, seq: number, p: Position): void => {
    pushTo(edit.keyed, byClinic, p.clinic_id, seq);
    pushTo(edit.keyed, byList, p.price_list_id, seq);
    pushTo(edit.keyed, byNameNorm, p.name_norm, seq);
    if (p.package_id !== null) pushTo(edit.keyed, byPackage, p.package_id, seq);
    if (p.status === 'normalized' && p.service_id !== null) pushTo(edit.keyed, byService, p.service_id, seq);
    let statusSeqs = edit.statuses.get(p.status);
    if (!statusSeqs) edit.statuses.set(p.status, (statusSeqs = []));
    statusSeqs.push(seq);
    if (p.status === 'queued') edit.queue.push(seq);
  };
  const applyIndexEdits = (edit: IndexEdit, apply: (items: number[], values: readonly number[], before?: (a: number, b: number) => boolean) => void): void => {
    for (const [index, keys] of edit.keyed) {
      for (const [key, seqs] of keys) {
        let items = index.get(key);
        if (!items) index.set(key, (items = []));
        apply(items, seqs);
        if (items.length === 0) index.delete(key);
      }
    }
    for (const [status, seqs] of edit.statuses) apply(byStatus.get(status)!, seqs);
    apply(queue, edit.queue, queueBefore);
  };
  const clinicCountsOf = (clinicId: string): MutableCounts => {
    let counts = clinicCounts.get(clinicId);
    if (!counts) clinicCounts.set(clinicId, (counts = createCounts()));
    return counts;
  };

  /** Adds a new position or replaces a known one (unknown ids are added only when `addNew`). */
  const putPosition = (position: Position, addNew: boolean): void => {
    const seq = seqById.get(position.position_id);
    if (seq === undefined) {
      if (!addNew) return;
      const next = positions.length;
      positions.push(position);
      seqById.set(position.position_id, next);
      indexPosition(next, position);
      return;
    }
    // Unindex while the old record is in place: the queue's order reads its confidence.
    unindexPosition(seq, positions[seq]!);
    positions[seq] = position;
    indexPosition(seq, position);
  };
  const putServices = (incoming: readonly Service[]): void => {
    for (const service of incoming) {
      const known = servicesById.has(service.service_id);
      servicesById.set(service.service_id, service);
      if (known) services[services.findIndex((s) => s.service_id === service.service_id)] = service;
      else services.push(service);
    }
  };

  /**
   * Adds many positions: one insertion into the queue per position would move the queue's tail each time
   * (quadratic for a million); instead the new queued ones are sorted and merged in once.
   */
  const putMany = (incoming: readonly Position[]): void => {
    pendingQueue = [];
    try {
      for (const position of incoming) putPosition(position, true);
    } finally {
      const added = pendingQueue.sort((a, b) => (queueBefore(a, b) ? -1 : queueBefore(b, a) ? 1 : 0));
      pendingQueue = null;
      mergeSorted(queue, added, queueBefore);
    }
  };

  putServices(seed.services);
  for (const clinic of seed.clinics) clinicsById.set(clinic.clinic_id, clinic);
  for (const list of seed.priceLists) priceListsById.set(list.price_list_id, list);
  putMany(seed.positions);

  /** The candidate sequence numbers for a filter: the narrowest index it names, in ingest order. */
  const candidatesOf = (filter: PositionQueryFilter): { seqs: readonly number[] | null; exact: boolean } => {
    const statuses = filter.status === undefined ? null : typeof filter.status === 'string' ? [filter.status] : filter.status;
    const others = (named: number) =>
      Object.values(filter).filter((v) => v !== undefined).length === named && filter.method === undefined && filter.name_contains === undefined;
    if (filter.price_list_id !== undefined) return { seqs: byList.get(filter.price_list_id) ?? [], exact: others(1) };
    if (filter.package_id !== undefined) return { seqs: byPackage.get(filter.package_id) ?? [], exact: others(1) };
    if (filter.service_id !== undefined && statuses?.length === 1 && statuses[0] === 'normalized') {
      return { seqs: byService.get(filter.service_id) ?? [], exact: others(2) };
    }
    if (filter.name_norm !== undefined) return { seqs: byNameNorm.get(filter.name_norm) ?? [], exact: others(1) };
    if (filter.clinic_id !== undefined) return { seqs: byClinic.get(filter.clinic_id) ?? [], exact: others(1) };
    if (statuses) return { seqs: mergeAscending(statuses.map((s) => byStatus.get(s) ?? [])), exact: others(1) };
    return { seqs: null, exact: others(0) };
  };

  /** The queued and unrecognized positions in ingest order, without copying them into an array. */
  function* unmatchedPositions(): Generator<Position> {
    for (const seq of mergeAscending([byStatus.get('queued')!, byStatus.get('unrecognized')!])) yield positions[seq]!;
  }

  const port: MemoryQueryPort = {
    listOf: (priceListId) => (byList.get(priceListId) ?? []).map((seq) => positions[seq]!),
    peek: (positionId) => {
      const seq = seqById.get(positionId);
      return seq === undefined ? null : positions[seq]!;
    },
    directory: async () => directory,
    revision: async () => revision,
    getPosition: async (positionId) => {
      const seq = seqById.get(positionId);
      return seq === undefined ? null : positions[seq]!;
    },
    findPositions: async (filter = {}, slice = {}) => {
      const { seqs, exact } = candidatesOf(filter);
      const offset = slice.offset ?? 0;
      const end = slice.limit === undefined ? undefined : offset + slice.limit;
      if (exact) {
        if (seqs === null) return { items: positions.slice(offset, end), total: positions.length };
        return { items: seqs.slice(offset, end).map((seq) => positions[seq]!), total: seqs.length };
      }
      const matches = matcherOf(filter);
      const found: Position[] = [];
      if (seqs === null) for (const p of positions) matches(p) && found.push(p);
      else for (const seq of seqs) matches(positions[seq]!) && found.push(positions[seq]!);
      return { items: found.slice(offset, end), total: found.length };
    },
    queuePage: async (filter, slice) => {
      const offset = slice.offset ?? 0;
      const end = slice.limit === undefined ? undefined : offset + slice.limit;
      const matches = queueMatcherOf(filter);
      if (matches === null) {
        return { items: queue.slice(offset, end).map((seq) => positions[seq]!), total: queue.length };
      }
      const own = queue.filter((seq) => matches(positions[seq]!));
      return { items: own.slice(offset, end).map((seq) => positions[seq]!), total: own.length };
    },
    countPositions: async (filter = {}) =>
      snapshot(filter.clinic_id === undefined ? total : (clinicCounts.get(filter.clinic_id) ?? createCounts())),
    eachPosition: (batchSize = 1000) => ({
      async *[Symbol.asyncIterator]() {
        for (let start = 0; start < positions.length; start += batchSize) yield positions.slice(start, start + batchSize);
      },
    }),
    pricedClinics: async (serviceIds, kind: PriceKind) => {
      const at = PRICE_KINDS.indexOf(kind);
      const result = new Map<string, readonly string[]>();
      for (const id of new Set(serviceIds)) {
        const clinics = pricedOffers.get(id);
        if (clinics) result.set(id, [...clinics].filter(([, counts]) => counts[at]! > 0).map(([clinicId]) => clinicId));
      }
      return result;
    },
    unmatchedNames: async () => unmatchedNamesOf(unmatchedPositions()),
    unmatchedPricesByList: async (names, maxPrices) => unmatchedPricesByListOf(unmatchedPositions(), names, maxPrices),
    unmatchedPositions: async (names, slice = {}) => {
      // From the index of each normalized name, merged back into ingest order.
      const seqs = mergeAscending([...new Set(names.map((n) => n.name_norm))].map((norm) => byNameNorm.get(norm) ?? []));
      const carries = carriesNameOf(names);
      const found: UnmatchedLine[] = [];
      const offset = slice.offset ?? 0;
      const end = slice.limit === undefined ? Infinity : offset + slice.limit;
      let seen = 0;
      for (const seq of seqs) {
        const p = positions[seq]!;
        if ((p.status !== 'queued' && p.status !== 'unrecognized') || !carries(p)) continue;
        if (seen >= offset && seen < end) found.push(toUnmatchedLine(p));
        if (++seen >= end) break;
      }
      return found;
    },
    apply(change: StoreChange) {
      revision++;
      if (change.type === 'services') {
        putServices(change.services);
      } else if (change.type === 'positions') {
        replaceMany(change.positions);
      } else {
        const { clinic, priceList, positions: added } = change.write;
        clinicsById.set(clinic.clinic_id, clinic);
        priceListsById.set(priceList.price_list_id, priceList);
        putMany(added);
      }
    },
  };
  return port;
}

// ---- internal helpers ----

/** What a bulk change does to the indexes: per keyed index and key, per status, and to the queue. */
interface IndexEdit {
  readonly keyed: Map<Map<string, number[]>, Map<string, number[]>>;
  readonly statuses: Map<PositionStatus, number[]>;
  readonly queue: number[];
}

function createIndexEdits(): { out: IndexEdit; in: IndexEdit } {
  const edit = (): IndexEdit => ({ keyed: new Map(), statuses: new Map(), queue: [] });
  return { out: edit(), in: edit() };
}

function pushTo(edits: IndexEdit['keyed'], index: Map<string, number[]>, key: string, seq: number): void {
  let keys = edits.get(index);
  if (!keys) edits.set(index, (keys = new Map()));
  const seqs = keys.get(key);
  if (seqs) seqs.push(seq);
  else keys.set(key, [seq]);
}

/** Merges the sorted `added` into the sorted `target`, in place, in O(target + added). */
function mergeSorted(target: number[], added: readonly number[], before: (a: number, b: number) => boolean): void {
  if (added.length === 0) return;
  const merged = new Array<number>(target.length + added.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < target.length && j < added.length) merged[k++] = before(added[j]!, target[i]!) ? added[j++]! : target[i++]!;
  while (i < target.length) merged[k++] = target[i++]!;
  while (j < added.length) merged[k++] = added[j++]!;
  target.length = 0;
  for (const seq of merged) target.push(seq);
}

interface MutableCounts {
  total: number;
  by_status: Record<PositionStatus, number>;
  by_method: Record<string, number>;
}

function createCounts(): MutableCounts {
  return { total: 0, by_status: { normalized: 0, queued: 0, skipped: 0, unrecognized: 0 }, by_method: {} };
}

function count(counts: MutableCounts, position: Position, delta: 1 | -1): void {
  counts.total += delta;
  counts.by_status[position.status] += delta;
  if (position.method) {
    const next = (counts.by_method[position.method] ?? 0) + delta;
    if (next === 0) delete counts.by_method[position.method];
    else counts.by_method[position.method] = next;
  }
}

function snapshot(counts: MutableCounts): PositionCounts {
  return { total: counts.total, by_status: { ...counts.by_status }, by_method: { ...counts.by_method } };
}

function add(index: Map<string, number[]>, key: string, seq: number): void {
  const seqs = index.get(key);
  if (seqs) insertSorted(seqs, seq);
  else index.set(key, [seq]);
}

function remove(index: Map<string, number[]>, key: string, seq: number): void {
  const seqs = index.get(key);
  if (!seqs) return;
  removeSorted(seqs, seq);
  if (seqs.length === 0) index.delete(key);
}

function matcherOf(filter: PositionQueryFilter): (p: Position) => boolean {
  const statuses = filter.status === undefined ? null : typeof filter.status === 'string' ? [filter.status] : filter.status;
  const kinds = filter.kind === undefined ? null : typeof filter.kind === 'string' ? [filter.kind] : filter.kind;
  return (p) =>
    (filter.clinic_id === undefined || p.clinic_id === filter.clinic_id) &&
    (filter.service_id === undefined || p.service_id === filter.service_id) &&
    (filter.price_list_id === undefined || p.price_list_id === filter.price_list_id) &&
    (statuses === null || statuses.includes(p.status)) &&
    (filter.method === undefined || p.method === filter.method) &&
    (filter.name_norm === undefined || p.name_norm === filter.name_norm) &&
    (filter.name_contains === undefined || p.name_norm.includes(filter.name_contains)) &&
    (kinds === null || kinds.includes(p.kind)) &&
    (filter.package_id === undefined || p.package_id === filter.package_id);
}

/** The test a queued position must pass for `filter`, or null when the filter asks nothing. */
function queueMatcherOf(filter: QueueFilter): ((position: Position) => boolean) | null {
  const { clinic_id, method, suggestion_service_ids, min_confidence, max_confidence } = filter;
  const services = suggestion_service_ids === undefined ? null : new Set(suggestion_service_ids);
  if (clinic_id === undefined && method === undefined && services === null && min_confidence === undefined && max_confidence === undefined) {
    return null;
  }
  return (p) =>
    (clinic_id === undefined || p.clinic_id === clinic_id) &&
    (method === undefined || p.candidates[0]?.method === method) &&
    (services === null || (p.candidates[0] !== undefined && services.has(p.candidates[0].service_id))) &&
    (min_confidence === undefined || p.confidence >= min_confidence) &&
    (max_confidence === undefined || p.confidence < max_confidence);
}
