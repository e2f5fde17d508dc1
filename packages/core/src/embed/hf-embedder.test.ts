import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEmbeddingServer, type FakeEmbeddingServer } from '../../test/helpers/fake-embedding-server.js';
import { isPricecatError, type PricecatError } from '../errors.js';
import { dotProduct } from './embedder.js';
import { createHfEmbedder, type HfEmbedderOptions } from './hf-embedder.js';

const names = (count: number): string[] => Array.from({ length: count }, (_, i) => `Услуга номер ${i + 1}`);

async function failure(promise: Promise<unknown>): Promise<PricecatError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isPricecatError(error)) throw new Error(`expected a PricecatError, got ${String(error)}`);
  return error;
}

describe('embedder: Hugging Face feature extraction', () => {
  let server: FakeEmbeddingServer;
  beforeEach(async () => {
    server = await startFakeEmbeddingServer();
  });
  afterEach(() => server.close());

  // Small delays keep retries fast in tests; the defaults are seconds.
  const embedderFor = (options: Partial<HfEmbedderOptions> = {}) =>
    createHfEmbedder({ model: 'test/trigram', endpointUrl: server.url, retryBaseDelayMs: 10, maxRetryDelayMs: 100, ...options });

  it('sends 70 names in 3 requests of at most 32 and gives one vector per name, in order', async () => {
    const texts = names(70);
    const vectors = await embedderFor({ batchSize: 32 }).embed(texts);
    expect(server.calls).toBe(3);
    expect(vectors).toHaveLength(70);
    expect([...server.texts].sort()).toEqual([...texts].sort());
    const expected = Float32Array.from(server.vectorOf('Услуга номер 42'));
    expect(dotProduct(vectors[41]!, expected) / Math.hypot(...expected)).toBeCloseTo(1, 5);
  });

  it('asks nobody for an empty list', async () => {
    expect(await embedderFor().embed([])).toEqual([]);
    expect(server.calls).toBe(0);
  });

  it('gives unit vectors, closer for similar names than for unrelated ones', async () => {
    const [liver, liverKidney, consult] = await embedderFor().embed([
      'УЗИ печени',
      'УЗИ печени и почек',
      'Консультация терапевта',
    ]);
    expect(Math.hypot(...liver!)).toBeCloseTo(1, 5);
    expect(dotProduct(liver!, liverKidney!)).toBeGreaterThan(dotProduct(liver!, consult!));
  });

  it('never has more requests in flight than the concurrency allows', async () => {
    await server.close();
    server = await startFakeEmbeddingServer({ delayMs: 50 });
    await embedderFor({ batchSize: 5, concurrency: 2 }).embed(names(40));
    expect(server.calls).toBe(8);
    expect(server.maxInFlight).toBe(2);
  });

  it('bounds concurrency across overlapping calls too', async () => {
    await server.close();
    server = await startFakeEmbeddingServer({ delayMs: 50 });
    const embedder = embedderFor({ batchSize: 5, concurrency: 3 });
    await Promise.all([embedder.embed(names(20)), embedder.embed(names(20).map((n) => `${n}!`))]);
    expect(server.calls).toBe(8);
    expect(server.maxInFlight).toBe(3);
  });

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    server.script([{ status: 429, retryAfter: '1' }]);
    const started = Date.now();
    const vectors = await embedderFor({ maxRetryDelayMs: 30_000 }).embed(['ОАК']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(vectors).toHaveLength(1);
    expect(server.calls).toBe(2);
  });

  it('retries a 503 twice, then succeeds', async () => {
    server.script([{ status: 503 }, { status: 503 }]);
    const vectors = await embedderFor().embed(['ОАК', 'СОЭ']);
    expect(vectors).toHaveLength(2);
    expect(server.calls).toBe(3);
  });

  it('gives up on a persistent 429 after maxRetries + 1 requests, naming the status', async () => {
    server.script(Array.from({ length: 10 }, () => ({ status: 429, retryAfter: '60' })));
    const started = Date.now();
    const error = await failure(embedderFor({ maxRetries: 3, maxRetryDelayMs: 20 }).embed(['ОАК']));
    expect(error.code).toBe('EMBEDDING_FAILED');
    expect(error.message).toContain('HTTP 429');
    expect(server.calls).toBe(4);
    expect(Date.now() - started).toBeLessThan(2000); // Retry-After: 60 was capped
  });

  it.each([
    ['an HTML page', 'html'],
    ['{"oops":1}', 'json'],
  ] as const)('fails at once, without retrying, when the provider answers %s', async (_, garbage) => {
    server.script([{ garbage }]);
    const error = await failure(embedderFor().embed(['ОАК']));
    expect(error.code).toBe('EMBEDDING_FAILED');
    expect(error.message).toContain('ответил не списком векторов');
    expect(server.calls).toBe(1);
  });

  it('fails when later answers change the vector dimension', async () => {
    const embedder = embedderFor();
    await embedder.embed(['ОАК']);
    server.script([{ dimension: 3 }]);
    const error = await failure(embedder.embed(['СОЭ']));
    expect(error.message).toMatch(/dimension 3.*256/);
    expect(server.calls).toBe(2);
  });

  it('fails after the timeout when the provider is too slow, without hanging', async () => {
    server.script([{ delayMs: 5000 }, { delayMs: 5000 }]);
    const started = Date.now();
    const error = await failure(embedderFor({ timeoutMs: 200, maxRetries: 1 }).embed(['ОАК']));
    expect(error.code).toBe('EMBEDDING_FAILED');
    expect(error.message).toContain('200 мс');
    expect(server.calls).toBe(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails at once on 401 and says to check the token', async () => {
    server.script([{ status: 401 }]);
    const error = await failure(embedderFor().embed(['ОАК']));
    expect(error.message).toContain('HTTP 401');
    expect(error.message).toContain('токен');
    expect(server.calls).toBe(1);
  });

  it('retries after the connection drops, then succeeds', async () => {
    server.script([{ hangUp: true }]);
    expect(await embedderFor().embed(['ОАК'])).toHaveLength(1);
    expect(server.calls).toBe(2);
  });

  it('fails with EMBEDDING_FAILED when nothing listens at the URL', async () => {
    const url = server.url;
    await server.close();
    const error = await failure(createHfEmbedder({ model: 'm', endpointUrl: url, maxRetries: 1, retryBaseDelayMs: 1 }).embed(['ОАК']));
    expect(error.code).toBe('EMBEDDING_FAILED');
    expect(error.message).toContain('недоступен');
  });

  it('stops the other batches when one fails for good', async () => {
    server.script([{ status: 400 }]);
    await failure(embedderFor({ batchSize: 1, concurrency: 1 }).embed(names(10)));
    expect(server.calls).toBe(1);
  });

  it('mean-pools token vectors from servers that do not pool', async () => {
    server.script([{ tokenVectors: true }]);
    const [pooled] = await embedderFor().embed(['печени почек']);
    const sum = server.vectorOf('печени').map((v, i) => v + server.vectorOf('почек')[i]!);
    expect(dotProduct(pooled!, Float32Array.from(sum)) / Math.hypot(...sum)).toBeCloseTo(1, 5);
  });

  it('sends the access token as a bearer token', async () => {
    await embedderFor({ accessToken: 'hf_secret' }).embed(['ОАК']);
    expect(server.authorizations).toEqual(['Bearer hf_secret']);
  });
});
