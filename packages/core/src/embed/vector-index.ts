/**
 * Nearest neighbours by cosine similarity over a few thousand vectors (the dictionary), by brute force:
 * 2k × 384 dims is under a million multiply-adds per query, well below a millisecond.
 *
 * @module
 */
import { PricecatError } from '../errors.js';
import { dotProduct, normalizeVector } from './embedder.js';
import { detail } from '../messages/message-catalogue.js';

/** An item of a {@link VectorIndex}. */
export interface VectorIndexItem {
  readonly id: string;
  readonly vector: Float32Array;
}

/** A neighbour found by {@link VectorIndex.nearest}. */
export interface VectorMatch {
  readonly id: string;
  /** Cosine similarity in [-1, 1]; 1 means the same direction. */
  readonly score: number;
}

/** Finds the items closest to a vector. */
export interface VectorIndex {
  /** Number of items. */
  readonly size: number;
  /**
   * The `k` items most similar to `vector`, best first; ties keep the order items were given in.
   * Fewer than `k` when the index is smaller; `[]` when it is empty or `k` ≤ 0.
   *
   * @throws PricecatError `INVALID_INPUT` when `vector` has another dimension than the items.
   */
  nearest(vector: Float32Array, k: number): VectorMatch[];
}

/**
 * Creates a {@link VectorIndex} over `items` (copied and unit-normalized, so any vectors work).
 *
 * @throws PricecatError `INVALID_INPUT` when the items' vectors differ in dimension.
 */
export function createVectorIndex(items: readonly VectorIndexItem[]): VectorIndex {
  const dimension = items[0]?.vector.length ?? 0;
  const stored = items.map(({ id, vector }) => {
    if (vector.length !== dimension) {
      throw new PricecatError('INVALID_INPUT', detail('VECTOR_DIMENSION_MIXED', { id, got: vector.length, dimension }));
    }
    return { id, vector: normalizeVector(Float32Array.from(vector)) };
  });
  return {
    size: stored.length,
    nearest(vector, k) {
      if (stored.length === 0 || k <= 0) return [];
      if (vector.length !== dimension) {
        throw new PricecatError('INVALID_INPUT', detail('QUERY_VECTOR_DIMENSION', { got: vector.length, dimension }));
      }
      const query = normalizeVector(Float32Array.from(vector));
      // Keep the best k in a small sorted list: k is tiny (≤ 20) next to the item count.
      const best: VectorMatch[] = [];
      for (const item of stored) {
        const score = dotProduct(query, item.vector);
        if (best.length === k && score <= best[k - 1]!.score) continue;
        let at = best.length;
        while (at > 0 && best[at - 1]!.score < score) at--;
        best.splice(at, 0, { id: item.id, score });
        if (best.length > k) best.pop();
      }
      return best;
    },
  };
}
