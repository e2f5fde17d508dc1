import { describe, it, expect } from 'vitest';
import { normalizeTariffCode, tariffCodesOf } from './tariff-code.js';

describe('match: tariff codes', () => {
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

describe('match: tariff codes as evidence', () => {
  it('reads the letter-spaced OCR code «В 0 3 .3 16.002» as B03.316.002', () => {
    expect(normalizeTariffCode('В 0 3 .3 16.002')).toBe('B03.316.002');
  });

  it('takes a code that extends a tariff code as evidence for the tariff code', () => {
    expect(tariffCodesOf('A02.020.000.2')).toEqual(['A02.020.000.2', 'A02.020.000']);
    expect(tariffCodesOf('E01.000.004')).toEqual(['E01.000.004']);
  });

  it('gives no tariff code for a clinic mnemonic such as U1.1', () => {
    expect(tariffCodesOf('U1.1')).toEqual([]);
    expect(tariffCodesOf('LA. 001.040')).toEqual([]);
    expect(tariffCodesOf(null)).toEqual([]);
  });
});
