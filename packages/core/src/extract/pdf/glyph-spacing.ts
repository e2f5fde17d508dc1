/**
 * Letter-spaced OCR text (`Н а и м е н о в а н и е`, `П оликлиника`): OCR engines place every glyph
 * where it sat on the scan, so the gaps between letters of one word vary, and pdf.js inserts a space
 * wherever a gap exceeds a tenth of the font size. The text layer itself separates words with space
 * glyphs, so the real word breaks are known from the glyph stream: this module removes the spaces
 * pdf.js invented inside words and keeps the ones the PDF wrote.
 */

/** One glyph of a shown string: its text and whether it is a word break (a space glyph). */
export interface ShownGlyph {
  readonly text: string;
  /** True for a space glyph, or a jump so wide it separates words (an OCR layer positioning words). */
  readonly isBreak: boolean;
}

/** Horizontal jump, in text-space ems, that separates words even without a space glyph. */
export const WORD_GAP_EM = 0.6;

/**
 * The glyphs of one `showText` operation of pdf.js's operator list: glyph objects (with `unicode`,
 * `isSpace`) and kerning numbers in thousandths of an em (negative = move right).
 */
export function glyphsOfShowText(args: readonly unknown[]): ShownGlyph[] {
  const out: ShownGlyph[] = [];
  for (const entry of args) {
    if (typeof entry === 'number') {
      if (-entry / 1000 >= WORD_GAP_EM) out.push({ text: ' ', isBreak: true });
      continue;
    }
    if (entry === null || typeof entry !== 'object') continue;
    const glyph = entry as { unicode?: unknown; isSpace?: unknown };
    const text = typeof glyph.unicode === 'string' ? glyph.unicode : '';
    // Some OCR fonts flag a letter's code as a space (`х` drawn with code 32): trust the text.
    const isBreak = text.trim() === '';
    out.push({ text: isBreak ? ' ' : text, isBreak });
  }
  return out;
}

/**
 * The item strings with the spaces inside words removed. `runs` are the page's shown strings in
 * content order (a run boundary counts as a word break); `items` are pdf.js text items of the same page
 * in the same order. Items that cannot be aligned with the glyphs keep their text. A space between two
 * digits is always kept: `12 600` is a thousands group for the price parser, not a letter gap.
 */
export function respaceItems(items: readonly string[], runs: readonly (readonly ShownGlyph[])[]): string[] {
  const chars: string[] = [];
  const breakBefore: boolean[] = [];
  for (const run of runs) {
    let pendingBreak = true;
    for (const glyph of run) {
      if (glyph.isBreak) {
        pendingBreak = true;
        continue;
      }
      for (const ch of [...glyph.text]) {
        if (ch.trim() === '') continue;
        chars.push(ch);
        breakBefore.push(pendingBreak);
        pendingBreak = false;
      }
    }
  }
  let cursor = 0;
  return items.map((str) => {
    const result = alignItem(str, chars, breakBefore, cursor);
    if (result === null) return str;
    cursor = result.cursor;
    return result.text;
  });
}

// ---------------------------------------------------------------- internal helpers

/** How far ahead a resync may look for an item's first character (glyphs pdf.js dropped or merged). */
const RESYNC_WINDOW = 40;

function alignItem(
  str: string,
  chars: readonly string[],
  breakBefore: readonly boolean[],
  start: number,
): { text: string; cursor: number } | null {
  const letters = [...str];
  const firstIndex = letters.findIndex((c) => c.trim() !== '');
  if (firstIndex === -1) return { text: str, cursor: start };
  let cursor = findStart(letters, chars, start);
  if (cursor === -1) return null;
  let out = '';
  let pendingSpace = false;
  let previous = '';
  for (const ch of letters) {
    if (ch.trim() === '') {
      pendingSpace = out !== '';
      continue;
    }
    if (chars[cursor] !== ch) return null;
    if (pendingSpace) {
      const keep = breakBefore[cursor] === true || (/\d/.test(previous) && /\d/.test(ch));
      if (keep) out += ' ';
      pendingSpace = false;
    }
    out += ch;
    previous = ch;
    cursor++;
  }
  return { text: out, cursor };
}

/** The position in `chars` where the item's non-space characters start, searching a little ahead. */
function findStart(letters: readonly string[], chars: readonly string[], start: number): number {
  const wanted = letters.filter((c) => c.trim() !== '').slice(0, 4);
  for (let i = start; i < Math.min(chars.length, start + RESYNC_WINDOW); i++) {
    if (wanted.every((c, k) => chars[i + k] === c)) return i;
  }
  return -1;
}
