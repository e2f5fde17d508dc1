/**
 * @module @pricecat/core/node — Node-only helpers: the bundled default dictionary.
 */
export { loadDefaultDictionary } from './dictionary/default-dictionary.js';
