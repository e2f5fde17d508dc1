/**
 * A row of a page table, as the row builder gives it and the name-cell passes refine it.
 *
 * @module
 */

import type { NameRepair } from '../table.js';

/** A row of a page table: one text per column. */
export interface PageRow {
  readonly kind: 'row' | 'section';
  /** Vertical position (the anchors' middle), for joining the halves of a wide sheet. */
  readonly y: number;
  readonly cells: string[];
  /** Price cells read again from the page image (column → digits), where the text layer had none. */
  readonly rereads?: ReadonlyMap<number, string>;
  /**
   * A row whose text layer kept only its name, one line over the next row's (see `stacked-rows.ts`): a row only
   * where its prices were read again from the page image; otherwise its line is left out of the table.
   */
  readonly stacked?: true;
  /** The baseline of the name cell's last line (where a closing code stands), when the row has a name. */
  readonly nameBottom?: number;
  /** The name cell's closing code repaired (`name-codes.ts`): the text layer's name and how. */
  readonly nameRepair?: NameRepair;
}
