import { describe, expect, it } from 'vitest';
import { readVectorResponse } from './vector-response.js';

const vectorsOf = (response: unknown, count: number): number[][] => {
  const read = readVectorResponse(response, count);
  if (!read.ok) throw new Error(read.reason);
  return read.vectors.map((v) => Array.from(v, (x) => Math.round(x * 1000) / 1000));
};

describe('embedder: reading provider answers', () => {
  it('reads one row per input and scales each to length 1', () => {
    expect(vectorsOf([[3, 4], [0, 2]], 2)).toEqual([[0.6, 0.8], [0, 1]]);
  });

  it('accepts a single text answered as a bare list of numbers', () => {
    expect(vectorsOf([3, 4], 1)).toEqual([[0.6, 0.8]]);
  });

  it('averages token vectors when the server does not pool them', () => {
    expect(vectorsOf([[[1, 0], [0, 1]], [[0, 5]]], 2)).toEqual([[0.707, 0.707], [0, 1]]);
    expect(vectorsOf([[1, 0], [0, 1]], 1)).toEqual([[0.707, 0.707]]);
  });

  it.each([
    ['fewer rows than inputs', [[1, 2]], 2],
    ['rows of different dimension', [[1, 2], [1, 2, 3]], 2],
    ['an object', { oops: 1 }, 1],
    ['an empty list', [], 1],
    ['text in a row', [['a', 'b']], 1],
  ])('refuses %s', (_, response, count) => {
    expect(readVectorResponse(response, count).ok).toBe(false);
  });
});
