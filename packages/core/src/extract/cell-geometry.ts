/**
 * Geometry of a cell box on a tilted page, shared by the PDF reader (which straightens a page's text) and the OCR of
 * cells (which cuts them from the page as rendered, unstraightened).
 */
import type { CellBox } from './table.js';

/**
 * A box of the straightened page turned back by the page's tilt `angle` (radians; the inverse of straightening):
 * the smallest upright box holding its four corners.
 */
export function tilted(box: CellBox, angle: number): CellBox {
  if (angle === 0) return box;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const corners = [
    [box.x0, box.y0],
    [box.x0, box.y1],
    [box.x1, box.y0],
    [box.x1, box.y1],
  ].map(([x, y]) => [x! * cos - y! * sin, x! * sin + y! * cos] as const);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}
