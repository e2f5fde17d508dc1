/**
 * Text lines from positioned items: items whose baselines agree form a line, and neighbouring items
 * on a line that are closer than a word gap form one fragment (a cell's text, or part of it).
 * Run on de-skewed items (see `skew.ts`): on a tilted page a line's baseline drifts more than a line.
 */
import type { PdfTextItem } from '../table.js';
import { median, type Fragment, type TextLine } from './geometry.js';

/** Gap, in font sizes, up to which two items on a line are one fragment (words of one cell). */
export const FRAGMENT_GAP_EM = 0.8;
/** Gap, in font sizes, below which two items are pieces of one word and join without a space. */
export const GLYPH_GAP_EM = 0.15;

/**
 * Groups items into lines, top of the page first. Two items share a line when their vertical
 * centres differ by less than ~0.45 of the font size, so the small unit text (`1 посещение`, 5 pt)
 * beside a 7.5 pt name still joins its line, while wrapped lines (a line height apart) do not.
 * `boxBottoms`: the items' `y` are the bottoms of OCR word boxes, which descenders pull below the
 * baseline by a varying amount; every item of a line then stands on the line's baseline, the median
 * of its items' bottoms (most words of a table row, its number, code and prices, have no descender),
 * so that a name is as high as the number and prices printed on its baseline.
 */
export function clusterLines(items: readonly PdfTextItem[], boxBottoms = false): TextLine[] {
  const usable = items.filter((i) => i.str.trim() !== '');
  if (usable.length === 0) return [];
  const typical = median(usable.map(sizeOf)) || 8;
  const sorted = [...usable].sort((a, b) => centreOf(b) - centreOf(a) || a.x - b.x);
  const groups: { centre: number; items: PdfTextItem[] }[] = [];
  for (const item of sorted) {
    const c = centreOf(item);
    const last = groups[groups.length - 1];
    const tolerance = 0.45 * Math.max(typical, Math.min(sizeOf(item), typical * 1.5));
    if (last && Math.abs(last.centre - c) <= tolerance) {
      last.items.push(item);
      last.centre = last.items.reduce((s, i) => s + centreOf(i), 0) / last.items.length;
    } else {
      groups.push({ centre: c, items: [item] });
    }
  }
  return groups.map((g) => {
    const y = median(g.items.map((i) => i.y));
    return { y, fragments: joinFragments(boxBottoms ? g.items.map((i) => ({ ...i, y })) : g.items) };
  });
}

/**
 * Joins the items of one line into fragments, left to right: a gap under {@link GLYPH_GAP_EM} of
 * the font size is inside a word (OCR words cut into pieces: `К ож ны е` → `Кожные`), a gap under
 * {@link FRAGMENT_GAP_EM} is a word space, a wider gap starts a new fragment (another cell).
 * Digits on both sides of a gap always keep a space: `12 600` stays a digit group for the price parser.
 */
export function joinFragments(items: readonly PdfTextItem[]): Fragment[] {
  const sorted = items.filter((i) => i.str.trim() !== '').sort((a, b) => a.x - b.x);
  const out: Fragment[] = [];
  let current: { text: string; x0: number; x1: number; ys: number[]; sizes: number[] } | null = null;
  for (const item of sorted) {
    const text = item.str.trim();
    const size = sizeOf(item);
    if (current) {
      const gap = item.x - current.x1;
      const em = Math.max(size, median(current.sizes));
      if (gap < FRAGMENT_GAP_EM * em) {
        const digits = /\d$/.test(current.text) && /^\d/.test(text);
        const glue = gap < GLYPH_GAP_EM * em && !digits ? '' : ' ';
        current.text += glue + text;
        current.x1 = Math.max(current.x1, item.x + item.width);
        current.ys.push(item.y);
        current.sizes.push(size);
        continue;
      }
      out.push(toFragment(current));
    }
    current = { text, x0: item.x, x1: item.x + item.width, ys: [item.y], sizes: [size] };
  }
  if (current) out.push(toFragment(current));
  return out;
}

/** The text of a line, fragments joined by spaces. */
export function lineText(line: TextLine): string {
  return line.fragments.map((f) => f.text).join(' ');
}

// ---------------------------------------------------------------- internal helpers

function sizeOf(item: PdfTextItem): number {
  return item.height > 0 ? item.height : 8;
}

/** The middle of the letters: baseline plus about a third of the font size. */
function centreOf(item: PdfTextItem): number {
  return item.y + sizeOf(item) * 0.35;
}

function toFragment(f: { text: string; x0: number; x1: number; ys: number[]; sizes: number[] }): Fragment {
  return { text: f.text.replace(/\s+/g, ' '), x0: f.x0, x1: f.x1, y: median(f.ys), size: median(f.sizes) };
}
