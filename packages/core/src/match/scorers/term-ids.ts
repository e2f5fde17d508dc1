/**
 * Integer ids for the terms of dictionary entries, the same wherever a term is met: the term scorer compares a row
 * with the same entry terms for every candidate, reading and rival scope, and an array read by id is much cheaper
 * than a lookup by string. Ids are given on first sight of an entry's term and kept (the dictionary's vocabulary is
 * bounded); a row's terms are only looked up, never given one.
 */

const IDS = new Map<string, number>();
const TERMS: string[] = [];

/** The id of an entry's term, given on first sight. */
export function termIdOf(term: string): number {
  let id = IDS.get(term);
  if (id === undefined) {
    id = TERMS.length;
    IDS.set(term, id);
    TERMS.push(term);
  }
  return id;
}

/** The ids of a list of entry terms, in order. */
export function termIdsOf(terms: readonly string[]): Int32Array {
  const ids = new Int32Array(terms.length);
  for (let k = 0; k < terms.length; k += 1) ids[k] = termIdOf(terms[k]!);
  return ids;
}

/** The id of a term if some entry's term has it, else -1 (no id is given). */
export function knownTermId(term: string): number {
  return IDS.get(term) ?? -1;
}

/** How many ids were given so far: they are 0 .. count-1, and the count only grows. */
export function termIdCount(): number {
  return TERMS.length;
}

/** The term of an id. */
export function termOfId(id: number): string {
  return TERMS[id]!;
}
