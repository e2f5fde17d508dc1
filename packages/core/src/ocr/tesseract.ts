import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExtractError } from '../errors.js';
import type { CellBox, PageOcr, PdfTextItem } from '../extract/table.js';
import { readCellDigits, readCellText, type CellDigitsOptions } from './cell-digits.js';
import { toPdfTextItems } from './page-words.js';
import { rasterizePage, type RasterizerKind } from './rasterize.js';
import { isToolMissing, runTool } from './run-tool.js';
import { cleanOcrWord, parseTesseractTsv } from './tesseract-tsv.js';
import { detail } from '../messages/message-catalogue.js';

/** Options of {@link createTesseractOcr}; every one has a default. */
export interface TesseractOcrOptions {
  /** The tesseract binary: a name looked up on PATH or a full path. Default `tesseract`. */
  readonly binary?: string;
  /** Tesseract languages joined by `+`; all must be installed. Default `rus+eng`. */
  readonly languages?: string;
  /** Resolution pages are drawn at. Default 200: enough for 8-pt print, twice as fast as 300. */
  readonly dpi?: number;
  /** Time allowed for one page, drawing and reading together, in ms. Default 120 000. */
  readonly timeoutMs?: number;
  /** `auto` (default) uses pdftoppm when installed, else pdfjs-dist with @napi-rs/canvas. */
  readonly rasterizer?: 'auto' | RasterizerKind;
  /** The pdftoppm binary (poppler-utils). Default `pdftoppm`. */
  readonly pdftoppmBinary?: string;
  /**
   * Tesseract page segmentation mode. Default 4 (one column of text lines of varying sizes), which on
   * price-list tables keeps a row's name and prices on one line; 6 (one uniform block) garbles more.
   */
  readonly pageSegmentation?: number;
  /** Words of at most two letters/digits below this tesseract confidence (0–100) are dropped. Default 30. */
  readonly minConfidence?: number;
  /**
   * Re-read empty or unreadable price cells of scans from the page image, digits only, and the last line of name
   * cells whose code the text layer damaged (needs pdftoppm).
   * Default true: about a second per page that has such cells; the reader bounds the cells and the time per file.
   */
  readonly rereadCells?: boolean;
  /** Resolution price cells are drawn at for the re-read. Default 300. */
  readonly cellDpi?: number;
  /** Time allowed for re-reading the cells of one page, in ms. Default 30 000. */
  readonly cellTimeoutMs?: number;
}

/** Time allowed for `--version`, `--list-langs` and `pdftoppm -v` at start-up. */
const PROBE_TIMEOUT_MS = 15_000;
/**
 * Tesseract's OpenMP threads fight each other (and parallel pages) for cores: measured on one page,
 * 7 s with one thread against 29 s with the default. One thread per page; run pages in parallel instead.
 */
const TESSERACT_ENV = { OMP_THREAD_LIMIT: '1' } as const;

/**
 * OCR of PDF pages with the `tesseract` binary (Node only). Resolves `null` when tesseract is not
 * installed or lacks one of `languages` (`tesseract --list-langs`), so callers report such pages as
 * skipped instead. Each `recognize` call draws the page into a private temporary folder (removed
 * afterwards, whatever happens), reads it with `tesseract … tsv`, and returns the words in the page's
 * PDF units (see {@link toPdfTextItems}). Calls may overlap. `recognize` rejects with an
 * {@link ExtractError} when the page does not exist, a tool fails, or the page takes longer than
 * `timeoutMs` (the tools are killed).
 */
