/**
 * @module @pricecat/core/node — Node-only helpers: the bundled default dictionary.
 */
export { loadDefaultDictionary } from './dictionary/default-dictionary.js';
export { createTesseractOcr, type TesseractOcrOptions, type RasterizerKind } from './ocr/index.js';
