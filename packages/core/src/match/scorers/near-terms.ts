/**
 * Near terms: an entry's term that a row's term names with an OCR slip or a cut ending (`гемоглобнн`, `бактериолог`
 * / `бактериологическ`), and the credit the scorer gives it ({@link nearCredit}). The scorer asks, for every row
 * term, which entry terms it nearly names; comparing it with each term of each candidate costs more than the rest of
 * the score, so the terms with ids (term-ids.ts) are indexed by the keys a near pair must share, and a row term's
 * near entry terms are found by a few lookups, then checked with {@link nearCredit} itself (the same pairs, the same
 * credits). A row term's answer is remembered in the caller's memo (one per matcher, so that one matcher's work never
 * speeds up another's), and brought up to date when entries bring new terms.
 */
import { knownTermId, termIdCount, termOfId } from './term-ids.js';

/** The entry terms (by id) near a term, each with its credit (> 0); never the term itself. */
export interface NearTerms {
  readonly ids: readonly number[];
  readonly credits: readonly number[];
}

/**
 * How well a word names another that is not the same: 0.9 for a cut ending (or an adjective of the noun), 0.8 for one
 * letter wrong, missing or added (0.9 for a long word), else 0. Both words need five letters or more.
 */
export function nearCredit(a: string, b: string): number {
  // Both rules below need a shorter word of five letters or more.
  if (a.length < 5 || b.length < 5) return 0;
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  if (shorter.length >= 5 && longer.startsWith(shorter) && isCutEnding(longer, shorter.length)) return 0.9;
  if (shorter.length >= 6 && longer.length - shorter.length <= 1 && withinOneEdit(shorter, longer)) return shorter.length >= LONG_WORD ? 0.9 : 0.8;
  return 0;
}

/** Row terms' answers, with the id count they hold for. */
export type NearTermsMemo = Map<string, { count: number; near: NearTerms }>;

/** The entry terms near `term`, as of the ids given so far, remembered in `memo`. */
export function nearTermsOf(term: string, memo: NearTermsMemo): NearTerms {
  const count = termIdCount();
  const known = memo.get(term);
  if (known?.count === count) return known.near;
  const near = known ? withNewTerms(term, known.near, known.count, count) : searched(term);
  if (!known && memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(term, { count, near });
  return near;
}

// ---- internal helpers ----

/**
 * A cut ending adds at most this many letters, or makes an adjective of a noun (`бактериолог` /
 * `бактериологическ`): more, and the longer word is another word built on the shorter (`аллерг` / `аллергопроб`,
 * `голен` / `голеностопн`, `липопротеин` / `липопротеинограм`).
 */
const MAX_CUT_ENDING = 3;
const ADJECTIVE_ENDING = /^и?ческ$/;
/** The longest ending {@link isCutEnding} accepts (`ическ`): a prefix pair differs by no more letters. */
const MAX_ENDING = 5;

/** A word this long with one letter wrong (`блефоропластик`, `миелопераксидаз`) is an OCR or typing slip. */
const LONG_WORD = 10;

/** True when what `word` has past `from` is a cut ending (read without copying it when it is short). */
function isCutEnding(word: string, from: number): boolean {
  return word.length - from <= MAX_CUT_ENDING || ADJECTIVE_ENDING.test(word.slice(from));
}

/** True when one substitution, insertion or deletion turns `shorter` into `longer` (at most one letter longer). */
function withinOneEdit(shorter: string, longer: string): boolean {
  // Letters compared by code, no string made.
  let i = 0;
  while (i < shorter.length && shorter.charCodeAt(i) === longer.charCodeAt(i)) i += 1;
  if (i === shorter.length) return true;
  // A substituted letter when the lengths are equal, else a letter inserted into the longer word: the rest alike.
  const skipped = shorter.length === longer.length ? i + 1 : i;
  if (shorter.length - skipped !== longer.length - (i + 1)) return false;
  for (let k = 0; skipped + k < shorter.length; k += 1) if (shorter.charCodeAt(skipped + k) !== longer.charCodeAt(i + 1 + k)) return false;
  return true;
}

const NONE: NearTerms = { ids: [], credits: [] };

/** How many row terms a memo holds (a price list has a few thousand distinct words). */
const MEMO_LIMIT = 100_000;

/**
 * The keys of the indexed terms. A prefix pair (a cut ending) shares the shorter word: each term's prefixes of five
 * letters or more, at most {@link MAX_ENDING} letters shorter, lead to it. A pair one edit apart (the shorter of six
 * letters or more) shares a word with one letter deleted: each term of six letters or more is reached by each of its
 * one-letter deletions (a substitution deletes the same letter of both words, an insertion leaves the shorter word).
 */
const BY_PREFIX = new Map<string, number[]>();
const BY_DELETION = new Map<string, number[]>();
let indexedCount = 0;

function indexNewTerms(): void {
  const count = termIdCount();
  for (; indexedCount < count; indexedCount += 1) {
    const term = termOfId(indexedCount);
    if (term.length < 5) continue;
    for (let length = Math.max(5, term.length - MAX_ENDING); length < term.length; length += 1) pushTo(BY_PREFIX, term.slice(0, length), indexedCount);
    if (term.length < 6) continue;
    let previous = '';
    for (let i = 0; i < term.length; i += 1) {
      const deleted = term.slice(0, i) + term.slice(i + 1);
      // A doubled letter gives the same deletion twice.
      if (deleted !== previous) pushTo(BY_DELETION, deleted, indexedCount);
      previous = deleted;
    }
  }
}

/** The near terms among every id given, through the keys. */
function searched(term: string): NearTerms {
  if (term.length < 5) return NONE;
  indexNewTerms();
  const candidates = new Set<number>();
  const add = (id: number) => {
    if (id >= 0) candidates.add(id);
  };
  // Entry terms the term continues with a cut ending, and entry terms that continue the term.
  for (let length = Math.max(5, term.length - MAX_ENDING); length < term.length; length += 1) add(knownTermId(term.slice(0, length)));
  for (const id of BY_PREFIX.get(term) ?? []) add(id);
  if (term.length >= 6) {
    // One letter more in the entry term; one letter wrong; one letter fewer (then six or more letters left).
    for (const id of BY_DELETION.get(term) ?? []) add(id);
    for (let i = 0; i < term.length; i += 1) {
      const deleted = term.slice(0, i) + term.slice(i + 1);
      for (const id of BY_DELETION.get(deleted) ?? []) add(id);
      if (term.length >= 7) add(knownTermId(deleted));
    }
  }
  return checked(term, candidates);
}

/** A remembered answer with the terms given ids since it was found, each compared directly. */
function withNewTerms(term: string, near: NearTerms, from: number, to: number): NearTerms {
  if (term.length < 5) return near;
  const candidates = new Set<number>(near.ids);
  for (let id = from; id < to; id += 1) candidates.add(id);
  return checked(term, candidates);
}

function checked(term: string, candidates: Iterable<number>): NearTerms {
  const ids: number[] = [];
  const credits: number[] = [];
  for (const id of candidates) {
    const other = termOfId(id);
    if (other === term) continue;
    const credit = nearCredit(other, term);
    if (credit > 0) {
      ids.push(id);
      credits.push(credit);
    }
  }
  return ids.length === 0 ? NONE : { ids, credits };
}

function pushTo(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
