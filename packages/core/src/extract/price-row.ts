/**
 * A priced row as extraction gives it; the shape lives in the model layer (model/price-row.ts).
 *
 * @module
 */
export type * from '../model/price-row.js';
