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
/**
 * Least difference, in grey levels, between a cell's ink and its paper for the cell to hold anything: below it
 * the two classes of the cell's threshold are paper and its grain.
 */
const MIN_CONTRAST = 48;
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
 * would take for `1`s. A faint cell's contrast is stretched first, from its own ink to its own paper (the two
 * classes of Otsu's threshold): a greyed scan prints its digits at 190 on paper at 245, which the fixed ink level
 * and the digit reader both miss; such a cell whose two levels lie closer than {@link MIN_CONTRAST} is blank. With `tilt`
 * (radians, positive when the picture's lines rise to the right), `box` is a box of the picture turned straight
 * about its bottom-left corner, and the cell is sampled along the tilt (bilinear), so that a tilted scan's rules
 * come out level and are whitened like any other.
 */
export function cutCell(image: GrayImage, box: PixelBox, tilt = 0): GrayImage {
  const cell = tilt === 0 ? straightCut(image, box) : tiltedCut(image, box, tilt);
  const { width: w, height: h } = cell;
  whitenRules(cell.pixels, w, h);
  if (stretchContrast(cell.pixels)) whitenRules(cell.pixels, w, h);
  const width = w + 2 * MARGIN;
  const height = h + 2 * MARGIN;
  const pixels = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < h; y++) pixels.set(cell.pixels.subarray(y * w, (y + 1) * w), (y + MARGIN) * width + MARGIN);
  return { width, height, pixels };
}

/** True when the picture has no ink at all (nothing to read). */
export function isBlank(image: GrayImage): boolean {
  return !image.pixels.some((p) => p < INK);
}

// ---------------------------------------------------------------- internal helpers

function straightCut(image: GrayImage, box: PixelBox): GrayImage {
  const left = clamp(Math.floor(box.left), 0, image.width);
  const right = clamp(Math.ceil(box.right), left, image.width);
  const top = clamp(Math.floor(box.top), 0, image.height);
  const bottom = clamp(Math.ceil(box.bottom), top, image.height);
  const w = right - left;
  const h = bottom - top;
  const pixels = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) pixels.set(image.pixels.subarray((top + y) * image.width + left, (top + y) * image.width + right), y * w);
  return { width: w, height: h, pixels };
}

/** The box of the straightened picture, each pixel taken from where the tilt puts it (white outside the picture). */
function tiltedCut(image: GrayImage, box: PixelBox, tilt: number): GrayImage {
  const left = Math.floor(box.left);
  const top = Math.floor(box.top);
  const w = Math.max(0, Math.ceil(box.right) - left);
  const h = Math.max(0, Math.ceil(box.bottom) - top);
  const cos = Math.cos(tilt);
  const sin = Math.sin(tilt);
  const pixels = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    // Straight point (u, v) with v upwards from the picture's bottom edge, turned back by the tilt.
    const v = image.height - (top + y + 0.5);
    for (let x = 0; x < w; x++) {
      const u = left + x + 0.5;
      const px = u * cos - v * sin - 0.5;
      const py = image.height - (u * sin + v * cos) - 0.5;
      pixels[y * w + x] = bilinear(image, px, py);
    }
  }
  return { width: w, height: h, pixels };
}

function bilinear(image: GrayImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const at = (cx: number, cy: number): number => (cx < 0 || cy < 0 || cx >= image.width || cy >= image.height ? 255 : image.pixels[cy * image.width + cx]!);
  const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
  const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
  return Math.round(top * (1 - fy) + bottom * fy);
}

/**
 * A faint cell (its ink, the darker of the two classes Otsu's threshold splits it into, lighter than {@link INK} on
 * average) with its grey levels stretched between its ink and its paper; all white when they lie closer than
 * {@link MIN_CONTRAST}. A cell with black ink is left as it is.
 */
function stretchContrast(pixels: Uint8Array): boolean {
  const histogram = new Array<number>(256).fill(0);
  for (const p of pixels) histogram[p]!++;
  const total = pixels.length;
  let sumAll = 0;
  for (let t = 0; t < 256; t++) sumAll += t * histogram[t]!;
  let below = 0;
  let sumBelow = 0;
  let best = -1;
  let threshold = -1;
  let ink = 0;
  let paper = 255;
  for (let t = 0; t < 255; t++) {
    below += histogram[t]!;
    sumBelow += t * histogram[t]!;
    const above = total - below;
    if (below === 0) continue;
    if (above === 0) break;
    const dark = sumBelow / below;
    const light = (sumAll - sumBelow) / above;
    const spread = below * above * (light - dark) ** 2;
    if (spread > best) {
      best = spread;
      threshold = t;
      ink = dark;
      paper = light;
    }
  }
  // A cell with black ink is left as it is (its strokes' grey edges are what the reader needs).
  if (threshold < 0 || ink < INK) return false;
  if (paper - ink < MIN_CONTRAST) {
    pixels.fill(255);
    return false;
  }
  // Ink's mean level and darker → black, paper's mean and lighter → white, the edges of strokes kept grey.
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.round(Math.min(255, Math.max(0, ((pixels[i]! - ink) * 255) / (paper - ink))));
  return true;
}

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
