/**
 * Embeddings: the `Embedder` interface, the Hugging Face provider, caching and a vector index.
 * Browser-safe; the file cache (node:fs) is exported from `@pricecat/core/node`.
 *
 * @module
 */
export { type Embedder, normalizeVector, dotProduct } from './embedder.js';
export { createHfEmbedder, type HfEmbedderOptions } from './hf-embedder.js';
export { type EmbeddingCache, type EmbeddingCacheEntry, createMemoryEmbeddingCache } from './embedding-cache.js';
export { createCachedEmbedder, type CachedEmbedder, type CachedEmbedderStats } from './cached-embedder.js';
export { embedderFromEnv, type EmbedderEnv } from './embedder-from-env.js';
export { createVectorIndex, type VectorIndex, type VectorIndexItem, type VectorMatch } from './vector-index.js';
export { parseRetryAfter } from './retry-policy.js';
