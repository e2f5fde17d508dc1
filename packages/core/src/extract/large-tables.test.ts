import { describe, expect, it } from 'vitest';
import { extractPriceRows } from './extract-rows.js';
import { inferLayout } from './table-layout.js';
import type { Table } from './table.js';

/** A headed price table of `count` rows, built here (never stored as a fixture). */
function bigTable(count: number): Table {
  const rows: string[][] = [['Наименование услуги', 'Цена, тенге']];
  for (let i = 1; i <= count; i++) rows.push([`Услуга ${i}`, String(1000 + (i % 500))]);
  return { name: 'Лист1', rows, numbers: new Map() };
}

describe('extract: tables of many rows', () => {
  // Regression: #18, `Math.max(0, ...rows.map(...))` overflowed the call stack at ~125k rows (HTTP 500).
  it('reads a 150,000-row table without a RangeError', () => {
    const { rows } = extractPriceRows({ format: 'xlsx', fileName: 'big.xlsx', tables: [bigTable(150_000)], text: [], warnings: [] });
    expect(rows).toHaveLength(150_000);
    expect(rows[149_999]?.name).toBe('Услуга 150000');
  });

  it('guesses the layout of a 150,000-row table without a header', () => {
    const rows = bigTable(150_000).rows.slice(1);
    expect(() => inferLayout(rows)).not.toThrow();
  });
});
