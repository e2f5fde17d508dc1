/**
 * @module internal — every module of the core, built as `dist/internal.js` for pricecat's own benches
 * (bench/*.mjs import it by path). Not in the package's exports: library users import `@pricecat/core`.
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
