import { describe, expect, it } from 'vitest';
import { codeFromImage, codeFromTail } from './name-codes.js';

// Tails and image readings as «Клиника 3 прайс 2026.PDF» gives them (pp. 15–18), the codes as printed (read by a
// person at 300 dpi): `Марь белая, w10`, `Ананас, f210`, `Курица (перо), e85`, `Абрикос, f237`, `Арбуз, f329`,
// `Баклажан, f262`, `Клубника, f44`, `Лимон, f208`.
describe('name codes: a closing code the text layer damaged', () => {
  it('reads digit look-alikes after the neighbours\' letters, and Cyrillic twins of the letters', () => {
    expect(codeFromTail('wlO', ['w'])).toBe('w10');
    expect(codeFromTail('f2 10', ['f'])).toBe('f210');
    expect(codeFromTail('е85', ['e', 'd'])).toBe('e85');
  });

  it('repairs nothing from the layer alone where a glyph stands for the letter or a digit ambiguously', () => {
    expect(codeFromTail('1237', ['f'])).toBeNull();
    expect(codeFromTail('1Б1', ['f'])).toBeNull();
    expect(codeFromTail('wlO', ['g'])).toBeNull();
  });

  it('takes the image\'s code when it ends in the layer tail\'s last digit, its `f` read as `£`, `[` or lost', () => {
    expect(codeFromImage('_ Абрикос. £237 7', '1237', ['f'])).toBe('f237');
    expect(codeFromImage('] Клубника, £44 ь', '£44', ['f'])).toBe('f44');
    expect(codeFromImage('_ Лимон, [208 . Е ‘', '1208', ['f'])).toBe('f208');
    expect(codeFromImage('_ Арбуз. 329 | |', '1329', ['f'])).toBe('f329');
    expect(codeFromImage('Баклажан, 2262', '1262', ['f'])).toBe('f262');
  });

  it('refuses a reading that disagrees with the layer or has no code', () => {
    expect(codeFromImage('_Овца (эпителий), e8 | В”?', 'е8 1', ['e'])).toBeNull();
    expect(codeFromImage('', '0 1 6', ['f'])).toBeNull();
    expect(codeFromImage('| Капуста кочанная, 2216 .', '0 1 6', ['f'])).toBeNull();
  });
});
