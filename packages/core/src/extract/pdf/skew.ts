/**
 * Page skew of scanned pages: a scan tilted by 1.5° drifts ~15 pt over a 600 pt wide table, more than
 * a line's height, so lines must be found after turning the page straight.
 */
import type { PdfTextItem } from '../table.js';

/** Largest tilt searched, in degrees; scans beyond it are rare and would need real image deskewing. */
export const MAX_SKEW_DEGREES = 3;

/**
 * The page's tilt in radians (positive: lines rise to the right), found by the projection profile:
 * the angle at which the most items share a baseline. Straight wins unless a tilt is clearly better.
 * Returns 0 for pages with too little text to tell.
 */
export function estimateSkew(items: readonly PdfTextItem[]): number {
  const usable = items.filter((i) => i.str.trim() !== '' && i.width > 0);
  if (usable.length < 8) return 0;
  const score = (angle: number): number => profileSharpness(usable, angle);
  const step = 0.1;
  let best = 0;
  let bestScore = score(0);
  for (let deg = -MAX_SKEW_DEGREES; deg <= MAX_SKEW_DEGREES + 1e-9; deg += step) {
    const s = score(toRadians(deg));
    // Straight wins ties: most PDFs are not tilted at all.
    if (s > bestScore * 1.15) {
      bestScore = s;
      best = deg;
    }
  }
  if (best === 0) return 0;
  let fine = best;
  for (let deg = best - step; deg <= best + step + 1e-9; deg += 0.01) {
    const s = score(toRadians(deg));
    if (s > bestScore) {
      bestScore = s;
      fine = deg;
    }
  }
  return toRadians(fine);
}

/**
 * The items turned by `-angle` around the origin, so that the page's lines become horizontal.
 * Only positions change; each item keeps its text, width and height.
 */
export function deskewItems(items: readonly PdfTextItem[], angle: number): PdfTextItem[] {
  if (angle === 0) return [...items];
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return items.map((item) => {
    // Rotate the item's centre, then put the start back half a width to the left.
    const cx = item.x + item.width / 2;
    const x = cx * cos + item.y * sin;
    const y = -cx * sin + item.y * cos;
    return { ...item, x: x - item.width / 2, y };
  });
}

// ---------------------------------------------------------------- internal helpers

/**
 * How many pairs of items share a baseline (1 pt bins) when the page is turned by `angle`. Pairs, not
 * weights: a long name alone on its line says nothing about the tilt; a row number, a name, a unit
 * and a price on one baseline do.
 */
function profileSharpness(items: readonly PdfTextItem[], angle: number): number {
  const tan = Math.tan(angle);
  const bins = new Map<number, number>();
  for (const item of items) {
    const cx = item.x + item.width / 2;
    const bin = Math.round(item.y - cx * tan);
    bins.set(bin, (bins.get(bin) ?? 0) + 1);
  }
  let pairs = 0;
  for (const n of bins.values()) pairs += (n * (n - 1)) / 2;
  return pairs;
}

function toRadians(deg: number): number {
  return (deg * Math.PI) / 180;
}
