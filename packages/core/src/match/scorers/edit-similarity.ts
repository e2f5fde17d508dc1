/**
 * Edit similarity of two names on their sorted stems, so that word order does not matter
 * (`кала анализ общий` ~ `общий анализ кала`) while typos and OCR slips still count.
 */
import leven from 'leven';

/** 1 - Levenshtein distance / length of the longer string, over the sorted stems; 0..1. */
export function scoreEditSimilarity(a: readonly string[], b: readonly string[]): number {
  const left = [...a].sort().join(' ');
  const right = [...b].sort().join(' ');
  const longest = Math.max(left.length, right.length);
  if (longest === 0) return 0;
  return 1 - leven(left, right) / longest;
}
