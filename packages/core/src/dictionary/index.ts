/**
 * @module dictionary — the reference dictionary of services: loading, stable ids, tariff codes.
 * Browser-safe; the bundled default dictionary lives in `default-dictionary.ts` (Node only).
 */
export { loadDictionary, gridToServices } from './load-dictionary.js';
export { detectDictionaryFormat, readDictionaryGrid } from './dictionary-sources.js';
export type { DictionaryFormat, Grid } from './dictionary-sources.js';
export { findDictionaryColumns } from './dictionary-columns.js';
export type { DictionaryColumns } from './dictionary-columns.js';
export { fnv1a64, serviceIdFor, serviceKey } from './service-id.js';
