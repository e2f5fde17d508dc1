/**
 * Words read by OCR from a page image, made comparable with a text layer's items. An OCR word's box is not a
 * typeset line: its bottom is the lowest ink (a descender of «р», «у», a bracket), its height the ink's extent
 * (`сыв.` 4.3 pt, `(17-ОП)` 8.6 pt on one 8.6-pt line). The row builder measures gaps in font sizes, so the
 * fragments of a page's body get the page's font size; the baselines are set per line by `clusterLines`.
 */
import type { PdfTextItem } from '../table.js';
import { median, type TextLine } from './geometry.js';

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

/**
 * The lines with the font size of the page's words (`imageFontSize`) on every fragment whose box is not clearly
 * smaller than the page's usual box: a header's small print (5-pt words under a 7.5-pt body) keeps its own size.
 */
export function typesetImageLines(lines: readonly TextLine[], items: readonly PdfTextItem[]): TextLine[] {
  const size = imageFontSize(items);
  const usual = median(lines.flatMap((l) => l.fragments.map((f) => f.size)));
  if (size <= usual) return [...lines];
  return lines.map((line) => ({ ...line, fragments: line.fragments.map((f) => (f.size >= SMALL_PRINT * usual ? { ...f, size } : f)) }));
}

/** Box height, against the page's usual one, below which a fragment is small print and keeps its size. */
const SMALL_PRINT = 0.75;
