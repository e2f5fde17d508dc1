/**
 * Reads a feature-extraction answer into one unit vector per input, refusing anything else. Providers
 * differ: most answer `number[][]` (one pooled vector per input), some answer `number[][][]` (one vector
 * per token, not pooled), and a single input may come back as a bare `number[]`.
 *
 * @module
 */
import { normalizeVector } from './embedder.js';

/** What {@link readVectorResponse} makes of an answer: the vectors, or why there are none. */
export type VectorResponse =
  | { readonly ok: true; readonly vectors: Float32Array[] }
  | { readonly ok: false; readonly reason: string };

/**
 * One unit-normalized vector per input (same order) from a provider's answer to `inputCount` texts.
 * Token vectors are mean-pooled, as sentence-transformers does by default.
 */
export function readVectorResponse(response: unknown, inputCount: number): VectorResponse {
  if (!Array.isArray(response)) return refuse(`expected an array, got ${describe(response)}`);
  let rows: unknown[] = response;
  if (inputCount === 1 && response.length > 0 && response.every(isFiniteNumber)) {
    rows = [response]; // a single text answered as number[]
  } else if (inputCount === 1 && response.length > 1 && response.every(isNumberRow)) {
    rows = [response]; // token vectors of the single text, not wrapped in a per-input array
  }
  if (rows.length !== inputCount) return refuse(`expected ${inputCount} vectors, got ${rows.length}`);

  const vectors: Float32Array[] = [];
  for (const [index, row] of rows.entries()) {
    const vector = isNumberRow(row) ? Float32Array.from(row) : meanPool(row);
    if (!vector) return refuse(`row ${index} is ${describe(row)}, not a vector of finite numbers`);
    if (vectors.length > 0 && vector.length !== vectors[0]!.length) {
      return refuse(`row ${index} has dimension ${vector.length}, row 0 has ${vectors[0]!.length}`);
    }
    vectors.push(normalizeVector(vector));
  }
  return { ok: true, vectors };
}

// ---------------------------------------------------------------- internal helpers

function refuse(reason: string): VectorResponse {
  return { ok: false, reason };
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A non-empty array of finite numbers. */
function isNumberRow(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every(isFiniteNumber);
}

/** The mean of a non-empty list of equal-length token vectors, or undefined when `value` is not one. */
function meanPool(value: unknown): Float32Array | undefined {
  if (!Array.isArray(value) || value.length === 0 || !value.every(isNumberRow)) return undefined;
  const tokens = value as number[][];
  const dimension = tokens[0]!.length;
  if (tokens.some((token) => token.length !== dimension)) return undefined;
  const sum = new Float64Array(dimension);
  for (const token of tokens) for (let i = 0; i < dimension; i++) sum[i] = sum[i]! + token[i]!;
  return Float32Array.from(sum, (total) => total / tokens.length);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array of something else';
  if (value === null) return 'null';
  if (typeof Blob !== 'undefined' && value instanceof Blob) return `a non-JSON body (${value.type || 'no content type'})`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
