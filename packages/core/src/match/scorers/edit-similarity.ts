/**
 * Edit similarity of two names on their sorted stems, so that word order does not matter
 * (`кала анализ общий` ~ `общий анализ кала`) while typos and OCR slips still count.
 */
import { termsKey } from '../terms.js';

/** 1 - Levenshtein distance / length of the longer string, over the sorted stems; 0..1. */
export function scoreEditSimilarity(a: readonly string[], b: readonly string[]): number {
  return editSimilarityOfKeys(sortedText(a), sortedText(b));
}

/** {@link scoreEditSimilarity} of two term lists given as their keys (terms.ts `termsKey`: sorted, joined). */
export function editSimilarityOfKeys(left: string, right: string): number {
  const longest = Math.max(left.length, right.length);
  if (longest === 0) return 0;
  return 1 - editDistance(left, right) / longest;
}

/**
 * Levenshtein distance; when the shorter string has at most 32 characters, by Myers' bit-parallel algorithm (one
 * pass over the longer string, the shorter one's columns as the bits of a 32-bit word), else by the same algorithm in
 * blocks of 32 columns. The Levenshtein distance either way, several times faster than the textbook table.
 */
export function editDistance(a: string, b: string): number {
  // Not destructured from an array: one is made per call otherwise.
  const short = a.length <= b.length ? a : b;
  const long = a.length <= b.length ? b : a;
  if (short.length > 32) return blockedDistance(short, long);
  const n = short.length;
  if (n === 0) return long.length;
  // The bits of each character of the short string, in a table over the whole BMP, cleared again before returning.
  for (let i = 0; i < n; i += 1) PEQ[short.charCodeAt(i)]! |= 1 << i;
  const last = 1 << (n - 1);
  let pv = -1;
  let mv = 0;
  let score = n;
  for (let j = 0; j < long.length; j += 1) {
    const eq = PEQ[long.charCodeAt(j)]!;
    const xv = eq | mv;
    // The sum may pass 32 bits; `^` takes it modulo 2^32, as the algorithm wants.
    const xh = (((eq & pv) + pv) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & last) score += 1;
    if (mh & last) score -= 1;
    ph = (ph << 1) | 1;
    mh <<= 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
  }
  for (let i = 0; i < n; i += 1) PEQ[short.charCodeAt(i)] = 0;
  return score;
}

/** Per-character bit masks of {@link editDistance}, all zero between calls. */
const PEQ = new Int32Array(65536);

/**
 * Myers' algorithm with the short string's columns in blocks of 32 bits (Myers 1999, §4; the blocks pass the
 * horizontal difference of their last row on, as `advance_block` does), for names longer than one word of bits.
 */
function blockedDistance(short: string, long: string): number {
  const m = short.length;
  const blocks = Math.ceil(m / 32);
  if (blocks > blockCapacity) {
    blockCapacity = blocks;
    BLOCK_PEQ = new Int32Array(65536 * blocks);
    BLOCK_P = new Int32Array(blocks);
    BLOCK_M = new Int32Array(blocks);
  }
  const peq = BLOCK_PEQ;
  const P = BLOCK_P;
  const M = BLOCK_M;
  for (let i = 0; i < m; i += 1) peq[((i >>> 5) << 16) + short.charCodeAt(i)]! |= 1 << (i & 31);
  for (let b = 0; b < blocks; b += 1) {
    P[b] = -1;
    M[b] = 0;
  }
  const lastBit = 1 << ((m - 1) & 31);
  const lastBlock = blocks - 1;
  let score = m;
  for (let j = 0; j < long.length; j += 1) {
    const c = long.charCodeAt(j);
    // The first row grows by one per column.
    let hin = 1;
    for (let b = 0; b < blocks; b += 1) {
      const pv = P[b]!;
      const mv = M[b]!;
      let eq = peq[(b << 16) + c]!;
      const xv = eq | mv;
      if (hin < 0) eq |= 1;
      const xh = (((eq & pv) + pv) ^ pv) | eq;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      if (b === lastBlock) {
        if (ph & lastBit) score += 1;
        if (mh & lastBit) score -= 1;
      }
      const hout = ph & 0x80000000 ? 1 : mh & 0x80000000 ? -1 : 0;
      ph <<= 1;
      mh <<= 1;
      if (hin < 0) mh |= 1;
      else if (hin > 0) ph |= 1;
      P[b] = mh | ~(xv | ph);
      M[b] = ph & xv;
      hin = hout;
    }
  }
  for (let i = 0; i < m; i += 1) peq[((i >>> 5) << 16) + short.charCodeAt(i)] = 0;
  return score;
}

let blockCapacity = 0;
let BLOCK_PEQ = new Int32Array(0);
let BLOCK_P = new Int32Array(0);
let BLOCK_M = new Int32Array(0);

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
