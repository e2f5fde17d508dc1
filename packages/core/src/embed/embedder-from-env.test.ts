import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEmbeddingServer, type FakeEmbeddingServer } from '../../test/helpers/fake-embedding-server.js';
import { isPricecatError } from '../errors.js';
import { createMemoryEmbeddingCache } from './embedding-cache.js';
import { embedderFromEnv } from './embedder-from-env.js';

describe('embedder: from environment', () => {
  let server: FakeEmbeddingServer;
  beforeEach(async () => {
    server = await startFakeEmbeddingServer();
  });
  afterEach(() => server.close());

  it('is off (null) without PRICECAT_EMBEDDINGS_MODEL', () => {
    expect(embedderFromEnv({})).toBeNull();
    expect(embedderFromEnv({ PRICECAT_EMBEDDINGS_MODEL: '  ', PRICECAT_EMBEDDINGS_URL: server.url })).toBeNull();
  });

  it('uses the URL, batch size and token it is given', async () => {
    const embedder = embedderFromEnv({
      PRICECAT_EMBEDDINGS_MODEL: 'intfloat/multilingual-e5-small',
      PRICECAT_EMBEDDINGS_URL: server.url,
      PRICECAT_EMBEDDINGS_BATCH: '2',
      HF_TOKEN: 'hf_from_env',
    });
    expect(embedder?.model).toBe('intfloat/multilingual-e5-small');
    expect(await embedder!.embed(['ОАК', 'СОЭ', 'АЛТ', 'АСТ', 'ТТГ'])).toHaveLength(5);
    expect(server.calls).toBe(3);
    expect(server.authorizations[0]).toBe('Bearer hf_from_env');
  });

  it('prefers PRICECAT_EMBEDDINGS_TOKEN to HF_TOKEN', async () => {
    const env = { PRICECAT_EMBEDDINGS_MODEL: 'm', PRICECAT_EMBEDDINGS_URL: server.url, PRICECAT_EMBEDDINGS_TOKEN: 'own', HF_TOKEN: 'hf_other' };
    await embedderFromEnv(env)!.embed(['ОАК']);
    expect(server.authorizations).toEqual(['Bearer own']);
  });

  it('caches through the cache it is given', async () => {
    const env = { PRICECAT_EMBEDDINGS_MODEL: 'm', PRICECAT_EMBEDDINGS_URL: server.url };
    const cache = createMemoryEmbeddingCache();
    await embedderFromEnv(env, cache)!.embed(['ОАК']);
    await embedderFromEnv(env, cache)!.embed(['ОАК']);
    expect(server.calls).toBe(1);
  });

  it('refuses a batch size that is not a whole number', () => {
    let error: unknown;
    try {
      embedderFromEnv({ PRICECAT_EMBEDDINGS_MODEL: 'm', PRICECAT_EMBEDDINGS_BATCH: 'lots' });
    } catch (e) {
      error = e;
    }
    expect(isPricecatError(error) && error.code).toBe('INVALID_INPUT');
    expect(String(error)).toContain('PRICECAT_EMBEDDINGS_BATCH');
  });
});
