/**
 * @module @pricecat/core/internal — every module of the core, for pricecat's own benches and tools (bench/*.mjs).
 * Not a public API: names here change without notice. Library users import `@pricecat/core` (see its README).
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
