import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryEmbeddingCache } from './embedding-cache.js';
import { defineEmbeddingCacheSuite } from './embedding-cache.suite.js';
import { createFileEmbeddingCache } from './file-embedding-cache.js';

describe('embedding cache: memory', () => {
  defineEmbeddingCacheSuite('memory', () => createMemoryEmbeddingCache());
});

describe('embedding cache: file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-embed-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  defineEmbeddingCacheSuite('file', () => createFileEmbeddingCache(join(dir, 'cache', 'vectors.jsonl')), { persistent: true });

  it('skips a line torn by a crash and keeps appending after it', async () => {
    const path = join(dir, 'vectors.jsonl');
    await createFileEmbeddingCache(path).set('e5', [{ text: 'ОАК', vector: Float32Array.of(1, 0) }]);
    await appendFile(path, '{"model":"e5","text":"СОЭ","vec');
    await createFileEmbeddingCache(path).set('e5', [{ text: 'Рентген', vector: Float32Array.of(0, 1) }]);
    const [oak, esr, xray] = await createFileEmbeddingCache(path).get('e5', ['ОАК', 'СОЭ', 'Рентген']);
    expect(Array.from(oak!)).toEqual([1, 0]);
    expect(esr).toBeUndefined();
    expect(Array.from(xray!)).toEqual([0, 1]);
  });

  it('writes nothing until something is stored', async () => {
    const path = join(dir, 'vectors.jsonl');
    await createFileEmbeddingCache(path).get('e5', ['ОАК']);
    await expect(readFile(path)).rejects.toThrow();
  });
});
