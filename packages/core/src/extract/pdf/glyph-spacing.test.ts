import { describe, expect, it } from 'vitest';
import { glyphsOfShowText, respaceItems, type ShownGlyph } from './glyph-spacing.js';

/** A shown string as an OCR layer writes it: letters with kerning between them, words split by space glyphs. */
function shown(words: string[], letterGap = -150): unknown[] {
  const out: unknown[] = [];
  words.forEach((word, w) => {
    if (w > 0) out.push({ unicode: ' ', isSpace: true }, -80);
    [...word].forEach((ch, i) => {
      if (i > 0) out.push(letterGap);
      out.push({ unicode: ch, isSpace: false });
    });
  });
  return out;
}

describe('pdf: letter spacing repaired from the glyph stream', () => {
  it('reads the letter-spaced header «Н а и м е н о в а н и е у с л у г» as «Наименование услуг»', () => {
    const runs: ShownGlyph[][] = [glyphsOfShowText(shown(['Наименование', 'услуг']))];
    expect(respaceItems(['Н а и м е н о в а н и е у с л у г'], runs)).toEqual(['Наименование услуг']);
  });

  it('reads «К ож ны е тесты» as «Кожные тесты» and keeps the word break the PDF wrote', () => {
    const runs = [glyphsOfShowText(shown(['Кожные', 'тесты']))];
    expect(respaceItems(['К ож ны е тесты'], runs)).toEqual(['Кожные тесты']);
  });

  it('keeps «12 600» as a digit group even without a space glyph', () => {
    const runs = [glyphsOfShowText(shown(['12600']))];
    expect(respaceItems(['12 600'], runs)).toEqual(['12 600']);
  });

  it('trusts a letter that the OCR font flags as a space (`х` drawn with code 32)', () => {
    const glyphs = shown(['проживающих']).map((g) => (typeof g === 'object' && (g as { unicode: string }).unicode === 'х' ? { unicode: 'х', isSpace: true } : g));
    expect(respaceItems(['проживаю щ их'], [glyphsOfShowText(glyphs)])).toEqual(['проживающих']);
  });

  it('leaves items it cannot match to the glyphs as pdf.js read them', () => {
    const runs = [glyphsOfShowText(shown(['Другой', 'текст']))];
    expect(respaceItems(['П оликлиника'], runs)).toEqual(['П оликлиника']);
  });

  it('walks items in order: the second item is matched after the first', () => {
    const runs = [glyphsOfShowText(shown(['Блок'])), glyphsOfShowText(shown(['Поликлиника']))];
    expect(respaceItems(['Б лок', 'П оликлиника'], runs)).toEqual(['Блок', 'Поликлиника']);
  });
});
