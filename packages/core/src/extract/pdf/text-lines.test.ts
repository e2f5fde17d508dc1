import { describe, expect, it } from 'vitest';
import type { PdfTextItem } from '../table.js';
import { deskewItems, estimateSkew } from './skew.js';
import { clusterLines, joinFragments, lineText } from './text-lines.js';

const item = (str: string, x: number, y: number, width: number, height = 7.5): PdfTextItem => ({ str, x, y, width, height });

/** A table of `rows` rows (number | name | unit | price) tilted by `degrees`, like a skewed scan. */
function tiltedTable(degrees: number, rows: number): PdfTextItem[] {
  const tan = Math.tan((degrees * Math.PI) / 180);
  const items: PdfTextItem[] = [];
  for (let r = 0; r < rows; r++) {
    const y = 700 - r * 11.5;
    const cells: [string, number, number][] = [
      [String(r + 1), 95, 6],
      [`Услуга номер ${r + 1}`, 120, 90],
      ['1 исследование', 400, 45],
      [`${r + 1} 500`, 525, 18],
    ];
    for (const [str, x, w] of cells) items.push(item(str, x, y + (x + w / 2) * tan, w));
  }
  return items;
}

describe('pdf: lines from a tilted page', () => {
  it('finds the 1.5° tilt of a scanned table', () => {
    const angle = estimateSkew(tiltedTable(1.5, 30));
    expect((angle * 180) / Math.PI).toBeCloseTo(1.5, 1);
  });

  it('keeps each row of a 1.5° tilted table on its own line, with its own price', () => {
    const lines = clusterLines(deskewItems(tiltedTable(1.5, 30), estimateSkew(tiltedTable(1.5, 30))));
    expect(lines).toHaveLength(30);
    expect(lineText(lines[0]!)).toBe('1 Услуга номер 1 1 исследование 1 500');
    expect(lineText(lines[29]!)).toBe('30 Услуга номер 30 1 исследование 30 500');
  });

  it('mixes neighbouring rows when the tilt is ignored (the reason for de-skewing)', () => {
    const lines = clusterLines(tiltedTable(1.5, 30));
    expect(lines.some((l) => lineText(l) === '2 Услуга номер 2 1 исследование 2 500')).toBe(false);
  });

  it('leaves a straight page straight', () => {
    expect(estimateSkew(tiltedTable(0, 30))).toBe(0);
  });

  it('puts the 5 pt unit beside a 7.5 pt name on the name line, and a wrapped line on its own line', () => {
    const lines = clusterLines([
      item('Прием врача отоларинголога с аппаратным исследованием', 119.5, 503.8, 291),
      item('первичный', 119.5, 493.7, 39),
      item('3', 101.8, 499.2, 4),
      item('1 посещение', 439.7, 498.5, 30, 5),
      item('12 000', 574, 496.8, 21),
    ]);
    expect(lines.map(lineText)).toEqual(['Прием врача отоларинголога с аппаратным исследованием', '3 1 посещение 12 000', 'первичный']);
  });
});

describe('pdf: fragments of a line', () => {
  it('reads OCR word pieces «К ож ны е тесты» as «Кожные тесты»', () => {
    const [fragment, ...rest] = joinFragments([
      item('К', 100, 500, 5),
      item('ож', 105.6, 500, 8.5),
      item('ны', 114.6, 500, 8),
      item('е', 123.1, 500, 3.5),
      item('тесты', 129.2, 500, 19),
    ]);
    expect(rest).toHaveLength(0);
    expect(fragment!.text).toBe('Кожные тесты');
  });

  it('keeps the space of a digit group «12 600» for the price parser, however narrow', () => {
    const [fragment] = joinFragments([item('12', 570, 500, 8), item('600', 578.5, 500, 12)]);
    expect(fragment!.text).toBe('12 600');
  });

  it('keeps cells apart: a row number, a name and a price are three fragments', () => {
    const fragments = joinFragments([item('14', 99.4, 332, 7.3), item('Прием гепатолога', 118.8, 331, 70), item('24 000', 572.4, 329.5, 22.7)]);
    expect(fragments.map((f) => f.text)).toEqual(['14', 'Прием гепатолога', '24 000']);
  });
});
