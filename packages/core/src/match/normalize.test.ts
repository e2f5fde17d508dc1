import { describe, expect, it } from 'vitest';
import { normalizeName } from './normalize.js';
import { toTerms } from './terms.js';
import { stemWord } from './tokens.js';

describe('match: normalizeName', () => {
  it('ignores case, «ё» and punctuation', () => {
    expect(normalizeName('ПРИЁМ  терапевта (первичный).')).toBe('прием терапевта первичный');
  });

  it('reads Latin look-alike letters inside Cyrillic words as Cyrillic', () => {
    // "УЗИ" typed with a Latin "y" and "3"-less: the Latin "y" is the look-alike.
    expect(normalizeName('yЗИ плода')).toBe(normalizeName('УЗИ плода'));
  });

  it('reads Cyrillic look-alike letters inside Latin words as Latin', () => {
    // «IgЕ» and «HBsАg» with a Cyrillic «Е» and «А»; `Рhadiaтор` half typed in each alphabet.
    expect(normalizeName('IgЕ (иммуноглобулин Е)')).toBe('ige иммуноглобулин е');
    expect(normalizeName('HBsАg')).toBe('hbsag');
    expect(normalizeName('Рhadiaтор')).toBe('phadiatop');
  });

  it('separates words at every character that is not a letter, a digit, «+» or «%», as the Unicode classes say', () => {
    // Every character below U+3000 (read from a table) and a few past it (read by the pattern), between two words,
    // against the pattern itself; texts that mix the alphabets are left to the look-alike tests above.
    const byPattern = (text: string) => text.normalize('NFKC').toLowerCase().replace(/ё/g, 'е').replace(/[^\p{L}\p{N}+%]+/gu, ' ').trim();
    let checked = 0;
    for (let code = 1; code < 0x3100; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = `ab${String.fromCharCode(code)}cd. ef`;
      const expected = byPattern(text);
      if (/[а-я]/.test(expected)) continue;
      expect(normalizeName(text)).toBe(expected);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('keeps Latin words and numbers', () => {
    expect(normalizeName('Anti-HCV (гепатит С) 3D')).toBe('anti hcv гепатит с 3d');
  });
});

describe('match: stems', () => {
  it('makes inflected forms of a word meet («анализы крови» ~ «анализ крови»)', () => {
    expect(toTerms('анализы крови')).toEqual(toTerms('анализ крови'));
  });

  it('drops a unit of sale with a count of one, but keeps the last number of a code before it', () => {
    expect(toTerms(normalizeName('Прием терапевта 1 посещение'))).toEqual(toTerms(normalizeName('Прием терапевта')));
    expect(toTerms(normalizeName('Онкомаркер СА-19-9 услуга'))).toEqual(toTerms(normalizeName('Онкомаркер СА 19-9')));
  });

  it('makes «почек» meet «почки», whose vowel drops out', () => {
    expect(toTerms(normalizeName('УЗИ почек'))).toEqual(toTerms(normalizeName('УЗИ почки')));
  });

  it('keeps short words and abbreviations whole', () => {
    expect(stemWord('мрт')).toBe('мрт');
    expect(stemWord('узи')).toBe('узи');
  });
});
