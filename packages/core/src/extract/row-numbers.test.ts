import { describe, expect, it } from 'vitest';
import { continuesNumbering, rowNumberOf, skippedNumbers, splitNumberedName } from './row-numbers.js';

describe('extract: row numbers', () => {
  it('reads a number cell and tells a continued numbering from a section number', () => {
    expect(rowNumberOf('12.')).toBe(12);
    expect(rowNumberOf('86 *7')).toBeNull();
    expect(continuesNumbering(233, 234)).toBe(true);
    expect(continuesNumbering(77, 6)).toBe(false);
  });

  it('names the numbers a sequence skips, across tables, and only where certain', () => {
    expect(skippedNumbers(12, [13, 16, 17])).toEqual({ skipped: [14, 15], last: 17 });
    expect(skippedNumbers(null, [1, 2, 1, 2, 4])).toEqual({ skipped: [3], last: 4 });
    // An unnumbered row between (a sub-row, or a number the scan lost) stops the count.
    expect(skippedNumbers(5, [null, 9]).skipped).toEqual([]);
    // 30 between 9 and 11 is a misread 10, not a gap of twenty rows.
    expect(skippedNumbers(8, [9, 30, 11]).skipped).toEqual([]);
    expect(skippedNumbers(3, [55]).skipped).toEqual([]);
  });

  it('does not report numbers the list prints out of order, nor numbers it skips itself', () => {
    // «Клиника 2 прайс 2026.pdf», page 15, as printed: 826 and 839 stand out of order.
    expect(skippedNumbers(824, [825, 827, 828, 839, 826, 829, 830, 831, 832, 833, 834, 835, 836, 837, 838, 840]).skipped).toEqual([]);
    // «Клиника 3 прайс 2026.PDF», page 13: rows 364 and 368 on consecutive lines of the table (nothing between them).
    const rowsAt = [7, 8, 9];
    const printedBetween = (a: number, b: number) => rowsAt[b]! - rowsAt[a]! > 1;
    expect(skippedNumbers(362, [363, 364, 368], printedBetween).skipped).toEqual([]);
    // A row printed between them that was not kept is a gap.
    expect(skippedNumbers(362, [363, 364, 368], () => true).skipped).toEqual([365, 366, 367]);
    // A gap from the table before (a page break) is reported: what lies between cannot be seen here.
    expect(skippedNumbers(30, [33, 34], () => false).skipped).toEqual([31, 32]);
  });

  it('splits a number read into the № cell together with the name', () => {
    expect(splitNumberedName(['312 Блокада нервных стволов', '', '1 процедура', ''], 0, 1)).toEqual(['312', 'Блокада нервных стволов', '1 процедура', '']);
    expect(splitNumberedName(['312', 'Блокада', '', ''], 0, 1)).toEqual(['312', 'Блокада', '', '']);
  });
});
