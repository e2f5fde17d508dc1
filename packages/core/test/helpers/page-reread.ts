/**
 * Test support for the page re-read suites: whether tesseract and pdftoppm are installed (the suites skip without
 * them), and an excerpt of `test/fixtures/pdf/` read by the PDF reader with tesseract, once per suite.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTesseractOcr } from '../../src/ocr/tesseract.js';
import { extractPriceRows, type ExtractedRows } from '../../src/extract/extract-rows.js';
import { pdfReader } from '../../src/extract/readers/pdf.js';

function installed(binary: string, args: string[]): boolean {
  try {
    execFileSync(binary, args, { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** Whether a page can be re-read from its image here: tesseract reads, pdftoppm renders. */
export const ocrToolsInstalled: boolean = installed('tesseract', ['--version']) && installed('pdftoppm', ['-v']);

/** The bytes of the excerpt `test/fixtures/pdf/<name>`. */
export function pdfExcerpt(name: string): Uint8Array {
  return new Uint8Array(readFileSync(fileURLToPath(new URL(`../fixtures/pdf/${name}`, import.meta.url))));
}

/**
 * The rows of the excerpt `test/fixtures/pdf/<name>` as the PDF reader extracts them with tesseract (read as
 * `fileName`, the excerpt's own name by default); read when first asked for, and every later call gets the same result.
 */
export function readWithOcr(name: string, fileName: string = name): () => Promise<ExtractedRows> {
  let extracted: Promise<ExtractedRows> | undefined;
  return () =>
    (extracted ??= createTesseractOcr().then((ocr) => pdfReader.read(pdfExcerpt(name), fileName, { ocr: ocr! })).then(extractPriceRows));
}
