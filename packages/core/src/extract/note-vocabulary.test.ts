import { describe, expect, it } from 'vitest';
import { isNoteText, parseNoteLines } from './note-vocabulary.js';

describe('extract: the note-line vocabulary (assets/vocabulary/note-lines.tsv)', () => {
  it('reads the remarks printed in the archive\'s tables as notes, and services as none', () => {
    expect(isNoteText('В стоимость операции не входят ИМН')).toBe(true);
    expect(isNoteText('* цены указаны в тенге')).toBe(true);
    expect(isNoteText('Примечание: цены действительны до 31.12.2026')).toBe(true);
    expect(isNoteText('Эндопротезирование коленного сустава (без ИМН)')).toBe(false);
    expect(isNoteText('Временная блокада зон роста бедренных костей')).toBe(false);
    expect(isNoteText('Стоимость одного дня пребывания в палате')).toBe(false);
    // A section number the scan read with a speck (`*7`) is no footnote mark.
    expect(isNoteText('*7 Ультразвуковое исследование')).toBe(false);
  });
  it('names the file and line of a broken expression or a line with a TAB', () => {
    expect(() => parseNoteLines('# remarks\n^в стоимость\n(не входят\n', 'x.tsv')).toThrow(/x\.tsv:3: not a valid regular expression/);
    expect(() => parseNoteLines('^в стоимость\tnote\n', 'x.tsv')).toThrow(/x\.tsv:1: one expression a line/);
  });
  it('refuses a file without an expression', () => {
    expect(() => parseNoteLines('# only comments\n', 'x.tsv')).toThrow(/x\.tsv: no expression/);
  });
});
