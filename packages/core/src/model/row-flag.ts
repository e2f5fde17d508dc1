/**
 * A review flag on an extracted row: a stable code, its parameters and the Russian text.
 *
 * @module
 */

/** Codes of row flags. */
export type RowFlagCode =
  /** A price cell holds text that looks like a damaged number and could not be read: no price kept. */
  | 'PRICE_UNREADABLE'
  /** A numbered (or unit-bearing) row without any price: kept so that it is not lost. */
  | 'PRICE_MISSING'
  /** A value far below its column's scale, or breaking the page's ratio between price columns: not stored. */
  | 'PRICE_IMPLAUSIBLE'
  /** A damaged cell read from the column's own pattern (a cut last digit, the next row's digit glued on). */
  | 'PRICE_REPAIRED'
  /** One price printed twice in one cell, read once. */
  | 'PRICE_DOUBLED'
  /** A price the text layer lacked or garbled, read again from the page image (digits only) and kept: it fits its column. */
  | 'PRICE_REREAD_OCR'
  /** Digits read again from the page image that do not fit the column's scale or the page's ratio: not stored. */
  | 'PRICE_REREAD_REJECTED'
  /** A row of a scan page read again, whole, from its image (its text layer lost most rows): check name and price. */
  | 'ROW_FROM_PAGE_IMAGE'
  /** A price written as a range (`7000-20000 тг`): its lower bound kept. */
  | 'PRICE_RANGE'
  /** A price written as a sum (`1300+700`): the total kept. */
  | 'PRICE_SUM'
  /** A name's closing code (`Краб, 123` for `f23`) damaged in the scan's text layer, repaired: check the name. */
  | 'NAME_REPAIRED'
  /** A name longer than a position keeps (`MAX_POSITION_NAME_LENGTH`), cut: check it in the file. */
  | 'NAME_CUT';

/** One flag of a row. */
export interface RowFlag {
  readonly code: RowFlagCode;
  /** Values the message names (the raw cell, the column header, the value read, the column's scale). */
  readonly params: Readonly<Record<string, string | number>>;
  /** The Russian sentence for the UI, prefixed with `[CODE]`. */
  readonly message: string;
}
