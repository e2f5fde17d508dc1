/**
 * Conformance suites for adapters of pricecat's interfaces, for vitest: call one inside your adapter's
 * `describe`. Imports vitest, so only test files should import this entry (`@pricecat/core/testing`).
 *
 * @module
 */
export { defineStorageSuite, type StorageSuiteOptions } from './storage/storage.suite.js';
export { defineEmbeddingCacheSuite, type EmbeddingCacheSuiteOptions } from './embed/embedding-cache.suite.js';
export { amplifyingCsvZip, manyEntriesZip, manyRowsXlsx } from './hostile-inputs.js';
