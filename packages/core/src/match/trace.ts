/**
 * A match's trace; the shape lives in the model layer (model/trace.ts).
 *
 * @module
 */
export type * from '../model/trace.js';
