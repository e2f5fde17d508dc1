import { describe, expect, it } from 'vitest';
import type { TextLine } from './geometry.js';
import { findFurniture, isFurniture } from './page-furniture.js';

const line = (text: string, y: number, x0 = 300): TextLine => ({ y, fragments: [{ text, x0, x1: x0 + 6 * text.length, y, size: 9 }] });

/**
 * Five pages of a scanned list whose top right corner carries the appendix number with the dates of an order
 * (as the issue describes an unseen list), a few points higher or lower on each page as scans are fed; each
 * page has its own rows and one page a real heading.
 */
const pages: TextLine[][] = [0, 1, 2, 3, 4].map((p) => [
  line(`Приложение 2 к приказу № 15 от 1${p}.01.2026 г.`, 800 + (p % 2 === 0 ? 3 : -4)),
  ...(p === 2 ? [line('ЛАБОРАТОРНЫЕ ИССЛЕДОВАНИЯ', 700, 150)] : []),
  line(`Прием врача ${['терапевта', 'хирурга', 'невролога', 'кардиолога', 'уролога'][p]}`, 650, 60),
  line('Цена, тенге', 760, 400),
]);

describe('extract: page furniture', () => {
  it('finds text repeated at the same place on most pages, whatever its digits', () => {
    const furniture = findFurniture(pages);
    expect(furniture.map((f) => f.key)).toEqual(['приложениекприказуотг']);
    expect(isFurniture(pages[3]![0]!, furniture)).toBe(true);
  });

  it('never takes a heading, a row or a header line for furniture, nor the same text elsewhere on the page', () => {
    const furniture = findFurniture(pages);
    expect(isFurniture(pages[2]![1]!, furniture)).toBe(false);
    expect(isFurniture(line('Цена, тенге', 760, 400), furniture)).toBe(false);
    expect(isFurniture(line('Приложение 2 к приказу № 15 от 10.01.2026 г.', 400), furniture)).toBe(false);
  });

  it('needs at least three pages and half of them', () => {
    expect(findFurniture(pages.slice(0, 2))).toEqual([]);
  });
});
