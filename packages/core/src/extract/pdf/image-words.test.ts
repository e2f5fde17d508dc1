import { describe, expect, it } from 'vitest';
import type { PdfTextItem } from '../table.js';
import { imageFontSize, typesetImageLines } from './image-words.js';
import { clusterLines } from './text-lines.js';

const word = (str: string, x: number, y: number, width: number, height: number): PdfTextItem => ({ str, x, y, width, height });

/**
 * Two rows of a scan as tesseract boxes them (Клиника 3 2026 p. 3, № 107–108, in PDF units): the digits' boxes stand
 * on the baseline and are 6.1 pt high; «Прогестерон» hangs 3 pt lower (its «р»), «сыв.» is 4.3 pt high.
 */
const ROWS = [
  word('107', 95, 158.9, 12, 6.1), word('Прогестерон', 123, 155.2, 45, 7.9), word('B06.432.006', 327, 157.8, 44, 6.5),
  word('сыв.', 413, 157.9, 15, 4.3), word('3 780', 474, 158.2, 19, 6.1), word('2835', 527, 158.3, 17, 6.1),
  word('108', 95, 147.0, 12, 6.1), word('17-ОН', 125, 144.9, 22, 6.5), word('Прогестерон', 150, 144.9, 45, 7.9),
  word('(17-ОП)', 198, 144.3, 27, 8.6), word('B06.573.005', 327, 146.0, 44, 6.5), word('4860', 474, 146.2, 17, 6.1),
  word('3645', 527, 146.4, 17, 6.1),
];

describe('pdf: words read from a page image', () => {
  it('stands every word of an OCR line on the line’s baseline, so a name with descenders is level with its number', () => {
    const lines = clusterLines(ROWS, true);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(new Set(line.fragments.map((f) => f.y)).size).toBe(1);
    expect(lines[0]!.y).toBeCloseTo(158.05, 1);
    // A text layer's items keep their own baselines.
    expect(new Set(clusterLines(ROWS)[0]!.fragments.map((f) => f.y)).size).toBeGreaterThan(1);
  });

  it('takes the font size from the digits’ boxes (about 0.7 of it), not from the median box', () => {
    expect(imageFontSize(ROWS)).toBeCloseTo(6.1 / 0.7, 1);
    const [first] = typesetImageLines(clusterLines(ROWS, true), ROWS);
    for (const f of first!.fragments.filter((f) => f.text !== 'сыв.')) expect(f.size).toBeCloseTo(6.1 / 0.7, 5);
  });
});
