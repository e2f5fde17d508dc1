/**
 * Cell texts copied from the OCR text layer of the archive's scans (pdfjs `getTextContent()`), with
 * the true price read by a person from the rendered page. «2025» = `Клиника 2 прайс 2025 год.PDF`,
 * «2026» = `Клиника 2 прайс 2026.pdf`, «К3» = `Клиника 3 прайс 2026.PDF`, «К4» = `Клиника 4 прайс 2026.pdf`.
 * Fragments that are separate text items on the page (`12 О`, `О`, `С`) are joined with spaces, as a
 * cell's items are.
 */
import { describe, expect, it } from 'vitest';
import { repairOcrPrice } from './ocr-digits.js';

const value = (text: string): number | null => repairOcrPrice(text)?.value ?? null;

describe('extract: repairOcrPrice, look-alike letters', () => {
  it('reads «II 000» as 11000 (2026 p.1, row 2, non-resident price)', () => expect(value('II 000')).toBe(11000));
  it('reads «ЗЗООО» as 33000 (2026 p.1, row 21: Cyrillic Ze and O)', () => expect(value('ЗЗООО')).toBe(33000));
  it('reads «24 ООО» and «36 ооо» as 24000 and 36000 (2026 p.1, «консультация врача»)', () => {
    expect(value('24 ООО')).toBe(24000);
    expect(value('36 ооо')).toBe(36000);
  });
  it('reads «1ООО» as 1000', () => expect(value('1ООО')).toBe(1000));
  it('reads «I 900» as 1900 (2026 p.5, row 188)', () => expect(value('I 900')).toBe(1900));
  it('reads «4 ЗОО» as 4300 (2026 p.5, «общий анализ крови»)', () => expect(value('4 ЗОО')).toBe(4300));
  it('reads «II 600» as 11600 (2026 p.4)', () => expect(value('II 600')).toBe(11600));
  it('reads «И 000» as 11000 (2026 p.4, row 123: the two strokes of 11 merged)', () => expect(value('И 000')).toBe(11000));
  it('reads б as 6 only beside a digit', () => {
    expect(value('1 2б0')).toBe(1260);
    expect(value('б 000')).toBeNull();
  });
  it('keeps a currency word after the repaired digits («II 600 тг»)', () => expect(value('II 600 тг')).toBe(11600));
  it('says what it changed and how the digits read', () => {
    expect(repairOcrPrice('II 000')).toEqual({ value: 11000, repaired: '11 000', note: 'I→1' });
  });
});

describe('extract: repairOcrPrice, the last digit cut by the scan edge', () => {
  it('reads «10 80С» as 10800 (2025 p.1, row 1)', () => expect(value('10 80С')).toBe(10800));
  it('reads «9 60(» as 9600 (2025 p.2, row 48)', () => expect(value('9 60(')).toBe(9600));
  it('reads «2 I6C» as 2160 (2025 p.9, row 371)', () => expect(value('2 I6C')).toBe(2160));
  it('reads «3 ЗОС» as 3300 (2025 p.11, row 458)', () => expect(value('3 ЗОС')).toBe(3300));
  it('reads «1 440 00С» as 1440000 (2025 p.20, row 902)', () => expect(value('1 440 00С')).toBe(1440000));
  it('reads «9 60С)» with a cut С) as 9600', () => expect(value('9 60С)')).toBe(9600));
  it('leaves «96С» unread: with no thousands group the С could be a speck (2025 p.3)', () => expect(value('96С')).toBeNull());
  it('leaves «ЗОООС» unread: unspaced, nothing says the С is a digit (2025 p.13)', () => expect(value('ЗОООС')).toBeNull());
});

describe('extract: repairOcrPrice, a price in fragments', () => {
  it('reads «12 О», «О», «С» as 12000 (2025 p.1, row 3)', () => {
    expect(value('12 О О С')).toBe(12000);
    expect(value('12 О | О | С')).toBe(12000);
  });
  it('reads «24 О», «ОС» as 24000 (2025 p.1, row 7)', () => expect(value('24 О ОС')).toBe(24000));
  it('reads «198 О», «О», «О» as 198000 (К4 p.30, row 25)', () => expect(value('198 О О О')).toBe(198000));
  it('reads «1 100 О», «О», «О» as 1100000 (К4 p.24, row 1)', () => expect(value('1 100 О О О')).toBe(1100000));
  it('reads letter-spaced «5 0 0 0» as 5000 (2026 p.1, row 24)', () => expect(value('5 0 0 0')).toBe(5000));
  it('reads letter-spaced «7 1 2 6 0 0» as 712600 (2026 p.3, row 76)', () => expect(value('7 1 2 6 0 0')).toBe(712600));
  it('reads «1 1 600» as 11600', () => expect(value('1 1 600')).toBe(11600));
});

describe('extract: repairOcrPrice, ambiguous cells stay unread', () => {
  it('does not guess S: «S 600» is 8 600 on the scan (2026 p.5), «1 7S0» is 1 780 (К3 p.2)', () => {
    expect(value('S 600')).toBeNull();
    expect(value('1 7S0')).toBeNull();
  });
  it('does not invent a digit cut off without a trace: «147 00» is 147 000, «6 00» is 6 000 (2025 p.2, p.4)', () => {
    expect(value('147 00')).toBeNull();
    expect(value('6 00')).toBeNull();
  });
  it('does not read the table rule after a number as a digit: «4 4 0 0 1» is 4 400 (2026 p.10)', () => {
    expect(value('4 4 0 0 1')).toBeNull();
  });
  it('does not complete a fragment whose other pieces are missing («300 О», 2025 p.16)', () => expect(value('300 О')).toBeNull());
  it('gives no price for unknown letters, ranges and two numbers', () => {
    for (const text of ['IX 200', 'V-400', '1 N00', '13-800', '5000 7000', '( ШИ)', 'II', 'ООО', 'договорная', '']) {
      expect(repairOcrPrice(text), text).toBeNull();
    }
  });
});
