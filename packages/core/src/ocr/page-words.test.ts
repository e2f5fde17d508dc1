import { describe, expect, it } from 'vitest';
import { toPdfTextItems } from './page-words.js';
import type { OcrWord } from './tesseract-tsv.js';

const A4 = { originX: 0, originY: 0, width: 595.2, height: 841.8, rotation: 0 };

function word(left: number, top: number, width: number, height: number): OcrWord {
  return { text: 'Прием', left, top, width, height, confidence: 90 };
}

describe('ocr: pixel boxes to PDF units', () => {
  it('turns a word 200 px from the top-left of a 200-dpi picture into points from the bottom-left', () => {
    // 200 dpi: 1 px = 0.36 pt; the A4 page is 1653 × 2338 px.
    const [item] = toPdfTextItems([word(200, 200, 100, 50)], { widthPx: 1653, heightPx: 2338, box: A4 });
    expect(item!.str).toBe('Прием');
    expect(item!.x).toBeCloseTo(72, 0);
    // Bottom of the box: 250 px from the top = 90 pt; 841.8 − 90 = 751.8.
    expect(item!.y).toBeCloseTo(751.8, 0);
    expect(item!.width).toBeCloseTo(36, 0);
    expect(item!.height).toBeCloseTo(18, 0);
  });

  it('puts a word touching the bottom edge at y = 0', () => {
    const [item] = toPdfTextItems([word(0, 2300, 10, 38)], { widthPx: 1653, heightPx: 2338, box: A4 });
    expect(item!.y).toBeCloseTo(0, 1);
  });

  it('adds the crop box origin, as pdfjs text items of the same page would have', () => {
    const cropped = { originX: 30, originY: 40, width: 500, height: 700, rotation: 0 };
    const [item] = toPdfTextItems([word(0, 0, 100, 100)], { widthPx: 1000, heightPx: 1400, box: cropped });
    expect(item!.x).toBe(30);
    expect(item!.y).toBe(40 + 700 - 50);
  });
});
