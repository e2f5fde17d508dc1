/**
 * OCR of PDF pages without a text layer (Node only: runs the `tesseract` and `pdftoppm` binaries);
 * exported from `@pricecat/core/node`.
 */
export { createTesseractOcr, type TesseractOcrOptions } from './tesseract.js';
export type { RasterizerKind } from './rasterize.js';