export async function createTesseractOcr(options: TesseractOcrOptions = {}): Promise<PageOcr | null> {
  const binary = options.binary ?? 'tesseract';
  const languages = options.languages ?? 'rus+eng';
  const dpi = options.dpi ?? 200;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const psm = options.pageSegmentation ?? 4;
  const minConfidence = options.minConfidence ?? 30;
  const pdftoppm = options.pdftoppmBinary ?? 'pdftoppm';

  const version = await probeTesseract(binary, languages);
  if (version === null) return null;
  const rasterizer = await chooseRasterizer(options.rasterizer ?? 'auto', pdftoppm);
  const cells: CellDigitsOptions = {
    tesseract: binary,
    pdftoppm,
    language: languages.split('+').includes('eng') ? 'eng' : languages.split('+')[0]!,
    dpi: options.cellDpi ?? 300,
    timeoutMs: options.cellTimeoutMs ?? 30_000,
    env: TESSERACT_ENV,
  };
  const rereads = (options.rereadCells ?? true) && rasterizer === 'pdftoppm';
  return {
    name: `tesseract ${version} (${languages})`,
    ...(rereads ? { readDigits: (pdf: Uint8Array, pageNumber: number, boxes: readonly CellBox[]) => readCellDigits(pdf, pageNumber, boxes, cells) } : {}),
    ...(rereads ? { readLine: (pdf: Uint8Array, pageNumber: number, boxes: readonly CellBox[]) => readCellText(pdf, pageNumber, boxes, { ...cells, language: languages }) } : {}),
    async recognize(pdf: Uint8Array, pageNumber: number): Promise<PdfTextItem[]> {
      const deadline = Date.now() + timeoutMs;
      const outDir = await mkdtemp(join(tmpdir(), 'pricecat-ocr-'));
      try {
        const pdfPath = join(outDir, 'input.pdf');
        await writeFile(pdfPath, pdf);
        const raster = await rasterizePage(rasterizer, {
          pdf, pdfPath, pageNumber, dpi, outDir, pdftoppm, timeoutMs: deadline - Date.now(),
        });
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw pageTimeout(pageNumber, timeoutMs);
        const { stdout } = await runTool(
          binary,
          [raster.pngPath, 'stdout', '-l', languages, '--psm', String(psm), '--dpi', String(dpi), 'tsv'],
          { timeoutMs: remaining, env: TESSERACT_ENV },
        );
        const words = parseTesseractTsv(stdout)
          .map((word) => cleanOcrWord(word, minConfidence))
          .filter((word) => word !== null);
        return toPdfTextItems(words, raster);
      } finally {
        await rm(outDir, { recursive: true, force: true });
      }
    },
  };
}

// ---- internal helpers ----

/** Tesseract's version, or `null` when it is missing, broken or lacks a requested language. */
async function probeTesseract(binary: string, languages: string): Promise<string | null> {
  try {
    const about = await runTool(binary, ['--version'], { timeoutMs: PROBE_TIMEOUT_MS });
    // Tesseract 5 prints its version on stdout, 3.x on stderr.
    const version = /tesseract\s+v?(\d[\w.-]*)/i.exec(`${about.stdout}\n${about.stderr}`)?.[1];
    const list = await runTool(binary, ['--list-langs'], { timeoutMs: PROBE_TIMEOUT_MS });
    const installed = new Set(
      `${list.stdout}\n${list.stderr}`
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('List of')),
    );
    const wanted = languages.split('+').filter(Boolean);
    if (wanted.length === 0 || !wanted.every((language) => installed.has(language))) return null;
    return version ?? 'unknown version';
  } catch {
    // Missing, not executable, or not tesseract at all: OCR is simply unavailable.
    return null;
  }
}

async function chooseRasterizer(choice: 'auto' | RasterizerKind, pdftoppm: string): Promise<RasterizerKind> {
  if (choice !== 'auto') return choice;
  try {
    await runTool(pdftoppm, ['-v'], { timeoutMs: PROBE_TIMEOUT_MS });
    return 'pdftoppm';
  } catch (error) {
    // A pdftoppm that exists but answers `-v` oddly (old versions exit 99) is still usable.
    return isToolMissing(error) ? 'pdfjs' : 'pdftoppm';
  }
}

function pageTimeout(pageNumber: number, timeoutMs: number): ExtractError {
  return new ExtractError(
    detail('OCR_PAGE_TIMEOUT', { page: pageNumber, ms: timeoutMs }),
  );
}
