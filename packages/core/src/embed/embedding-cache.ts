/**
 * The `EmbeddingCache` interface and its in-memory adapter: vectors already paid for, keyed by model and
 * text, so a second upload asks the provider only for names it has not seen.
 *
 * @module
 */

/** One text and its vector, as stored in an {@link EmbeddingCache}. */
export interface EmbeddingCacheEntry {
  readonly text: string;
  readonly vector: Float32Array;
}

/** Vectors keyed by `(model, text)`. Texts are compared exactly (no trimming or case folding). */
export interface EmbeddingCache {
  /**
   * The cached vector of each text under `model`, in the order of `texts`; `undefined` where none is
   * cached. Never throws for a miss.
   */
  get(model: string, texts: readonly string[]): Promise<(Float32Array | undefined)[]>;
  /** Stores the entries under `model`, replacing any vector already stored for the same text. */
  set(model: string, entries: readonly EmbeddingCacheEntry[]): Promise<void>;
}

/** Creates an {@link EmbeddingCache} that lives as long as the process (or the object) does. */
export function createMemoryEmbeddingCache(): EmbeddingCache {
  const byModel = new Map<string, Map<string, Float32Array>>();
  return {
    async get(model, texts) {
      const vectors = byModel.get(model);
      return texts.map((text) => vectors?.get(text));
    },
    async set(model, entries) {
      let vectors = byModel.get(model);
      if (!vectors) byModel.set(model, (vectors = new Map()));
      // Copies, so a caller scaling its vector later cannot change what the cache hands out.
      for (const { text, vector } of entries) vectors.set(text, Float32Array.from(vector));
    },
  };
}
