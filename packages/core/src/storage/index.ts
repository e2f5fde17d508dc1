/**
 * Storage: the `Storage` interface, its records and the in-memory adapter. The lowdb adapter needs `fs`
 * and has its own entry, `@pricecat/core/storage/lowdb`.
 *
 * @module
 */
export * from './storage.js';
export * from './records.js';
export * from './memory.js';
export * from './query-port.js';
export * from './memory-query-port.js';
