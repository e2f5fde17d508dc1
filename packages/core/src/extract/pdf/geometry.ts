/**
 * Geometry shared by the PDF page-reading steps: text pieces after de-skewing, lines and cells.
 * Coordinates are PDF units with the origin bottom-left, so a larger `y` is higher on the page.
 */
import type { PdfTextItem } from '../table.js';

/** A piece of text on one line, after fragments were joined: what becomes (part of) a cell. */
export interface Fragment {
  readonly text: string;
  /** Left and right edge. */
  readonly x0: number;
  readonly x1: number;
  /** Baseline (de-skewed). */
  readonly y: number;
  /** Font size (height of the text). */
  readonly size: number;
}

/** Fragments whose baselines agree, left to right. */
export interface TextLine {
  readonly y: number;
  readonly fragments: readonly Fragment[];
}

/** One page's text, ready for table reconstruction. */
export interface PageText {
  /** 1-based page number. */
  readonly pageNumber: number;
  readonly width: number;
  readonly height: number;
  readonly items: readonly PdfTextItem[];
  /**
   * True when the items were read from the page image by OCR: their `y` is the bottom of the word's box, not its
   * baseline (a word with «р», «у» or a bracket hangs two or three points lower than the digits beside it).
   */
  readonly fromImage?: boolean;
}

/** The median of a list of numbers (0 for an empty list). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Horizontal overlap of two intervals (0 when apart). */
export function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}
