import { describe, expect, it } from 'vitest';
import { scoreTokenOverlap } from './token-overlap.js';

const equalWeight = () => 1;

describe('match: token overlap', () => {
  it('is 1 for the same words and 0 for no shared word', () => {
    expect(scoreTokenOverlap(['узи', 'почек'], ['почек', 'узи'], equalWeight)).toBe(1);
    expect(scoreTokenOverlap(['узи', 'почек'], ['мрт', 'колен'], equalWeight)).toBe(0);
  });

  it('is the Dice coefficient with equal weights: 2·1 shared / (2 + 2) words = 0.5', () => {
    expect(scoreTokenOverlap(['узи', 'почек'], ['узи', 'сердц'], equalWeight)).toBe(0.5);
  });

  it('lets a shared rare word weigh more than a shared common one', () => {
    const weight = (stem: string) => (stem === 'прием' ? 0.1 : 1);
    const sharedCommon = scoreTokenOverlap(['прием', 'лор'], ['прием', 'хирург'], weight);
    const sharedRare = scoreTokenOverlap(['прием', 'лор'], ['консультац', 'лор'], weight);
    expect(sharedRare).toBeGreaterThan(sharedCommon);
  });
});
