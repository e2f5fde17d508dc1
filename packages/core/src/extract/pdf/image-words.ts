/**
 * Words read by OCR from a page image, made comparable with a text layer's items. An OCR word's box is not a
 * typeset line: its bottom is the lowest ink (a descender of «р», «у», a bracket), its height the ink's extent
 * (`сыв.` 4.3 pt, `(17-ОП)` 8.6 pt on one 8.6-pt line). The row builder measures gaps in font sizes, so each word
 * gets the page's font size as its height; the baselines are set per line by `clusterLines`.
 */
import type { PdfTextItem } from '../table.js';
import { median } from './geometry.js';

/** Height of digits over the font size: lining digits stand from the baseline to about the capitals' height. */
export const DIGIT_HEIGHT_EM = 0.7;
/** Fewest words of digits alone for their height to give the page's font size. */
const MIN_DIGIT_WORDS = 5;
/**
 * Share of words whose box is lower than the font size, for pages with too few digits: a word with both a capital
 * (or ascender) and a descender spans about the whole font size, and those are the tallest ordinary words.
 */
const TALL_WORD_QUANTILE = 0.85;

/** The font size of a page's OCR words: from the boxes of words of digits alone, else from the tallest words. */
export function imageFontSize(items: readonly PdfTextItem[]): number {
  const heights = items.filter((i) => i.height > 0 && i.str.trim() !== '');
  if (heights.length === 0) return 0;
  const digits = heights.filter((i) => /^\d[\d\s]*$/.test(i.str.trim())).map((i) => i.height);
  if (digits.length >= MIN_DIGIT_WORDS) return median(digits) / DIGIT_HEIGHT_EM;
  const sorted = heights.map((i) => i.height).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * TALL_WORD_QUANTILE))]!;
}

/** The words with the page's font size as their height (positions unchanged); `[]` stays `[]`. */
export function typesetImageWords(items: readonly PdfTextItem[]): PdfTextItem[] {
  const size = imageFontSize(items);
  if (size <= 0) return [...items];
  return items.map((i) => ({ ...i, height: size }));
}
