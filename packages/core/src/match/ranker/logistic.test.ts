import { describe, expect, it } from 'vitest';
import { fitLogistic, logisticProbability, sigmoid } from './logistic.js';

/** A deterministic pseudo-random generator (mulberry32), so the synthetic data is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('match: logistic regression', () => {
  it('recovers the weights of a known logistic model from data drawn from it', () => {
    // P(y = 1 | x) = sigmoid(2·x1 − 1·x2 + 0.5), x uniform in [-2, 2]²: the fit should find 2, −1 and 0.5.
    const next = random(7);
    const xs: number[][] = [];
    const ys: number[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const x = [4 * next() - 2, 4 * next() - 2];
      xs.push(x);
      ys.push(next() < sigmoid(2 * x[0]! - x[1]! + 0.5) ? 1 : 0);
    }
    const model = fitLogistic(xs, ys, { l2: 0 });
    // Back from standardized units to raw ones.
    const raw = model.weights.map((w, j) => w / model.scales[j]!);
    const intercept = model.bias - model.weights.reduce((sum, w, j) => sum + (w * model.means[j]!) / model.scales[j]!, 0);
    expect(raw[0]).toBeCloseTo(2, 0);
    expect(raw[1]).toBeCloseTo(-1, 0);
    expect(Math.abs(intercept - 0.5)).toBeLessThan(0.15);
    expect(logisticProbability(model, [0, 0])).toBeCloseTo(sigmoid(0.5), 1);
  });

  it('shrinks the weights towards zero as the L2 penalty grows, and ignores a constant feature', () => {
    const xs = [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1], [5, 1]];
    const ys = [0, 0, 1, 0, 1, 1];
    const loose = fitLogistic(xs, ys, { l2: 0.001 });
    const tight = fitLogistic(xs, ys, { l2: 1 });
    expect(Math.abs(tight.weights[0]!)).toBeLessThan(Math.abs(loose.weights[0]!));
    expect(loose.weights[0]!).toBeGreaterThan(0);
    expect(loose.weights[1]).toBeCloseTo(0, 10);
  });

  it('predicts the base rate when no feature says anything', () => {
    const xs = Array.from({ length: 100 }, () => [1]);
    const ys = Array.from({ length: 100 }, (_, i) => (i < 25 ? 1 : 0));
    expect(logisticProbability(fitLogistic(xs, ys), [1])).toBeCloseTo(0.25, 3);
  });
});
