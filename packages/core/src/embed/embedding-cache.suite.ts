/**
 * Conformance suite of {@link EmbeddingCache}: call `defineEmbeddingCacheSuite` inside an adapter's
 * `describe`. Uses only the interface, with a fresh cache per test.
 *
 * @module
 */
import { expect, it } from 'vitest';
import type { EmbeddingCache } from './embedding-cache.js';

/** Options of {@link defineEmbeddingCacheSuite}. */
export interface EmbeddingCacheSuiteOptions {
  /** The adapter keeps entries across `make()` calls on one place (a file): enables the re-open cases. */
  readonly persistent?: boolean;
}

/** Registers the cases every {@link EmbeddingCache} adapter must pass. */
export function defineEmbeddingCacheSuite(
  name: string,
  make: () => EmbeddingCache | Promise<EmbeddingCache>,
  options: EmbeddingCacheSuiteOptions = {},
): void {
  const vector = (...values: number[]): Float32Array => Float32Array.from(values);

  it(`${name}: answers undefined for texts it has never stored`, async () => {
    const cache = await make();
    expect(await cache.get('e5', ['УЗИ печени', 'ОАК'])).toEqual([undefined, undefined]);
  });

  it(`${name}: gives back stored vectors in the order asked, with misses in place`, async () => {
    const cache = await make();
    await cache.set('e5', [
      { text: 'УЗИ печени', vector: vector(0.6, 0.8) },
      { text: 'ОАК', vector: vector(1, 0) },
    ]);
    const [oak, missing, liver] = await cache.get('e5', ['ОАК', 'Рентген', 'УЗИ печени']);
    expect(Array.from(oak!)).toEqual([1, 0]);
    expect(missing).toBeUndefined();
    expect(Array.from(liver!)).toEqual([Math.fround(0.6), Math.fround(0.8)]);
  });

  it(`${name}: keeps the vectors of different models apart`, async () => {
    const cache = await make();
    await cache.set('model-a', [{ text: 'ОАК', vector: vector(1, 0) }]);
    expect(await cache.get('model-b', ['ОАК'])).toEqual([undefined]);
    expect(Array.from((await cache.get('model-a', ['ОАК']))[0]!)).toEqual([1, 0]);
  });

  it(`${name}: tells texts apart that differ only in case or spaces`, async () => {
    const cache = await make();
    await cache.set('e5', [{ text: 'ОАК', vector: vector(1, 0) }]);
    expect(await cache.get('e5', ['оак', 'ОАК '])).toEqual([undefined, undefined]);
  });

  it(`${name}: replaces a vector stored again for the same text`, async () => {
    const cache = await make();
    await cache.set('e5', [{ text: 'ОАК', vector: vector(1, 0) }]);
    await cache.set('e5', [{ text: 'ОАК', vector: vector(0, 1) }]);
    expect(Array.from((await cache.get('e5', ['ОАК']))[0]!)).toEqual([0, 1]);
  });

  it(`${name}: is not changed when the caller later alters a vector it stored`, async () => {
    const cache = await make();
    const stored = vector(1, 0);
    await cache.set('e5', [{ text: 'ОАК', vector: stored }]);
    stored[0] = 42;
    expect(Array.from((await cache.get('e5', ['ОАК']))[0]!)).toEqual([1, 0]);
  });

  if (options.persistent) {
    it(`${name}: still has every vector after being opened again`, async () => {
      const first = await make();
      await first.set('e5', [{ text: 'УЗИ печени', vector: vector(0.25, -0.5, 1e-7) }]);
      await first.set('e5', [{ text: 'Консультация «терапевт»\nпервичная', vector: vector(3) }]);
      const reopened = await make();
      const [liver, consult] = await reopened.get('e5', ['УЗИ печени', 'Консультация «терапевт»\nпервичная']);
      expect(Array.from(liver!)).toEqual([0.25, -0.5, Math.fround(1e-7)]);
      expect(Array.from(consult!)).toEqual([3]);
    });

    it(`${name}: keeps the last of several writes to one text after being opened again`, async () => {
      const first = await make();
      await Promise.all([
        first.set('e5', [{ text: 'ОАК', vector: vector(1, 0) }]),
        first.set('e5', [{ text: 'Рентген', vector: vector(0, 1) }]),
      ]);
      await first.set('e5', [{ text: 'ОАК', vector: vector(0.5, 0.5) }]);
      const [oak, xray] = await (await make()).get('e5', ['ОАК', 'Рентген']);
      expect(Array.from(oak!)).toEqual([0.5, 0.5]);
      expect(Array.from(xray!)).toEqual([0, 1]);
    });
  }
}
