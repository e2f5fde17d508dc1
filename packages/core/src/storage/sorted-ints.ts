/**
 * Sorted arrays of integers (position sequence numbers) kept sorted under insert and remove: the
 * indexes of the in-memory query port. Search is O(log n); the splice is a memory move.
 */

/** The first index whose item is not before `value` under `before`. */
export function lowerBound(items: readonly number[], value: number, before: (a: number, b: number) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(items[mid]!, value)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Ascending numeric order. */
export const ascending = (a: number, b: number): boolean => a < b;

/** Inserts `value` at its place (no-op when already there). */
export function insertSorted(items: number[], value: number, before: (a: number, b: number) => boolean = ascending): void {
  // Appends are the common case (ingest order): skip the search.
  const last = items[items.length - 1];
  if (last === undefined || before(last, value)) {
    items.push(value);
    return;
  }
  const at = lowerBound(items, value, before);
  if (items[at] === value) return;
  items.splice(at, 0, value);
}

/** Removes `value` (no-op when absent). `before` must be the order the array was built with. */
export function removeSorted(items: number[], value: number, before: (a: number, b: number) => boolean = ascending): void {
  const at = lowerBound(items, value, before);
  if (items[at] === value) items.splice(at, 1);
}

/** The union of ascending arrays, ascending. */
export function mergeAscending(lists: readonly (readonly number[])[]): number[] {
  const present = lists.filter((l) => l.length > 0);
  if (present.length === 0) return [];
  // Merged pairwise, each step linear: a queue-and-unrecognized listing of 1M positions sorts nothing.
  let merged: readonly number[] = present[0]!;
  for (const next of present.slice(1)) merged = mergeTwo(merged, next);
  return merged === present[0] ? [...merged] : (merged as number[]);
}

function mergeTwo(a: readonly number[], b: readonly number[]): number[] {
  const result = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) result[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) result[k++] = a[i++]!;
  while (j < b.length) result[k++] = b[j++]!;
  return result;
}

/**
 * Removes every one of `values` (absent ones are ignored) in one pass over the tail of `items` from the
 * first removed place: k removals cost O(k log n + n), not k memory moves of the whole array.
 */
export function removeManySorted(items: number[], values: readonly number[], before: (a: number, b: number) => boolean = ascending): void {
  const places: number[] = [];
  for (const value of values) {
    const at = lowerBound(items, value, before);
    if (items[at] === value) places.push(at);
  }
  if (places.length === 0) return;
  places.sort((a, b) => a - b);
  let write = places[0]!;
  let next = 0;
  for (let read = write; read < items.length; read++) {
    if (next < places.length && read === places[next]) {
      // Equal places (a value given twice) are skipped together.
      while (next < places.length && places[next] === read) next++;
      continue;
    }
    items[write++] = items[read]!;
  }
  items.length = write;
}

/** Inserts every one of `values` at its place (ones already there are not doubled), merging from the end in place. */
export function insertManySorted(items: number[], values: readonly number[], before: (a: number, b: number) => boolean = ascending): void {
  const added = [...new Set(values)].filter((value) => items[lowerBound(items, value, before)] !== value);
  if (added.length === 0) return;
  added.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  let i = items.length - 1;
  let j = added.length - 1;
  let write = items.length + added.length - 1;
  // Pushed, not a longer length: the array stays packed (no holes).
  for (let k = 0; k < added.length; k++) items.push(0);
  while (j >= 0) {
    if (i >= 0 && before(added[j]!, items[i]!)) items[write--] = items[i--]!;
    else items[write--] = added[j--]!;
  }
}
