import leven from 'leven';
import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-similarity.js';

describe('match: edit distance', () => {
  it('equals the Levenshtein distance, short and long strings, Cyrillic and Latin', () => {
    let seed = 42;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = 'абвгдеёжзийклмнопрстуфхцчшщыэюя abc0123';
    const word = (max: number) => Array.from({ length: Math.floor(next() * max) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    for (let i = 0; i < 3000; i += 1) {
      const a = word(i % 3 === 0 ? 40 : 33);
      const b = next() < 0.5 ? word(45) : a.slice(0, Math.floor(next() * a.length)) + word(5);
      expect(editDistance(a, b)).toBe(leven(a, b));
    }
    expect(editDistance('', 'узи')).toBe(3);
    expect(editDistance('анализ кала общий', 'общий анализ кала')).toBe(leven('анализ кала общий', 'общий анализ кала'));
    expect(editDistance('a'.repeat(32), 'b'.repeat(32))).toBe(32);
  });

  it('equals the Levenshtein distance for long names too (several blocks of 32 letters)', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = 'абвгдеёжзийклмнопрстуфхцчшщыэюя abc0123';
    const word = (max: number) => Array.from({ length: Math.floor(next() * max) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    let long = 0;
    for (let i = 0; i < 5000; i += 1) {
      const a = word(200);
      // Unrelated, spliced (a cut, a few letters, the rest shifted) or with vowels misread: far, near and in between.
      const roll = next();
      const b =
        roll < 0.3 ? word(220) : roll < 0.65 ? a.slice(0, Math.floor(next() * a.length)) + word(10) + a.slice(Math.floor(next() * a.length)) : a.replace(/[аео]/g, 'и');
      if (Math.min(a.length, b.length) > 32) long += 1;
      expect(editDistance(a, b)).toBe(leven(a, b));
    }
    expect(long).toBeGreaterThan(2000);
    for (const length of [33, 63, 64, 65, 96, 97, 128, 129]) {
      const a = 'а'.repeat(length);
      expect(editDistance(a, 'б'.repeat(length + 3))).toBe(length + 3);
      expect(editDistance(a, `${a}x`)).toBe(1);
      expect(editDistance(`x${a}`, a)).toBe(1);
    }
  });
});
