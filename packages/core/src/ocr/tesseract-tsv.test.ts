import { describe, expect, it } from 'vitest';
import { cleanOcrWord, parseTesseractTsv, type OcrWord } from './tesseract-tsv.js';

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';

function word(text: string, confidence = 90, left = 100, width = 60): OcrWord {
  return { text, left, top: 50, width, height: 20, confidence };
}

describe('ocr: tesseract TSV', () => {
  it('keeps only words, with their pixel boxes and confidence', () => {
    const tsv = [
      HEADER,
      '1\t1\t0\t0\t0\t0\t0\t0\t1656\t589\t-1\t',
      '4\t1\t1\t1\t1\t0\t270\t210\t180\t17\t-1\t',
      '5\t1\t1\t1\t1\t1\t270\t210\t42\t17\t91.5\tПрием',
      '5\t1\t1\t1\t1\t2\t1152\t213\t42\t13\t88\t9900',
      '',
    ].join('\n');
    expect(parseTesseractTsv(tsv)).toEqual([
      { text: 'Прием', left: 270, top: 210, width: 42, height: 17, confidence: 91.5 },
      { text: '9900', left: 1152, top: 213, width: 42, height: 13, confidence: 88 },
    ]);
  });

  it('drops the blank words tesseract reports for table rules', () => {
    const tsv = `${HEADER}\n5\t1\t2\t1\t1\t1\t203\t101\t1290\t5\t95.000000\t \n`;
    expect(parseTesseractTsv(tsv)).toEqual([]);
  });

  it('reads Windows line ends and skips truncated rows', () => {
    const tsv = `${HEADER}\r\n5\t1\t1\t1\t1\t1\t10\t20\t30\t40\t50\tцена\r\n5\t1\t1\t1\t1\t2\t10\r\n`;
    expect(parseTesseractTsv(tsv).map((w) => w.text)).toEqual(['цена']);
  });
});

describe('ocr: cleaning words', () => {
  it('removes a table rule glued to a word and narrows its box: «[Прием» → «Прием»', () => {
    // 6 characters over 60 px: the rule took the first 10 px.
    expect(cleanOcrWord(word('[Прием'), 90)).toEqual({ ...word('Прием'), left: 110, width: 50 });
  });

  it('removes rules on both sides of a price: «|8800]» → «8800»', () => {
    expect(cleanOcrWord(word('|8800]'), 90)?.text).toBe('8800');
  });

  it('drops a word that is only a rule or punctuation', () => {
    expect(cleanOcrWord(word('|'), 90)).toBeNull();
    expect(cleanOcrWord(word('—'), 90)).toBeNull();
  });

  it('drops a doubtful fragment of two letters but keeps a doubtful long word', () => {
    expect(cleanOcrWord(word('Ки', 17), 30)).toBeNull();
    expect(cleanOcrWord(word('медицинской', 0), 30)?.text).toBe('медицинской');
  });

  it('keeps a short price part that tesseract is sure of: «000»', () => {
    expect(cleanOcrWord(word('000', 95), 30)?.text).toBe('000');
    expect(cleanOcrWord(word('15', 95), 30)?.text).toBe('15');
  });
});
