/**
 * The common table model every format reader produces: a grid of cell texts, merged cells already
 * spread over the cells they cover, so downstream code never needs to know the source format.
 */
export interface Table {
  /** Sheet name (spreadsheets), `table N` (DOCX) or `page N` (PDF). */
  readonly name: string;
  /** Rows of cell texts, trimmed of nothing: header detection decides what is blank. */
  readonly rows: readonly (readonly string[])[];
  /** Numeric cell values where the source stored a number (spreadsheets), by `row:col`; texts stay in `rows`. */
  readonly numbers?: ReadonlyMap<string, number>;
  /** Free text of the document outside tables (titles, approval blocks), in reading order. */
  readonly notes?: readonly string[];
  /** PDF pages: the page's text lines top to bottom, each read left to right (a free-form list is read from them). */
  readonly lines?: readonly string[];
  /** PDF pages: the same lines as pieces of text with their left and right edges (pt), for lists laid out in columns. */
  readonly lineCells?: readonly (readonly LineCell[])[];
  /**
   * PDF scans: price cells the text layer left empty or unreadable, read again from the page image with
   * a digits-only OCR, by `row:col` (indexes into `rows`). Extraction takes a reading only where its own
   * fails and the value fits the column's scale and the page's ratio between price columns.
   */
  readonly rereads?: ReadonlyMap<string, string>;
  /** PDF scans: the page was read from its image, whole, because its text layer lost most of its rows. */
  readonly pageReread?: boolean;
  /**
   * PDF scans: name cells whose closing code (`Марь белая, wlO`) was repaired, by row index into `rows`: the text
   * layer's name and how (`neighbours`: the neighbours' codes; `image`: read again from the page image).
   */
  readonly nameRepairs?: ReadonlyMap<number, NameRepair>;
}

/** A name cell's code repaired (see {@link Table.nameRepairs}). */
export interface NameRepair {
  /** The name as the text layer gave it. */
  readonly raw: string;
  readonly how: 'neighbours' | 'image';
}

/** A piece of a PDF text line: its text and horizontal extent in PDF units. */
export interface LineCell {
  readonly text: string;
  readonly x0: number;
  readonly x1: number;
}

/** The formats pricecat reads. */
export type DocumentFormat = 'xlsx' | 'xls' | 'ods' | 'csv' | 'docx' | 'pdf';

/** What a reader returns for one file. */
export interface ReadResult {
  readonly format: DocumentFormat;
  /** The file the tables came from (added so row extraction can name it in errors and warnings). */
  readonly fileName?: string;
  readonly tables: readonly Table[];
  /** Free text outside the tables (DOCX paragraphs, headers); spreadsheets put everything in tables. */
  readonly text: readonly string[];
  readonly warnings: readonly string[];
}

/**
 * A format reader: bytes of one file in, tables out.
 * Throws {@link ExtractError} when the bytes are not a readable file of its format; never returns
 * partial garbage silently. Calls may overlap (readers keep no state).
 */
export interface TableReader {
  /** Formats this reader handles. */
  readonly formats: readonly DocumentFormat[];
  read(bytes: Uint8Array, fileName: string, options?: ReadOptions): Promise<ReadResult>;
}

/** A piece of text on a PDF page, in the page's PDF units (origin bottom-left, y = baseline). */
export interface PdfTextItem {
  readonly str: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Optical character recognition for PDF pages that have no text layer (Node-only implementations,
 * e.g. the `tesseract` binary; see `@pricecat/core/node`).
 */
export interface PageOcr {
  /** Human-readable name for reports (`tesseract 5.3.0 (rus)`). */
  readonly name: string;
  /**
   * Words of one page (1-based `pageNumber`) of the PDF `pdf`, positioned in that page's PDF units.
   * Resolves `[]` when nothing legible is found; rejects when the engine fails (the reader then
   * reports the page as skipped and goes on).
   */
  recognize(pdf: Uint8Array, pageNumber: number): Promise<PdfTextItem[]>;
  /**
   * Digits printed in each of `boxes` on page `pageNumber` (one text per box, `''` where none was read),
   * each box read as one line of digits. Optional: without it empty price cells of scans are not re-read.
   * Rejects when the engine fails or runs past its time limit (the reader then goes on without).
   */
  readDigits?(pdf: Uint8Array, pageNumber: number, boxes: readonly CellBox[]): Promise<string[]>;
  /**
   * The words printed in each of `boxes` on page `pageNumber` (one text per box, `''` where none was read), each
   * box read as one line of text in the engine's languages. Optional: without it name cells whose code the text
   * layer damaged are repaired only where the neighbours' codes make the reading certain. Rejects like `readDigits`.
   */
  readLine?(pdf: Uint8Array, pageNumber: number, boxes: readonly CellBox[]): Promise<string[]>;
}

/**
 * A rectangle on a PDF page in its PDF units (origin bottom-left of the crop box): a table cell to re-read.
 * With `tilt`, the rectangle is one of the page turned straight (a scan tilted by `tilt` radians, positive
 * when its lines rise to the right, turned about the page's origin): the reader cuts it out along the tilt,
 * so that the cell's rules come out level and its digits upright.
 */
export interface CellBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly tilt?: number;
}

/** Options every reader accepts; readers ignore what does not concern their format. */
export interface ReadOptions {
  /** OCR for PDF pages without a text layer; without it such pages are reported as skipped. */
  readonly ocr?: PageOcr;
}
