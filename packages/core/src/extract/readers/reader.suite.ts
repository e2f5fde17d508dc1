/**
 * The conformance suite every {@link TableReader} passes. Call it inside the reader's `describe`:
 * `defineReaderSuite(docxReader, { good, truncated })`.
 */
import { expect, it } from 'vitest';
import { ExtractError } from '../../errors.js';
import type { TableReader } from '../table.js';

/** A file given to the suite. */
export interface ReaderSuiteFile {
  readonly bytes: Uint8Array;
  readonly fileName: string;
}

/** What the suite needs: a good file of the reader's format, and the same file cut short. */
export interface ReaderSuiteOptions {
  /** A readable file with at least one table that has rows. */
  readonly good: () => ReaderSuiteFile | Promise<ReaderSuiteFile>;
  /** The bytes of a damaged file of the format (usually `good` cut in half). */
  readonly truncated: () => ReaderSuiteFile | Promise<ReaderSuiteFile>;
}

/** Registers the reader contract cases with vitest. */
export function defineReaderSuite(reader: TableReader, options: ReaderSuiteOptions): void {
  it('reads a good file into at least one table with rows', async () => {
    const file = await options.good();
    const result = await reader.read(file.bytes, file.fileName);
    expect(reader.formats).toContain(result.format);
    expect(result.tables.length).toBeGreaterThan(0);
    expect(result.tables.some((t) => t.rows.some((row) => row.some((cell) => cell.trim() !== '')))).toBe(true);
  });

  it('gives every row of a table the same number of cells', async () => {
    const file = await options.good();
    const result = await reader.read(file.bytes, file.fileName);
    for (const table of result.tables) {
      const widths = new Set(table.rows.map((row) => row.length));
      expect(widths.size).toBeLessThanOrEqual(1);
    }
  });

  it('throws ExtractError naming the file when the bytes are truncated', async () => {
    const file = await options.truncated();
    const error = await reader.read(file.bytes, file.fileName).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExtractError);
    expect((error as ExtractError).message).toContain(file.fileName);
  });

  it('reads the same file twice in parallel with the same result (no shared state)', async () => {
    const file = await options.good();
    const [a, b] = await Promise.all([reader.read(file.bytes, file.fileName), reader.read(file.bytes, file.fileName)]);
    expect(a.tables).toEqual(b.tables);
  });
}
