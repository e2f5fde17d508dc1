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
