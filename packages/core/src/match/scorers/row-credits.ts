/**
 * A row's credit per entry term, by term id (term-ids.ts): the term scorer reads what a row covers of the same entry
 * terms for every candidate, reading and rival scope. A row keeps the few ids it gives credit to; they are laid into
 * one of a few shared dense tables, stamped with the row's generation, so that a new row starts empty without clearing
 * anything and every other id reads 0.
 */
import { termIdCount } from './term-ids.js';

/** A table of credits by term id; an entry is the row's where `stamp` equals the row's generation, else 0. */
export interface CreditTable {
  found: Float64Array;
  stamp: Int32Array;
  owner: RowCredits | null;
}

/** What a row keeps of its credits: the ids it credits and how much, the table lent to it and its generation there. */
export interface RowCredits {
  readonly creditIds: number[];
  readonly credits: number[];
  table: CreditTable | null;
  generation: number;
}

/** Records the row's credit for an id (> 0; each id once). */
export function addCredit(row: RowCredits, id: number, credit: number): void {
  row.creditIds.push(id);
  row.credits.push(credit);
  const table = row.table;
  if (table !== null && table.owner === row) {
    if (id >= table.stamp.length) grow(table);
    table.found[id] = credit;
    table.stamp[id] = row.generation;
  }
}

/** A row's name, its first sentence and that without brackets are scored side by side: a few tables suffice. */
const POOL_SIZE = 16;
const POOL: CreditTable[] = Array.from({ length: POOL_SIZE }, () => ({ found: new Float64Array(0), stamp: new Int32Array(0), owner: null }));
let nextTable = 0;
let generation = 0;
const MAX_GENERATION = 2 ** 30;

/** The table holding the row's credits, lent anew when another row took it since; sized for every id given so far. */
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
    if (table.stamp.length < termIdCount()) grow(table);
    for (let k = 0; k < row.creditIds.length; k += 1) {
      table.found[row.creditIds[k]!] = row.credits[k]!;
      table.stamp[row.creditIds[k]!] = row.generation;
    }
  }
  if (table.stamp.length < termIdCount()) grow(table);
  return table;
}

function grow(table: CreditTable): void {
  const size = Math.max(termIdCount(), table.stamp.length * 2, 1024);
  const stamp = new Int32Array(size);
  const found = new Float64Array(size);
  stamp.set(table.stamp);
  found.set(table.found);
  table.stamp = stamp;
  table.found = found;
}
