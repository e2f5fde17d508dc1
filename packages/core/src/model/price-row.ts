import type { RowFlag } from './row-flag.js';

/**
 * Rows of a price list after header and column detection: what every reader's tables become.
 */

/**
 * The meaning of a price column, decided from its header text.
 * `resident` is the comparison price (residents, with VAT where the list distinguishes).
 */
export type PriceRole =
  | 'resident'
  | 'nonresident'
  | 'nonresident_far'
  | 'without_vat'
  | 'insurance'
  | 'partner'
  | 'other';

/** One price cell of a row. */
export interface PriceCell {
  readonly role: PriceRole;
  readonly value: number;
  /** The cell text as it was in the document. */
  readonly raw: string;
  /** The header text of the column the price came from. */
  readonly header: string;
  /** Further roles of the same price: one column for near and far abroad (`nonresident` + `nonresident_far`). */
  readonly also_roles?: readonly PriceRole[];
}

/** A price column found in a table, with its role. */
export interface PriceColumn {
  readonly index: number;
  readonly header: string;
  readonly role: PriceRole;
  /** Further roles the header names (`… ближнего и дальнего зарубежья`: `nonresident_far` beside `nonresident`). */
  readonly also_roles?: readonly PriceRole[];
}

/** One priced service row of a price list. */
export interface PriceRow {
  /** The nearest section heading above the row, if any (`ПРИЕМ ВРАЧА`, `Раздел 7. Оториноларингология`). */
  readonly section: string | null;
  /** The clinic's own code for the service, as written (normalization happens in matching). */
  readonly code: string | null;
  readonly name: string;
  readonly unit: string | null;
  readonly prices: readonly PriceCell[];
  /** Where the row is: table name and 1-based row number in it. */
  readonly source: { readonly table: string; readonly row: number };
  /** What was repaired or doubtful in this row. */
  readonly warnings: readonly string[];
  /**
   * Review flags (scans): a price repaired, unreadable, missing or implausible, each with a stable code;
   * their Russian messages are also in `warnings`. Absent when there is nothing to review.
   */
  readonly flags?: readonly RowFlag[];
  /**
   * `package`: the row's price covers the rows listed below it as its parts; `component`: one of those parts
   * (package-rows.ts). Absent: a service of its own.
   */
  readonly kind?: 'package' | 'component';
  /** A component's package: the `source` of the row it is part of (a package, or a part that is one itself). */
  readonly partOf?: { readonly table: string; readonly row: number };
  /** Remarks printed with the row in a free-form list (`в зависимости от размера`): annotations, not prices. */
  readonly remarks?: readonly string[];
}
