/**
 * An {@link Embedder} in front of another that asks it only for texts it has not embedded before: each
 * distinct text once per call, and never again while the cache remembers it.
 *
 * @module
 */
import { PricecatError, isPricecatError } from '../errors.js';
import type { Embedder } from './embedder.js';
import type { EmbeddingCache } from './embedding-cache.js';
import { detail } from '../messages/message-catalogue.js';

/** Counts of a {@link createCachedEmbedder}, for logs and tests. */
export interface CachedEmbedderStats {
  /** Texts asked for, duplicates included. */
  readonly requested: number;
  /** Texts sent to the inner embedder (distinct cache misses). */
  readonly embedded: number;
}

/** An {@link Embedder} that also reports how much the cache saved. */
export type CachedEmbedder = Embedder & { readonly stats: CachedEmbedderStats };

/**
 * Wraps `embedder` with `cache`, keyed by `embedder.model`. A failing cache fails the call with
 * `EMBEDDING_FAILED` (so the matcher falls back to fuzzy, as for a provider failure).
 */
export function createCachedEmbedder(embedder: Embedder, cache: EmbeddingCache): CachedEmbedder {
  let requested = 0;
  let embedded = 0;
  return {
    model: embedder.model,
    get stats(): CachedEmbedderStats {
      return { requested, embedded };
    },
    async embed(texts) {
      requested += texts.length;
      const distinct = [...new Set(texts)];
      const cached = await guard('read', () => cache.get(embedder.model, distinct));
      const byText = new Map<string, Float32Array>();
      const missing: string[] = [];
      distinct.forEach((text, index) => {
        const vector = cached[index];
        if (vector) byText.set(text, vector);
        else missing.push(text);
      });
      if (missing.length > 0) {
        embedded += missing.length;
        const fresh = await embedder.embed(missing);
        const entries = missing.map((text, index) => ({ text, vector: fresh[index]! }));
        for (const { text, vector } of entries) byText.set(text, vector);
        await guard('write', () => cache.set(embedder.model, entries));
      }
      return texts.map((text) => byText.get(text)!);
    },
  };
}

// ---------------------------------------------------------------- internal helpers

async function guard<T>(action: 'read' | 'write', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const why = isPricecatError(error) ? error.message : String(error);
    throw new PricecatError('EMBEDDING_FAILED', action === 'read' ? detail('EMBEDDING_CACHE_READ_FAILED', { why }) : detail('EMBEDDING_CACHE_WRITE_FAILED', { why }), {
      cause: error,
    });
  }
}
