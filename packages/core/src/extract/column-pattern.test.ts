import { describe, expect, it } from 'vitest';
import { columnPatternOf, implausibleFor, repairFromPattern } from './column-pattern.js';

/** A column of round prices (tens: 960, 840), as the one-price column of «Клиника 2 прайс 2025 год.PDF». */
const ROUND = columnPatternOf([10800, 9600, 12000, 6000, 7200, 14400, 3600, 1800, 4800, 960, 840, 600, 24000, 147000]);

describe('extract: column patterns', () => {
  it('learns the step and the low end of a column, not from a handful of values', () => {
    expect(ROUND).toMatchObject({ step: 10, count: 14 });
    expect(columnPatternOf([1335, 1780, 2685])).toBeNull();
    expect(columnPatternOf([1335, 1781, 2685, 3580, 1999, 1007, 1011, 1013])!.step).toBe(1);
    // Short values are what the pattern judges, not what it is made of.
    expect(columnPatternOf([1800, 3600, 1200, 6000, 12000, 8400, 2, 1, 3, 1])).toBeNull();
  });

  it('gives a cut last digit its 0 only in a column of round prices', () => {
    expect(repairFromPattern('147 00', ROUND)).toMatchObject({ value: 147000 });
    expect(repairFromPattern('3 60', ROUND)).toMatchObject({ value: 3600 });
    expect(repairFromPattern('96С', ROUND)).toMatchObject({ value: 960 });
    expect(repairFromPattern('147 00', columnPatternOf([1335, 1781, 2685, 3580, 1999, 1007, 1011, 1013]))).toBeNull();
  });

  it('drops the next row\'s digit glued on after a complete number', () => {
    expect(repairFromPattern('9 500 0', ROUND)).toMatchObject({ value: 9500 });
    expect(repairFromPattern('9 555 0', ROUND)).toBeNull();
  });

  it('calls a one- or two-digit value in a column of hundreds implausible, not a short price among large ones', () => {
    expect(implausibleFor(84, ROUND)).not.toBeNull();
    expect(implausibleFor(1, ROUND)).not.toBeNull();
    expect(implausibleFor(780, ROUND)).toBeNull();
    expect(implausibleFor(84, null)).toBeNull();
  });
});
