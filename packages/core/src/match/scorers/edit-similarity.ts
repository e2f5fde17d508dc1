/**
 * Edit similarity of two names on their sorted stems, so that word order does not matter
 * (`кала анализ общий` ~ `общий анализ кала`) while typos and OCR slips still count.
 */
import leven from 'leven';
import { termsKey } from '../terms.js';

/** 1 - Levenshtein distance / length of the longer string, over the sorted stems; 0..1. */
export function scoreEditSimilarity(a: readonly string[], b: readonly string[]): number {
  const left = sortedText(a);
  const right = sortedText(b);
  const longest = Math.max(left.length, right.length);
  if (longest === 0) return 0;
  return 1 - leven(left, right) / longest;
}

// ---- internal helpers ----

/**
 * The sorted stems as one string, remembered per term list: a dictionary entry's terms and a name's terms are
 * compared many times (every candidate, every head) as the same array objects.
 */
const SORTED = new WeakMap<readonly string[], string>();

function sortedText(terms: readonly string[]): string {
  let text = SORTED.get(terms);
  if (text === undefined) {
    text = termsKey(terms);
    SORTED.set(terms, text);
  }
  return text;
}
