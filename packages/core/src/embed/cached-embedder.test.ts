import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEmbeddingServer, type FakeEmbeddingServer } from '../../test/helpers/fake-embedding-server.js';
import { isPricecatError } from '../errors.js';
import { createCachedEmbedder } from './cached-embedder.js';
import { createMemoryEmbeddingCache, type EmbeddingCache } from './embedding-cache.js';
import { createHfEmbedder } from './hf-embedder.js';

describe('embedder: cached', () => {
  let server: FakeEmbeddingServer;
  beforeEach(async () => {
    server = await startFakeEmbeddingServer();
  });
  afterEach(() => server.close());

  const provider = () => createHfEmbedder({ model: 'test/trigram', endpointUrl: server.url, maxRetries: 0 });

  it('sends each distinct name once, even when a list repeats it', async () => {
    const embedder = createCachedEmbedder(provider(), createMemoryEmbeddingCache());
    const vectors = await embedder.embed(['ОАК', 'СОЭ', 'ОАК', 'ОАК']);
    expect(server.texts).toEqual(['ОАК', 'СОЭ']);
    expect(vectors).toHaveLength(4);
    expect(Array.from(vectors[2]!)).toEqual(Array.from(vectors[0]!));
    expect(embedder.stats).toEqual({ requested: 4, embedded: 2 });
  });

  it('on a second upload asks the provider only for names it has not seen', async () => {
    const embedder = createCachedEmbedder(provider(), createMemoryEmbeddingCache());
    const first = await embedder.embed(['УЗИ печени', 'ОАК', 'СОЭ']);
    const second = await embedder.embed(['СОЭ', 'Рентген грудной клетки', 'УЗИ печени']);
    expect(server.texts).toEqual(['УЗИ печени', 'ОАК', 'СОЭ', 'Рентген грудной клетки']);
    expect(server.calls).toBe(2);
    expect(Array.from(second[2]!)).toEqual(Array.from(first[0]!));
    expect(embedder.stats).toEqual({ requested: 6, embedded: 4 });
  });

  it('asks nobody when every name is cached', async () => {
    const cache = createMemoryEmbeddingCache();
    await createCachedEmbedder(provider(), cache).embed(['ОАК']);
    await createCachedEmbedder(provider(), cache).embed(['ОАК', 'ОАК']);
    expect(server.calls).toBe(1);
  });

  it('keeps no vectors of a failed call, and fails with EMBEDDING_FAILED', async () => {
    const embedder = createCachedEmbedder(provider(), createMemoryEmbeddingCache());
    server.script([{ status: 503 }]);
    const error: unknown = await embedder.embed(['ОАК']).catch((e: unknown) => e);
    expect(isPricecatError(error) && error.code).toBe('EMBEDDING_FAILED');
    await embedder.embed(['ОАК']);
    expect(server.texts).toEqual(['ОАК', 'ОАК']);
  });

  it('turns a broken cache into EMBEDDING_FAILED', async () => {
    const broken: EmbeddingCache = {
      get: () => Promise.reject(new Error('disk gone')),
      set: () => Promise.resolve(),
    };
    const error: unknown = await createCachedEmbedder(provider(), broken).embed(['ОАК']).catch((e: unknown) => e);
    expect(isPricecatError(error) && error.code).toBe('EMBEDDING_FAILED');
    expect(String(error)).toContain('disk gone');
  });
});
