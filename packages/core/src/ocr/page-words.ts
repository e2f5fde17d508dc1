import type { PdfTextItem } from '../extract/table.js';
import type { PageBox } from './pdf-page.js';
import type { OcrWord } from './tesseract-tsv.js';

/** The picture a page was drawn into: its size in pixels and the page box it covers. */
export interface RasterGeometry {
  readonly widthPx: number;
  readonly heightPx: number;
  readonly box: PageBox;
}

/**
 * Moves words from picture pixels (origin top-left, y down) to the page's PDF units (origin
 * bottom-left, y up), as PDF text items: `x` = left edge, `y` = bottom of the word's box (an
 * approximate baseline: descenders of «р», «у» hang a little below it), `width`/`height` of the box.
 *
 * Scale comes from the real picture size, not the requested dpi, so rounding by the rasterizer does
 * not shift words. On unrotated pages the coordinates are the page's user space (the crop box origin
 * added), like pdfjs text items; on pages with `/Rotate` they are as the page is shown, from its
 * lower-left corner.
 */
export function toPdfTextItems(words: readonly OcrWord[], raster: RasterGeometry): PdfTextItem[] {
  const { box } = raster;
  const scaleX = box.width / raster.widthPx;
  const scaleY = box.height / raster.heightPx;
  const originX = box.rotation === 0 ? box.originX : 0;
  const originY = box.rotation === 0 ? box.originY : 0;
  return words.map((word) => ({
    str: word.text,
    x: round(originX + word.left * scaleX),
    y: round(originY + box.height - (word.top + word.height) * scaleY),
    width: round(word.width * scaleX),
    height: round(word.height * scaleY),
  }));
}

// ---- internal helpers ----

/** Hundredths of a point: far below OCR's precision, and keeps reports readable. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}
