import { describe, expect, it } from 'vitest';
import { isCodeMnemonic } from './code-mnemonic.js';

describe('match: code mnemonics (DESIGN §4 rule 2)', () => {
  it.each(['AL4.7', 'U1.1', 'U2.1.3', 'DR3.1', 'GK 9.1'])('treats «%s» as a code mnemonic', (name) => {
    expect(isCodeMnemonic(name)).toBe(true);
  });

  it.each(['Прием терапевта', 'ОАК', 'Т4', 'B12', 'Витамин D 25-OH'])('does not treat «%s» as a code mnemonic', (name) => {
    expect(isCodeMnemonic(name)).toBe(false);
  });
});
