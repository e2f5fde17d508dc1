import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKER_MODEL } from './default-model.js';
import { FEATURES } from './features.js';
import { createRanker } from './ranker.js';

describe('match: the bundled ranker (assets/ranker.json)', () => {
  const ranker = createRanker(DEFAULT_RANKER_MODEL);

  it('was fitted on the features this build computes', () => {
    expect(DEFAULT_RANKER_MODEL.features).toEqual(FEATURES.map((f) => f.name));
  });

  it('gives a confidence that never falls as the ranker score rises, within 0..1', () => {
    let previous = -Infinity;
    for (let score = -20; score <= 20; score += 0.01) {
      const p = ranker.probability(score);
      expect(p).toBeGreaterThanOrEqual(previous);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
      previous = p;
    }
  });

  it('accepts automatically at a probability inside 0..1 and queues below it', () => {
    expect(DEFAULT_RANKER_MODEL.accept).toBeGreaterThan(0);
    expect(DEFAULT_RANKER_MODEL.accept).toBeLessThanOrEqual(1);
    expect(DEFAULT_RANKER_MODEL.queue).toBeLessThan(DEFAULT_RANKER_MODEL.accept);
  });

  it('refuses a model fitted on other features', () => {
    expect(() => createRanker({ ...DEFAULT_RANKER_MODEL, features: ['term'] })).toThrow(/fit:ranker/);
  });
});
