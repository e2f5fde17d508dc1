import { describe, expect, it } from 'vitest';
import { isOutlier, outlierBounds, quantile } from './outliers.js';

describe('catalogue: outliers', () => {
  it('reads quartiles by linear interpolation, as QUARTILE.INC does', () => {
    // QUARTILE.INC({1,2,3,4},1) = 1.75 and ({1,2,3,4},3) = 3.25
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0.75)).toBe(3.25);
    expect(quantile([7], 0.5)).toBe(7);
  });

  it('flags a clinic far above the others with Tukey fences when 4 or more clinics price the service', () => {
    const prices = [10000, 11000, 12000, 13000, 40000];
    // Q1 = 11000, Q3 = 13000, IQR = 2000: fences 8000 .. 16000
    const bounds = outlierBounds(prices);
    expect(bounds).toEqual({ rule: 'iqr', low: 8000, high: 16000 });
    expect(prices.filter((p) => isOutlier(p, bounds))).toEqual([40000]);
  });

  it('does not flag a price a few percent off when the other clinics charge exactly the same', () => {
    // IQR is 0: bare Tukey fences would flag 10 500; the fences are widened to ±10 % of the median.
    const bounds = outlierBounds([10000, 10000, 10000, 10500]);
    expect(bounds).toEqual({ rule: 'iqr', low: 9000, high: 11000 });
    expect(isOutlier(10500, bounds)).toBe(false);
    expect(isOutlier(12000, bounds)).toBe(true);
  });

  it('with 3 clinics flags a price more than 50 % away from the median', () => {
    const bounds = outlierBounds([10000, 12000, 30000]);
    expect(bounds).toEqual({ rule: 'half_median', low: 6000, high: 18000 });
    expect(isOutlier(30000, bounds)).toBe(true);
    expect(isOutlier(10000, bounds)).toBe(false);
  });

  it('never flags the only clinic, nor either of two (neither stands out from a majority)', () => {
    const bounds = outlierBounds([99999]);
    expect(bounds).toEqual({ rule: 'none', low: null, high: null });
    expect(isOutlier(99999, bounds)).toBe(false);
    const two = outlierBounds([3500, 12100]);
    expect(two.rule).toBe('none');
    expect([3500, 12100].some((p) => isOutlier(p, two))).toBe(false);
  });
});
