import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryDelayMs } from './retry-policy.js';

describe('embedder: retry policy', () => {
  it('reads «Retry-After: 1» as one second', () => {
    expect(parseRetryAfter('1')).toBe(1000);
  });

  it('reads an HTTP date as the time left until it', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
  });

  it('reads a date already past as «now»', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('2026-01-01'))).toBe(0);
  });

  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
  });

  it('waits what Retry-After asks, but never more than the cap', () => {
    expect(retryDelayMs(0, 2000, { baseDelayMs: 100, maxDelayMs: 30_000 })).toBe(2000);
    expect(retryDelayMs(0, 120_000, { baseDelayMs: 100, maxDelayMs: 30_000 })).toBe(30_000);
  });

  it('without Retry-After doubles the wait per retry, between half and all of it, up to the cap', () => {
    const options = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(retryDelayMs(2, undefined, { ...options, random: () => 0 })).toBe(200);
    expect(retryDelayMs(2, undefined, { ...options, random: () => 0.999 })).toBeCloseTo(400, -1);
    expect(retryDelayMs(10, undefined, { ...options, random: () => 0.999 })).toBeLessThanOrEqual(1000);
  });
});
