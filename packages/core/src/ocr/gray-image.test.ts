import { describe, expect, it } from 'vitest';
import { linesPerImage } from './cell-digits.js';
import { cutCell, encodePgm, isBlank, parsePgm, type GrayImage } from './gray-image.js';

/** A white picture with a black vertical rule at x = 2 over the full height and a 2×2 «glyph» at (6, 4). */
function picture(): GrayImage {
  const width = 10;
  const height = 10;
  const pixels = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) pixels[y * width + 2] = 0;
  for (const [x, y] of [[6, 4], [7, 4], [6, 5], [7, 5]] as const) pixels[y * width + x] = 0;
  return { width, height, pixels };
}

describe('ocr: grey pictures of table cells', () => {
  it('reads back the PGM it writes, with a comment in the header too', () => {
    const image = picture();
    const back = parsePgm(encodePgm(image));
    expect([back.width, back.height]).toEqual([10, 10]);
    expect([...back.pixels]).toEqual([...image.pixels]);
    const commented = Uint8Array.from([...new TextEncoder().encode('P5\n# pdftoppm\n2 1\n255\n'), 0, 255]);
    expect([...parsePgm(commented).pixels]).toEqual([0, 255]);
  });
  it('refuses what is not an 8-bit binary PGM', () => {
    expect(() => parsePgm(new TextEncoder().encode('P6\n1 1\n255\nabc'))).toThrow(/не 8-битный двоичный PGM/);
    expect(() => parsePgm(new TextEncoder().encode('P5\n4 4\n255\nab'))).toThrow(/не 8-битный двоичный PGM/);
  });
  it('cuts a cell with a white margin and whitens the table rule, keeping the glyph', () => {
    const cell = cutCell(picture(), { left: 0, top: 0, right: 10, bottom: 10 });
    expect([cell.width, cell.height]).toEqual([30, 30]);
    const at = (x: number, y: number): number => cell.pixels[(y + 10) * cell.width + x + 10]!;
    expect(at(2, 3)).toBe(255);
    expect(at(6, 4)).toBe(0);
    expect(isBlank(cell)).toBe(false);
    expect(isBlank(cutCell(picture(), { left: 0, top: 0, right: 5, bottom: 10 }))).toBe(true);
  });
  it('clips a box running off the picture', () => {
    const cell = cutCell(picture(), { left: 8, top: -5, right: 40, bottom: 3 });
    expect([cell.width, cell.height]).toEqual([22, 23]);
  });
});

describe('ocr: tesseract TSV of several cell pictures', () => {
  it('gives each picture its words, by page number, and blanks to pictures without any', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t100\t40\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t10\t30\t20\t91.5\t4',
      '5\t1\t1\t1\t1\t2\t50\t10\t40\t20\t90.1\t600',
      '5\t3\t1\t1\t1\t1\t10\t10\t60\t20\t88.0\t14400',
    ].join('\n');
    expect(linesPerImage(tsv, 3)).toEqual(['4 600', '', '14400']);
  });
});
