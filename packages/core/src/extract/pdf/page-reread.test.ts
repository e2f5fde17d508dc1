import { describe, expect, it } from 'vitest';
import { betterReading, lostMostRows, lostNumbers } from './page-reread.js';

describe('page re-read: evidence from the page’s own row numbers', () => {
  it('takes numbers counting up with wide jumps as a page that lost most rows (Клиника 2 2025 p. 14)', () => {
    expect(lostNumbers([613, 614, 635, 643, 644, 645, 647])).toBe(28);
    expect(lostMostRows([613, 614, 635, 643, 644, 645, 647])).toBe(true);
  });

  it('does not re-read a page that only skips a few numbers, nor numbers that do not count up', () => {
    expect(lostMostRows([159, 160, 161, 162, 166, 167, 168])).toBe(false);
    expect(lostMostRows([1, 2, 3, 1, 2, 40])).toBe(false);
    expect(lostMostRows([5, 60])).toBe(false);
  });

  it('prefers the image reading only when it gives more numbers counting up by one, around the same rows', () => {
    const layer = [613, 614, 635, 643];
    expect(betterReading(layer, Array.from({ length: 52 }, (_, i) => 598 + i))).toBe(true);
    expect(betterReading(layer, [613, 614, 643])).toBe(false);
    expect(betterReading(layer, [1, 2, 3, 4, 5, 6])).toBe(false);
    expect(betterReading(layer, [598, 700, 3, 640, 12, 613])).toBe(false);
  });
});
