import { describe, expect, it } from 'vitest';
import { isCodeMnemonic } from './code-mnemonic.js';
import { normalizeCode, tariffCodesOf } from './codes.js';

describe('match: clinic codes', () => {
  it('reads the OCR code «ВОЗ.155.002» as B03.155.002', () => {
    expect(normalizeCode('ВОЗ.155.002')).toBe('B03.155.002');
  });

  it('reads the letter-spaced OCR code «В 0 3 .3 16.002» as B03.316.002', () => {
    expect(normalizeCode('В 0 3 .3 16.002')).toBe('B03.316.002');
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

describe('match: code mnemonics (DESIGN §4 rule 2)', () => {
  it.each(['AL4.7', 'U1.1', 'U2.1.3', 'DR3.1', 'GK 9.1'])('treats «%s» as a code mnemonic', (name) => {
    expect(isCodeMnemonic(name)).toBe(true);
  });

  it.each(['Прием терапевта', 'ОАК', 'Т4', 'B12', 'Витамин D 25-OH'])('does not treat «%s» as a code mnemonic', (name) => {
    expect(isCodeMnemonic(name)).toBe(false);
  });
});
