import { describe, expect, it } from 'vitest';
import { cleanPriceText } from './price-text-cleanup.js';

describe('extract: cleanPriceText', () => {
  it('strips a stray mark before or after the number (cells of «Клиника 2 прайс 2025 год.PDF» and «Клиника 3»)', () => {
    expect(cleanPriceText('. 3 500').text).toBe('3 500');
    expect(cleanPriceText('у 1 200').text).toBe('1 200');
    expect(cleanPriceText('4 200 I').text).toBe('4 200');
  });

  it('keeps letters OCR gives for digits and «от» for the digit repair and the parser', () => {
    expect(cleanPriceText('И 400').text).toBe('И 400');
    expect(cleanPriceText('З 600').text).toBe('З 600');
    expect(cleanPriceText('от 5 000').text).toBe('от 5 000');
  });

  it('reads a price printed twice in one cell once', () => {
    expect(cleanPriceText('18 000. . 18 000')).toEqual({ text: '18 000', doubled: true });
    expect(cleanPriceText('5000 7000').doubled).toBe(false);
    expect(cleanPriceText('1. 1').doubled).toBe(false);
  });
});
