/**
 * @module @pricecat/core/node — Node-only helpers: the bundled default dictionary, OCR, the file embedding cache.
 */
export { loadDefaultDictionary } from './dictionary/default-dictionary.js';
export { aliasesFromEnv, loadAliasFile } from './match/alias-file.js';
export { createTesseractOcr, type TesseractOcrOptions, type RasterizerKind } from './ocr/index.js';
export { createFileEmbeddingCache } from './embed/file-embedding-cache.js';
export { createNodeFolderAccess, type NodeFolderAccessOptions } from './watch/node-folder-access.js';
