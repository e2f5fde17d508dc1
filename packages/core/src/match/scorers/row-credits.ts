/**
 * Integer ids for the terms of dictionary entries, and a row's credit per term id in typed arrays: the term scorer
 * asks what a row covers of the same entry terms for every candidate, reading and rival scope, and an array read
 * by id is much cheaper than a lookup by string. Ids are given on first sight and kept (the dictionary's vocabulary is
 * bounded). A row's credits live in one of a few shared tables, stamped with the row's generation, so a new row
 * starts empty without clearing anything.
 */

const IDS = new Map<string, number>();

/** The id of a term, the same wherever the term is met. */
export function termIdOf(term: string): number {
  let id = IDS.get(term);
  if (id === undefined) {
    id = IDS.size;
    IDS.set(term, id);
  }
  return id;
}

/** The ids of a list of terms, in order. */
export function termIdsOf(terms: readonly string[]): Int32Array {
  const ids = new Int32Array(terms.length);
  for (let k = 0; k < terms.length; k += 1) ids[k] = termIdOf(terms[k]!);
  return ids;
}

/** A table of credits by term id; an entry is the row's where `stamp` equals the row's generation. */
export interface CreditTable {
  found: Float64Array;
  stamp: Int32Array;
  owner: RowCredits | null;
}

/** What a row keeps of its credits: the table lent to it and its generation there. */
export interface RowCredits {
  table: CreditTable | null;
  generation: number;
}

/** A row's name, its first sentence and that without brackets are scored side by side: a few tables suffice. */
const POOL_SIZE = 16;
const POOL: CreditTable[] = Array.from({ length: POOL_SIZE }, () => ({ found: new Float64Array(0), stamp: new Int32Array(0), owner: null }));
let nextTable = 0;
let generation = 0;
const MAX_GENERATION = 2 ** 30;

/** The table holding the row's credits, lent anew (empty) when another row took it since; sized for every id given so far. */
export function creditTableOf(row: RowCredits): CreditTable {
  let table = row.table;
  if (table === null || table.owner !== row) {
    if (generation >= MAX_GENERATION) {
      for (const other of POOL) {
        other.stamp.fill(0);
        other.owner = null;
      }
      generation = 0;
    }
    table = POOL[nextTable]!;
    nextTable = (nextTable + 1) % POOL_SIZE;
    table.owner = row;
    row.table = table;
    row.generation = ++generation;
  }
  if (table.stamp.length < IDS.size) {
    const size = Math.max(IDS.size, table.stamp.length * 2, 1024);
    const stamp = new Int32Array(size);
    const found = new Float64Array(size);
    stamp.set(table.stamp);
    found.set(table.found);
    table.stamp = stamp;
    table.found = found;
  }
  return table;
}
