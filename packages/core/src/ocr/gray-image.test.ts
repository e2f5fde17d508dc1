import { describe, expect, it } from 'vitest';
import { agreedReading, linesPerImage } from './cell-digits.js';
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
  it('stretches a faint cell from its own paper to its own ink, so a grey digit comes out black', () => {
    // A greyed scan: paper at 245, a «digit» at 190, under the fixed ink level of 128.
    const width = 20;
    const height = 10;
    const pixels = new Uint8Array(width * height).fill(245);
    for (let y = 3; y < 7; y++) for (const x of [8, 9, 12]) pixels[y * width + x] = 190;
    const cell = cutCell({ width, height, pixels }, { left: 0, top: 0, right: width, bottom: height });
    const at = (x: number, y: number): number => cell.pixels[(y + 10) * cell.width + x + 10]!;
    expect(at(8, 4)).toBe(0);
    expect(at(2, 2)).toBe(255);
    expect(isBlank(cell)).toBe(false);
  });
  it('leaves a cell of paper grain blank', () => {
    const width = 20;
    const height = 10;
    const pixels = Uint8Array.from({ length: width * height }, (_, i) => 240 + (i * 7) % 11);
    expect(isBlank(cutCell({ width, height, pixels }, { left: 0, top: 0, right: width, bottom: height }))).toBe(true);
  });
  it('cuts a cell of a tilted picture along the tilt: its tilted rule comes out level and is whitened', () => {
    // A rule 5 px thick rising to the right by 2° at 30 px above the bottom edge, drawn as a scan draws it (each pixel
    // as grey as the rule covers it), and a glyph on the tilted line 15 px above it.
    const width = 200;
    const height = 80;
    const tilt = (2 * Math.PI) / 180;
    const pixels = new Uint8Array(width * height).fill(255);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const centre = height - (30 + (x + 0.5) * Math.tan(tilt));
        const cover = Math.min(1, Math.max(0, 3 - Math.abs(y + 0.5 - centre)));
        pixels[y * width + x] = Math.round(255 * (1 - cover));
      }
    }
    const glyphX = 100;
    const glyphY = height - 1 - Math.round(45 + glyphX * Math.tan(tilt));
    for (let dy = 0; dy < 4; dy++) for (let dx = 0; dx < 4; dx++) pixels[(glyphY + dy) * width + glyphX + dx] = 0;
    const image = { width, height, pixels };
    // The straightened band 25–55 px above the bottom edge, x 20–180: the rule lies level in it.
    const box = { left: 20, right: 180, top: height - 55, bottom: height - 25 };
    const turned = cutCell(image, box, tilt);
    const inked = (cell: GrayImage): number => cell.pixels.filter((p) => p < 128).length;
    // Cut along the tilt, the rule's core lies in whole pixel rows and is whitened (its blurred edges stay grey and
    // in part); cut upright, the sloping rule crosses the cell as a band no pixel row holds whole.
    expect(inked(turned)).toBeLessThan(inked(cutCell(image, box)) / 2);
    // The glyph, 15 px above the rule on the tilted line, comes out whole.
    const glyph = turned.pixels.filter((p, i) => p < 128 && Math.abs(Math.floor(i / turned.width) - 10 - 12) <= 4).length;
    expect(glyph).toBeGreaterThanOrEqual(12);
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

describe('ocr: the readings of a tilted cell cut two ways', () => {
  it('takes the one number read, the number both read, and both where they read different numbers', () => {
    expect(agreedReading(['2835'])).toBe('2835');
    expect(agreedReading(['2835', ''])).toBe('2835');
    expect(agreedReading(['4', '2130'])).toBe('2130');
    expect(agreedReading(['2 835', '2835'])).toBe('2 835');
    expect(agreedReading(['3160', '5160'])).toBe('3160 / 5160');
    expect(agreedReading(['', ''])).toBe('');
  });
});
