import { describe, it, expect } from 'vitest';
import { normalizeTariffCode } from './tariff-code.js';

describe('dictionary: tariff codes', () => {
  it('keeps a well-formed code as it is', () => {
    expect(normalizeTariffCode('A02.004.000')).toBe('A02.004.000');
  });

  it('reads «В03.155.002» typed with a Cyrillic В as B03.155.002', () => {
    expect(normalizeTariffCode('В03.155.002')).toBe('B03.155.002');
  });

  it('reads the OCR spelling «ВОЗ.155.002» as B03.155.002', () => {
    expect(normalizeTariffCode('ВОЗ.155.002')).toBe('B03.155.002');
  });

  it('trims spaces around and inside the code', () => {
    expect(normalizeTariffCode('  D99.999.203 ')).toBe('D99.999.203');
    expect(normalizeTariffCode('B06.457. 006')).toBe('B06.457.006');
  });

  it('keeps extra sub-code parts such as B06.457.006.314', () => {
    expect(normalizeTariffCode('В06.457.006.314')).toBe('B06.457.006.314');
  });

  it('gives no code for #REF!, blanks and junk', () => {
    expect(normalizeTariffCode('#REF!')).toBeNull();
    expect(normalizeTariffCode('')).toBeNull();
    expect(normalizeTariffCode('   ')).toBeNull();
    expect(normalizeTariffCode('U1.1')).toBeNull();
    expect(normalizeTariffCode('A02.04.000')).toBeNull();
    expect(normalizeTariffCode(42)).toBeNull();
    expect(normalizeTariffCode(undefined)).toBeNull();
  });
});
