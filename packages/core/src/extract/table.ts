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
}

/** Options every reader accepts; readers ignore what does not concern their format. */
export interface ReadOptions {
  /** OCR for PDF pages without a text layer; without it such pages are reported as skipped. */
  readonly ocr?: PageOcr;
}
