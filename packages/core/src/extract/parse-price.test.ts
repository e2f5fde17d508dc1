import { describe, expect, it } from 'vitest';
import { parsePrice } from './parse-price.js';

const value = (text: string): number | null => parsePrice(text)?.value ?? null;

describe('extract: parsePrice', () => {
  it('reads «12 600» as 12600', () => expect(value('12 600')).toBe(12600));
  it('reads «12 600,00» as 12600', () => expect(value('12 600,00')).toBe(12600));
  it('reads «2099.5» as 2099.5', () => expect(value('2099.5')).toBe(2099.5));
  it('reads «1 200,00 тг» as 1200', () => expect(value('1 200,00 тг')).toBe(1200));
  it('reads «12,600» as twelve thousand six hundred', () => expect(value('12,600')).toBe(12600));
  it('reads «1,296,750» as 1296750', () => expect(value('1,296,750')).toBe(1296750));
  it('reads «₸ 5 000» and «5 000 ₸» as 5000', () => {
    expect(value('₸ 5 000')).toBe(5000);
    expect(value('5 000 ₸')).toBe(5000);
  });
  it('reads NBSP and thin-space groups («3\u00A0960», «14\u2009400», «1\u202F500»)', () => {
    expect(value('3\u00A0960')).toBe(3960);
    expect(value('14\u2009400')).toBe(14400);
    expect(value('1\u202F500')).toBe(1500);
  });
  it('reads «18 000 тенге» as 18000', () => expect(value('18 000 тенге')).toBe(18000));
  it('reads «0» as zero (the caller treats it as no price)', () => expect(value('0')).toBe(0));

  it('keeps «от 252 950» as a lower bound', () => {
    expect(parsePrice('от 252 950 ')).toEqual({ value: 252950, minimum: true });
    expect(parsePrice('12 600')).toEqual({ value: 12600, minimum: false });
  });

  it('gives no price for text, dates, ranges and percentages', () => {
    for (const text of ['', 'договорная', 'бесплатно', '01.02.2024', '5000-7000', '5 000 – 7 000', '10%', '1 посещение', 'U1.1']) {
      expect(parsePrice(text), text).toBeNull();
    }
  });
});
