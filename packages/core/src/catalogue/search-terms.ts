/**
 * What a search query may mean, besides its letters: each word nobody's name starts with corrected to the nearest
 * known word (a typo: «кардиолго» → «кардиолог»), and each phrase of the matcher's term table (terms.tsv) replaced by
 * its equivalents («общий анализ крови» → «оак», «узи» → «ультразвуковое исследование»). Pure; the known words come
 * from the caller (the dictionary's names and the term table).
 */
import { normalizeName } from '../match/normalize.js';
import type { TermEquivalence } from '../match/vocabulary.js';

/** A word of the query replaced by a known word. */
export interface SearchCorrection {
  readonly from: string;
  readonly to: string;
}

/** The readings of a query: phrases (word lists) any of which a name may match, and the corrections made. */
export interface SearchReadings {
  /** The query as typed (normalized) comes first, then the corrected phrase, then its equivalents. */
  readonly phrases: readonly (readonly string[])[];
  readonly corrections: readonly SearchCorrection[];
}

/** At most this many phrases are tried: a query of several abbreviations must not multiply into hundreds. */
export const MAX_READINGS = 16;

/**
 * Typos tolerated per word, by its length: none below 4 letters (a short word has too many neighbours: «узи» /
 * «эзи»), one edit up to 7, two from 8 on. An edit is an insertion, a deletion, a substitution or two adjacent
 * letters swapped (optimal string alignment), so «кардиолго» is one edit from «кардиолог».
 */
export function typoBudget(word: string): number {
  if (word.length < 4 || /\d/.test(word)) return 0;
  return word.length >= 8 ? 2 : 1;
}

/** The known words: every word of the names given and of the term table's phrases. */
export function knownWordsOf(names: Iterable<string>, terms: readonly TermEquivalence[]): KnownWords {
  const counts = new Map<string, number>();
  const addWords = (text: string) => {
    for (const word of text.split(' ')) if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
  };
  for (const name of names) addWords(name);
  for (const row of terms) for (const form of [row.canonical, ...row.variants]) addWords(normalizeName(form));
  return { counts, sorted: [...counts.keys()].sort() };
}

/** Words with how many names use each; sorted for the prefix look-up. */
export interface KnownWords {
  readonly counts: ReadonlyMap<string, number>;
  readonly sorted: readonly string[];
}

/** The readings of `words` (already normalized) against the known words and the term table. */
export function readingsOf(words: readonly string[], known: KnownWords, terms: readonly TermEquivalence[]): SearchReadings {
  const corrections: SearchCorrection[] = [];
  const corrected = words.map((word) => {
    const to = correctionOf(word, known);
    if (to !== null) corrections.push({ from: word, to });
    return to ?? word;
  });
  const phrases: string[][] = [[...words]];
  const add = (phrase: readonly string[]) => {
    const key = phrase.join(' ');
    if (phrases.length < MAX_READINGS && !phrases.some((p) => p.join(' ') === key)) phrases.push([...phrase]);
  };
  add(corrected);
  for (const phrase of [...phrases]) for (const equivalent of equivalentsOf(phrase, terms)) add(equivalent);
  return { phrases, corrections };
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping above `limit`. */
export function typoDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1);
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row[j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row[j] = value;
      best = Math.min(best, value);
    }
    if (i > 0 && best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

// ---- internal helpers ----

/**
 * `null` when some known word starts with `word` (it is not a typo, or too short to tell); else the known word
 * nearest to it, whole or as its beginning (a typed prefix «кардиолг» of «кардиологом»), ties to the word more
 * names use, then the alphabet; `null` when none is within the budget.
 */
function correctionOf(word: string, known: KnownWords): string | null {
  const budget = typoBudget(word);
  if (budget === 0 || startsSomeWord(word, known.sorted)) return null;
  let best: { word: string; distance: number; uses: number } | null = null;
  for (const [candidate, uses] of known.counts) {
    if (Math.abs(candidate.length - word.length) > budget && candidate.length < word.length) continue;
    const whole = typoDistance(word, candidate, budget);
    const prefix = candidate.length > word.length ? typoDistance(word, candidate.slice(0, word.length), budget) : whole;
    const distance = Math.min(whole, prefix);
    if (distance > budget) continue;
    if (!best || distance < best.distance || (distance === best.distance && (uses > best.uses || (uses === best.uses && candidate < best.word)))) {
      best = { word: candidate, distance, uses };
    }
  }
  return best?.word ?? null;
}

function startsSomeWord(word: string, sorted: readonly string[]): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < word) low = mid + 1;
    else high = mid;
  }
  return low < sorted.length && sorted[low]!.startsWith(word);
}

/** The phrase with one of its term-table phrasings replaced by each other phrasing of that row. */
function equivalentsOf(phrase: readonly string[], terms: readonly TermEquivalence[]): string[][] {
  const text = ` ${phrase.join(' ')} `;
  const out: string[][] = [];
  for (const row of terms) {
    const forms = [...new Set([row.canonical, ...row.variants].map(normalizeName))];
    for (const form of forms) {
      if (!text.includes(` ${form} `)) continue;
      for (const other of forms) {
        if (other === form) continue;
        out.push(text.replace(` ${form} `, ` ${other} `).trim().split(' '));
      }
    }
  }
  return out;
}
