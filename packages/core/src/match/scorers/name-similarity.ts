/**
 * The fuzzy scorer: weighted token overlap combined with edit similarity.
 */
import { scoreEditSimilarity } from './edit-similarity.js';
import { scoreTokenOverlap, type StemWeight } from './token-overlap.js';

/**
 * NOTE: token overlap carries most of the weight: edit similarity alone rates
 * `МРТ коленного сустава` close to `МРТ голеностопного сустава`; the rare-word overlap separates them.
 */
const TOKEN_WEIGHT = 0.65;

/** Similarity of two names given as stems, 0..1. */
export function scoreNameSimilarity(a: readonly string[], b: readonly string[], weight: StemWeight): number {
  return TOKEN_WEIGHT * scoreTokenOverlap(a, b, weight) + (1 - TOKEN_WEIGHT) * scoreEditSimilarity(a, b);
}
