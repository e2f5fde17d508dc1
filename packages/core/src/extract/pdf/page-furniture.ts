/**
 * Page furniture: text a document repeats at the same place on most pages (an appendix number with the dates
 * of an order, a stamp, a running title). It is no part of the table and must not become the section of every
 * row below it, so it is found over the whole document and removed before headers and headings are read.
 * Header bands repeat too, so lines with header words are never furniture.
 */
import { headerKindsOf, looksLikePrice } from './cell-kinds.js';
import { median, type TextLine } from './geometry.js';

/** Repeated text with the height it stands at. */
export interface Furniture {
  readonly key: string;
  readonly y: number;
}

/** Fewest pages a text must repeat on, and the share of the document's pages. */
const MIN_PAGES = 3;
const MIN_SHARE = 0.5;
/** How far (PDF units) the same furniture may stand from its usual height: scans are fed a few points apart. */
const Y_TOLERANCE = 20;
/** Shortest key (letters only) that is specific enough to be one text. */
const MIN_KEY = 8;

/** The furniture of a document, from the lines of each of its pages. */
export function findFurniture(pages: readonly (readonly TextLine[])[]): Furniture[] {
  const seen = new Map<string, { pages: Set<number>; ys: number[] }>();
  pages.forEach((lines, page) => {
    for (const line of lines) {
      const key = furnitureKey(line);
      if (key === null) continue;
      const entry = seen.get(key) ?? { pages: new Set<number>(), ys: [] };
      entry.pages.add(page);
      entry.ys.push(line.y);
      seen.set(key, entry);
    }
  });
  const needed = Math.max(MIN_PAGES, Math.ceil(MIN_SHARE * pages.length));
  const out: Furniture[] = [];
  for (const [key, { ys }] of seen) {
    const y = median(ys);
    const pagesNear = new Set<number>();
    pages.forEach((lines, page) => {
      if (lines.some((line) => furnitureKey(line) === key && Math.abs(line.y - y) <= Y_TOLERANCE)) pagesNear.add(page);
    });
    if (pagesNear.size >= needed) out.push({ key, y });
  }
  return out;
}

/** True when a line is one of the document's furniture, at its usual place. */
export function isFurniture(line: TextLine, furniture: readonly Furniture[]): boolean {
  if (furniture.length === 0) return false;
  const key = furnitureKey(line);
  return key !== null && furniture.some((f) => f.key === key && Math.abs(f.y - line.y) <= Y_TOLERANCE);
}

// ---------------------------------------------------------------- internal helpers

/**
 * The letters of a line, lower-cased (digits, spaces and punctuation dropped, so that a page number or an
 * OCR slip in a date does not hide a repeat); `null` for lines that can never be furniture: header lines,
 * lines with a price, short texts.
 */
function furnitureKey(line: TextLine): string | null {
  if (line.fragments.some((f) => headerKindsOf(f.text).length > 0 || looksLikePrice(f.text))) return null;
  const key = line.fragments.map((f) => f.text).join(' ').toLowerCase().replace(/ё/g, 'е').replace(/[^a-zа-я]/g, '');
  return key.length >= MIN_KEY ? key : null;
}
