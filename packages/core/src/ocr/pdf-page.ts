import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ExtractError } from '../errors.js';
import { detail } from '../messages/message-catalogue.js';

/**
 * The visible area of one PDF page in PDF units, as a viewer shows it: `width` × `height` after the
 * page's `/Rotate`, `originX`/`originY` = lower-left corner of its crop box in user space.
 */
export interface PageBox {
  readonly originX: number;
  readonly originY: number;
  readonly width: number;
  readonly height: number;
  /** The page's `/Rotate` (0, 90, 180 or 270). */
  readonly rotation: number;
}

/** The subset of a pdfjs page that OCR uses. */
export interface PdfjsPage {
  readonly view: number[];
  readonly rotate: number;
  getViewport(params: { scale: number }): { width: number; height: number };
  render(params: Record<string, unknown>): { promise: Promise<void>; cancel(): void };
}

/** An open pdfjs document; `destroy()` frees it (always call it). */
export interface OpenPdf {
  readonly numPages: number;
  getPage(pageNumber: number): Promise<PdfjsPage>;
  destroy(): Promise<void>;
}

/**
 * Opens `pdf` with pdfjs-dist (legacy build, which runs in Node). The bytes are copied because pdfjs
 * detaches the buffer it is given. Rejects with an {@link ExtractError} when the bytes are not a PDF.
 */
export async function openPdf(pdf: Uint8Array): Promise<OpenPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  try {
    const task = pdfjs.getDocument({
      data: new Uint8Array(pdf),
      // The JPEG 2000 decoder of scans is WebAssembly; pdfjs finds it only when told where.
      wasmUrl: pdfjsWasmDir(),
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    });
    return (await task.promise) as unknown as OpenPdf;
  } catch (error) {
    throw new ExtractError(detail('OCR_PDF_UNREADABLE', { why: messageOf(error) }), { cause: error });
  }
}

/** Page `pageNumber` (1-based) of `doc`; rejects with an {@link ExtractError} naming the page count when absent. */
export async function getPdfPage(doc: OpenPdf, pageNumber: number): Promise<PdfjsPage> {
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages) {
    throw new ExtractError(detail('PDF_PAGE_MISSING', { page: pageNumber, pages: doc.numPages }), {
      code: 'INVALID_INPUT',
    });
  }
  return doc.getPage(pageNumber);
}

/** The visible box of `page` in PDF units (see {@link PageBox}). */
export function pageBoxOf(page: PdfjsPage): PageBox {
  const [x0 = 0, y0 = 0] = page.view;
  const viewport = page.getViewport({ scale: 1 });
  return { originX: x0, originY: y0, width: viewport.width, height: viewport.height, rotation: page.rotate };
}

/** Reads the visible box of page `pageNumber` of `pdf`. */
export async function readPageBox(pdf: Uint8Array, pageNumber: number): Promise<PageBox> {
  const doc = await openPdf(pdf);
  try {
    return pageBoxOf(await getPdfPage(doc, pageNumber));
  } finally {
    await doc.destroy();
  }
}

/** Text of any thrown value, for error messages. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// ---- internal helpers ----

let wasmDir: string | undefined;

function pdfjsWasmDir(): string {
  if (!wasmDir) {
    const require = createRequire(import.meta.url);
    // A trailing separator: pdfjs appends file names to this prefix.
    wasmDir = join(dirname(require.resolve('pdfjs-dist/package.json')), 'wasm') + '/';
  }
  return wasmDir;
}
