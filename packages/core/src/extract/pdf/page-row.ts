/**
 * A row of a page table, as the row builder gives it and the name-cell passes refine it.
 *
 * @module
 */

/** A row of a page table: one text per column. */
export interface PageRow {
  readonly kind: 'row' | 'section';
  /** Vertical position (the anchors' middle), for joining the halves of a wide sheet. */
  readonly y: number;
  readonly cells: string[];
  /** Price cells read again from the page image (column → digits), where the text layer had none. */
  readonly rereads?: ReadonlyMap<number, string>;
}
