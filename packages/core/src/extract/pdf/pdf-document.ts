/**
 * Opening a PDF with pdf.js and reading each page's positioned text: the only module that knows pdf.js.
 */
import { ExtractError } from '../../errors.js';
import type { PdfTextItem } from '../table.js';
import { glyphsOfShowText, respaceItems, type ShownGlyph } from './glyph-spacing.js';
import { detail, type ErrorDetail } from '../../messages/message-catalogue.js';

/** Pages read at most; longer documents are cut with a warning (a price list is rarely over 100 pages). */
export const MAX_PDF_PAGES = 500;

/** An open PDF. Call {@link OpenPdf.close} when done. */
export interface OpenPdf {
  readonly pageCount: number;
  /** Text items of one page (1-based), in PDF units, letter-spacing repaired from the glyph stream. */
  pageText(pageNumber: number): Promise<{ width: number; height: number; items: PdfTextItem[] }>;
  close(): Promise<void>;
}

/**
 * Opens PDF bytes.
 * @throws ExtractError `EXTRACT_FAILED` when the bytes are damaged, truncated or encrypted.
 */
export async function openPdf(bytes: Uint8Array, fileName: string): Promise<OpenPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js may detach the buffer it is given; the caller's bytes must stay intact (OCR reads them again).
  const data = new Uint8Array(bytes);
  const task = pdfjs.getDocument({ data, verbosity: 0, isEvalSupported: false, useSystemFonts: false, disableFontFace: true, stopAtErrors: false });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw new ExtractError(describeOpenError(error, fileName), { cause: error });
  }
  const showText = pdfjs.OPS.showText;
  return {
    pageCount: doc.numPages,
    async pageText(pageNumber) {
      const page = await doc.getPage(pageNumber);
      try {
        const [x0, y0, x1, y1] = page.view as [number, number, number, number];
        const content = await page.getTextContent({ disableNormalization: true });
        const raw: { str: string; transform: number[]; width: number; height: number }[] = [];
        for (const item of content.items) if ('str' in item) raw.push(item);
        const runs: ShownGlyph[][] = [];
        const ops = await page.getOperatorList();
        ops.fnArray.forEach((fn, i) => {
          if (fn === showText) runs.push(glyphsOfShowText((ops.argsArray[i] as unknown[])[0] as unknown[]));
        });
        const texts = respaceItems(raw.map((r) => r.str), runs);
        const items: PdfTextItem[] = [];
        raw.forEach((r, i) => {
          const str = texts[i]!;
          if (str.trim() === '') return;
          const [a, b, c, d, e, f] = r.transform as [number, number, number, number, number, number];
          const size = Math.hypot(c, d) || Math.hypot(a, b) || r.height;
          items.push({ str, x: e - x0, y: f - y0, width: r.width, height: r.height || size });
        });
        return { width: x1 - x0, height: y1 - y0, items };
      } finally {
        page.cleanup();
      }
    },
    async close() {
      await doc.destroy();
    },
  };
}

// ---------------------------------------------------------------- internal helpers

function describeOpenError(error: unknown, fileName: string): ErrorDetail {
  const name = error instanceof Error ? error.name : '';
  const why = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    return detail('PDF_ENCRYPTED', { file: fileName });
  }
  return detail('PDF_DAMAGED', { file: fileName, why });
}
