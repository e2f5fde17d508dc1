import { describe, expect, it } from 'vitest';
import { isPricecatError } from '../errors.js';
import { createVectorIndex } from './vector-index.js';

const item = (id: string, ...values: number[]) => ({ id, vector: Float32Array.from(values) });

describe('vector index', () => {
  const index = createVectorIndex([item('east', 1, 0), item('north', 0, 1), item('north-east', 1, 1), item('west', -1, 0)]);

  it('lists the closest items first, with their cosine similarity', () => {
    const found = index.nearest(Float32Array.of(2, 0.2), 3);
    expect(found.map((m) => m.id)).toEqual(['east', 'north-east', 'north']);
    expect(found[0]!.score).toBeCloseTo(0.995, 3);
  });

  it('gives all items when k exceeds the index, and none for k = 0', () => {
    expect(index.nearest(Float32Array.of(0, 1), 10)).toHaveLength(4);
    expect(index.nearest(Float32Array.of(0, 1), 0)).toEqual([]);
  });

  it('finds nothing in an empty index', () => {
    expect(createVectorIndex([]).nearest(Float32Array.of(1), 5)).toEqual([]);
  });

  it('refuses a query of another dimension', () => {
    let error: unknown;
    try {
      index.nearest(Float32Array.of(1, 0, 0), 1);
    } catch (e) {
      error = e;
    }
    expect(isPricecatError(error) && error.code).toBe('INVALID_INPUT');
  });
});
