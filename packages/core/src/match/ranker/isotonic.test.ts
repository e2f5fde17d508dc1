import { describe, expect, it } from 'vitest';
import { applyIsotonic, fitIsotonic } from './isotonic.js';

describe('match: isotonic calibration', () => {
  it('pools adjacent violators into their mean', () => {
    // Outcomes 0, 1, 0, 1, 1 at scores 1..5: the 1 at score 2 and the 0 at 3 violate the order and pool to 0.5.
    const model = fitIsotonic([1, 2, 3, 4, 5], [0, 1, 0, 1, 1]);
    expect([1, 2, 3, 4, 5].map((x) => applyIsotonic(model, x))).toEqual([0, 0.5, 0.5, 1, 1]);
  });

  it('gives equal scores one value, interpolates between knots and clamps outside them', () => {
    const model = fitIsotonic([0, 0, 10, 10], [0, 1, 1, 1]);
    expect(applyIsotonic(model, 0)).toBe(0.5);
    expect(applyIsotonic(model, 5)).toBeCloseTo(0.75, 10);
    expect(applyIsotonic(model, -3)).toBe(0.5);
    expect(applyIsotonic(model, 42)).toBe(1);
  });

  it('recovers a known monotone probability from data drawn from it', () => {
    // P(right | score s) = s for s in [0, 1]: the calibrated value at 0.2 and 0.8 is near 0.2 and 0.8.
    let a = 12345;
    const next = () => ((a = (a * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const scores: number[] = [];
    const outcomes: number[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const s = next();
      scores.push(s);
      outcomes.push(next() < s ? 1 : 0);
    }
    const model = fitIsotonic(scores, outcomes);
    expect(Math.abs(applyIsotonic(model, 0.2) - 0.2)).toBeLessThan(0.05);
    expect(Math.abs(applyIsotonic(model, 0.8) - 0.8)).toBeLessThan(0.05);
    for (let i = 1; i < model.ys.length; i += 1) expect(model.ys[i]!).toBeGreaterThanOrEqual(model.ys[i - 1]!);
  });
});
