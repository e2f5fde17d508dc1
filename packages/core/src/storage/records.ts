/**
 * The stored records; they live in the model layer (model/records.ts), at the bottom of the core.
 *
 * @module
 */
export type * from '../model/records.js';
