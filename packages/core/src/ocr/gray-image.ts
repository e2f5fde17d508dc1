/**
 * Grey pictures as binary PGM (`P5`, what `pdftoppm -gray` writes without `-png`): read, cut a cell out
 * with the table's rules whitened, write. Plain bytes, no image library.
 */
import { ExtractError } from '../errors.js';
import { detail } from '../messages/message-catalogue.js';

/** An 8-bit grey picture, row by row from the top-left, 0 = black. */
export interface GrayImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

/** A rectangle in pixels (origin top-left), end exclusive. */
export interface PixelBox {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Pixels darker than this are ink. */
const INK = 128;
/** A pixel row (column) inked over this share of the cell's width (height) is a table rule, not a glyph. */
const RULE_SHARE = 0.6;
/** White margin added around a cut cell: tesseract reads glyphs touching the border poorly. */
const MARGIN = 10;

/** Parses a binary PGM (`P5`, maxval ≤ 255). Throws an {@link ExtractError} for anything else. */
export function parsePgm(bytes: Uint8Array): GrayImage {
  let pos = 0;
  const token = (): string => {
    for (;;) {
      while (pos < bytes.length && isSpace(bytes[pos]!)) pos++;
      if (bytes[pos] !== 0x23) break; // '#' comment to the end of the line
      while (pos < bytes.length && bytes[pos] !== 0x0a) pos++;
    }
    const start = pos;
    while (pos < bytes.length && !isSpace(bytes[pos]!)) pos++;
    return String.fromCharCode(...bytes.subarray(start, pos));
  };
  const magic = token();
  const width = Number(token());
  const height = Number(token());
  const maxval = Number(token());
  pos++; // the single whitespace after maxval
  const ok = magic === 'P5' && width > 0 && height > 0 && maxval > 0 && maxval <= 255 && bytes.length - pos >= width * height;
  if (!ok) throw new ExtractError(detail('OCR_NOT_PGM'));
  return { width, height, pixels: bytes.subarray(pos, pos + width * height) };
}

/** A binary PGM of `image`. */
export function encodePgm(image: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const out = new Uint8Array(header.length + image.pixels.length);
  out.set(header);
  out.set(image.pixels, header.length);
  return out;
}

/**
 * The part of `image` inside `box` (clipped to the picture), with a white margin, and with table rules
 * whitened: pixel rows or columns inked over most of the cell are ruling lines, which a digits-only reader
 * would take for `1`s.
 */
export function cutCell(image: GrayImage, box: PixelBox): GrayImage {
  const left = clamp(Math.floor(box.left), 0, image.width);
  const right = clamp(Math.ceil(box.right), left, image.width);
  const top = clamp(Math.floor(box.top), 0, image.height);
  const bottom = clamp(Math.ceil(box.bottom), top, image.height);
  const w = right - left;
  const h = bottom - top;
  const cell = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) cell.set(image.pixels.subarray((top + y) * image.width + left, (top + y) * image.width + right), y * w);
  whitenRules(cell, w, h);
  const width = w + 2 * MARGIN;
  const height = h + 2 * MARGIN;
  const pixels = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < h; y++) pixels.set(cell.subarray(y * w, (y + 1) * w), (y + MARGIN) * width + MARGIN);
  return { width, height, pixels };
}

/** True when the picture has no ink at all (nothing to read). */
export function isBlank(image: GrayImage): boolean {
  return !image.pixels.some((p) => p < INK);
}

// ---------------------------------------------------------------- internal helpers

function whitenRules(cell: Uint8Array, w: number, h: number): void {
  if (w === 0 || h === 0) return;
  const ruleRows: number[] = [];
  for (let y = 0; y < h; y++) {
    let ink = 0;
    for (let x = 0; x < w; x++) if (cell[y * w + x]! < INK) ink++;
    if (ink > RULE_SHARE * w) ruleRows.push(y);
  }
  const ruleCols: number[] = [];
  for (let x = 0; x < w; x++) {
    let ink = 0;
    for (let y = 0; y < h; y++) if (cell[y * w + x]! < INK) ink++;
    if (ink > RULE_SHARE * h) ruleCols.push(x);
  }
  for (const y of ruleRows) cell.fill(255, y * w, (y + 1) * w);
  for (const x of ruleCols) for (let y = 0; y < h; y++) cell[y * w + x] = 255;
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
