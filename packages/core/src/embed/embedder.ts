/**
 * The `Embedder` interface: turns service names into vectors so the matcher can compare meanings, not
 * only spellings. Adapters throw `PricecatError` with code `EMBEDDING_FAILED`; the matcher then falls back
 * to fuzzy scoring and the upload still succeeds.
 *
 * @module
 */

/** Something that turns texts into unit-length vectors. */
export interface Embedder {
  /**
   * Identifies the vector space: vectors from different models must never be compared, and caches key
   * their entries by it.
   */
  readonly model: string;
  /**
   * One vector per text, in the order of `texts`, all of one dimension and unit-normalized (L2 norm 1, or
   * all zeros for a text the model maps to nothing), so cosine similarity is a plain dot product.
   * An empty `texts` gives `[]` without asking the provider. Calls may overlap.
   *
   * @throws PricecatError `EMBEDDING_FAILED` when the provider fails, answers garbage or is too slow; it
   *   never hangs and never retries forever.
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Scales `vector` in place to length 1 (a zero vector stays zero) and returns it. */
export function normalizeVector(vector: Float32Array): Float32Array {
  let sumOfSquares = 0;
  for (const value of vector) sumOfSquares += value * value;
  if (sumOfSquares === 0) return vector;
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! * scale;
  return vector;
}

/** Dot product of two vectors of one dimension; cosine similarity when both are unit-normalized. */
export function dotProduct(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
