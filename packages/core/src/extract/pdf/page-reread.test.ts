import { describe, expect, it } from 'vitest';
import { betterReading, lostMostRows, lostNumberColumn, lostNumbers, pageRowNumbers } from './page-reread.js';
import type { PageTable } from './page-table.js';

/** A page's table as the row builder leaves it: `№ | name | price | partner price` (only the fields read here). */
function table(rows: readonly (readonly string[])[], columns: { number: number; name: number; prices: number[] }): PageTable {
  return { ...columns, rows: rows.map((cells, i) => ({ kind: 'row', y: 700 - 12 * i, cells: [...cells] })) } as unknown as PageTable;
}
/** Клиника 3 2026 p. 3 as its text layer reads it: no `№` column at all, names and prices («8 200», «4 640»). */
const withoutNumbers = table(
  Array.from({ length: 12 }, (_, i) => [`Витамин ${i}`, '', `${4 + i} 640`, '']),
  { number: -1, name: 0, prices: [2, 3] },
);

describe('page re-read: evidence from the page’s own row numbers', () => {
  it('takes numbers counting up with wide jumps as a page that lost most rows (Клиника 2 2025 p. 14)', () => {
    expect(lostNumbers([613, 614, 635, 643, 644, 645, 647])).toBe(28);
    expect(lostMostRows([613, 614, 635, 643, 644, 645, 647])).toBe(true);
  });

  it('does not re-read a page that only skips a few numbers, nor numbers that do not count up', () => {
    expect(lostMostRows([159, 160, 161, 162, 166, 167, 168])).toBe(false);
    expect(lostMostRows([1, 2, 3, 1, 2, 40])).toBe(false);
    expect(lostMostRows([5, 60])).toBe(false);
  });

  it('prefers the image reading only when it gives more numbers counting up by one, around the same rows', () => {
    const layer = [613, 614, 635, 643];
    expect(betterReading(layer, Array.from({ length: 52 }, (_, i) => 598 + i))).toBe(true);
    expect(betterReading(layer, [613, 614, 643])).toBe(false);
    expect(betterReading(layer, [1, 2, 3, 4, 5, 6])).toBe(false);
    expect(betterReading(layer, [598, 700, 3, 640, 12, 613])).toBe(false);
  });

  it('reads row numbers from the № column, never from a price column (`8 200` is no row number)', () => {
    expect(pageRowNumbers([withoutNumbers])).toEqual([]);
    const numbered = table([['76', 'М-градиент', '24 060', '18045'], ['77', 'Определение белка', '28 000', '21000']], { number: 0, name: 1, prices: [2, 3] });
    expect(pageRowNumbers([numbered])).toEqual([76, 77]);
  });

  it('takes a page of named, priced rows without numbers, after a page that counts its rows, as one that lost its № column', () => {
    const page2 = Array.from({ length: 47 }, (_, i) => 29 + i);
    expect(lostNumberColumn(page2, [], [withoutNumbers])).toBe(true);
    // Not after a page without numbering, nor for a few rows, nor for the right half of a wide sheet (no names).
    expect(lostNumberColumn([], [], [withoutNumbers])).toBe(false);
    expect(lostNumberColumn(page2, [], [table(withoutNumbers.rows.slice(0, 5).map((r) => r.cells), { number: -1, name: 0, prices: [2, 3] })])).toBe(false);
    expect(lostNumberColumn(page2, [], [table(withoutNumbers.rows.map((r) => r.cells), { number: -1, name: -1, prices: [2, 3] })])).toBe(false);
  });
});
