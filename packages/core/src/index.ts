/**
 * @module @pricecat/core — the pricecat domain: dictionary, extraction, matching, storage interface and
 * catalogue use cases. Browser-safe: Node-only pieces live in `@pricecat/core/node` and
 * `@pricecat/core/storage/lowdb`.
 */
export * from './errors.js';
export * from './catalogue/index.js';
export * from './storage/index.js';
export * from './match/index.js';
export * from './extract/index.js';
export * from './messages/index.js';
export * from './documents/index.js';
export * from './dictionary/index.js';
export * from './archive/index.js';
export * from './embed/index.js';
