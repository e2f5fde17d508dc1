/**
 * Digits of table cells read from the page image: the page drawn once (grey, `pdftoppm`), each cell cut
 * out, and all cells of the page read in one `tesseract` run, each as a single line of digits.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tilted } from '../extract/cell-geometry.js';
import type { CellBox } from '../extract/table.js';
import { cutCell, encodePgm, isBlank, parsePgm, type GrayImage } from './gray-image.js';
import type { PageBox } from './pdf-page.js';
import { readPageBox } from './pdf-page.js';
import { runTool } from './run-tool.js';

/** Options of {@link readCellDigits}. */
export interface CellDigitsOptions {
  readonly tesseract: string;
  readonly pdftoppm: string;
  /** A tesseract language that is installed (digits read the same in any). */
  readonly language: string;
  /** Drawing resolution; 300 dpi gives an 8-pt digit about 25 px, tesseract's comfortable size. */
  readonly dpi: number;
  /** Time for the page, drawing and reading together. */
  readonly timeoutMs: number;
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The digits in each box of page `pageNumber` of `pdf` (`''` where none); spaces between digit groups
 * are kept (`3 600`). Boxes are in the page's PDF units (origin bottom-left of the crop box). A tilted box
 * (`tilt`) is read twice, cut along the tilt and as the upright box around it (see {@link agreedReading}).
 * Rejects with an ExtractError when a tool fails or the page runs past `timeoutMs`.
 */
export async function readCellDigits(pdf: Uint8Array, pageNumber: number, boxes: readonly CellBox[], options: CellDigitsOptions): Promise<string[]> {
  return readCellLines(pdf, pageNumber, boxes, options, ['-c', 'tessedit_char_whitelist=0123456789']);
}

/**
 * The text in each box of page `pageNumber` of `pdf` (`''` where none), each box read as one line of words in
 * `options.language` (`rus+eng` for a name cell). Same drawing, cutting and limits as {@link readCellDigits}.
 */
export async function readCellText(pdf: Uint8Array, pageNumber: number, boxes: readonly CellBox[], options: CellDigitsOptions): Promise<string[]> {
  return readCellLines(pdf, pageNumber, boxes, options, []);
}

/** Draws the page, cuts out the boxes and reads them all in one tesseract run, one line each, with `extra` options. */
async function readCellLines(pdf: Uint8Array, pageNumber: number, boxes: readonly CellBox[], options: CellDigitsOptions, extra: readonly string[]): Promise<string[]> {
  if (boxes.length === 0) return [];
  const deadline = Date.now() + options.timeoutMs;
  const outDir = await mkdtemp(join(tmpdir(), 'pricecat-cells-'));
  try {
    const pdfPath = join(outDir, 'input.pdf');
    await writeFile(pdfPath, pdf);
    const box = await readPageBox(pdf, pageNumber);
    const page = String(pageNumber);
    const root = join(outDir, 'page');
    await runTool(options.pdftoppm, ['-r', String(options.dpi), '-f', page, '-l', page, '-gray', '-singlefile', '-cropbox', pdfPath, root], {
      timeoutMs: deadline - Date.now(),
    });
    const image = parsePgm(new Uint8Array(await readFile(`${root}.pgm`)));
    const files: string[] = [];
    // Per box, the images of its readings: one, or two for a tilted box.
    const filesOf: number[][] = boxes.map(() => []);
    const cuts = (cell: CellBox): GrayImage[] => {
      const tilt = cell.tilt ?? 0;
      if (tilt === 0) return [cutCell(image, toPixels(cell, box, image))];
      return [cutCell(image, toPixels(cell, box, image), tilt), cutCell(image, toPixels(tilted(cell, tilt), box, image))];
    };
    for (let i = 0; i < boxes.length; i++) {
      for (const cell of cuts(boxes[i]!)) {
        if (cell.width === 0 || isBlank(cell)) continue;
        const path = join(outDir, `cell-${files.length}.pgm`);
        await writeFile(path, encodePgm(cell));
        filesOf[i]!.push(files.length);
        files.push(path);
      }
    }
    if (files.length === 0) return boxes.map(() => '');
    const list = join(outDir, 'cells.txt');
    await writeFile(list, files.join('\n') + '\n');
    const { stdout } = await runTool(
      options.tesseract,
      [list, 'stdout', '-l', options.language, '--psm', '7', '--dpi', String(options.dpi), ...extra, 'tsv'],
      { timeoutMs: deadline - Date.now(), ...(options.env ? { env: options.env } : {}) },
    );
    const texts = linesPerImage(stdout, files.length);
    return filesOf.map((ks) => agreedReading(ks.map((k) => texts[k] ?? '')));
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * One cell's reading from its readings: the only one that reads a number of three digits or more, or the
 * number they agree on; where two read different numbers, both, apart by ` / ` (a tilted scan's cell cut two
 * ways: neither cut is always the better one, so the extraction's judging of the values decides, and keeps
 * neither where both would do). A single reading is returned as it is.
 */
export function agreedReading(readings: readonly string[]): string {
  if (readings.length <= 1) return readings[0] ?? '';
  const numbers = readings.filter((r) => r.replace(/\D/g, '').length >= 3);
  if (numbers.length === 0) return readings.find((r) => r !== '') ?? '';
  const distinct = new Map<string, string>();
  for (const r of numbers) if (!distinct.has(r.replace(/\D/g, ''))) distinct.set(r.replace(/\D/g, ''), r);
  return [...distinct.values()].join(' / ');
}

/**
 * The words of each image of a multi-image tesseract TSV (`page_num` is the image, 1-based), joined by
 * single spaces.
 */
export function linesPerImage(tsv: string, images: number): string[] {
  const words: string[][] = Array.from({ length: images }, () => []);
  for (const line of tsv.split(/\r?\n/)) {
    const cells = line.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const image = Number(cells[1]) - 1;
    const text = cells.slice(11).join('').trim();
    if (text !== '' && image >= 0 && image < images) words[image]!.push(text);
  }
  return words.map((w) => w.join(' '));
}


// ---------------------------------------------------------------- internal helpers

/**
 * A box in PDF units (origin bottom-left) → pixels of the picture (origin top-left); a tilted box stays in the
 * straightened page, whose bottom-left corner is the picture's (see `cutCell`).
 */
function toPixels(cell: CellBox, page: PageBox, image: GrayImage): { left: number; top: number; right: number; bottom: number } {
  const sx = image.width / page.width;
  const sy = image.height / page.height;
  return { left: cell.x0 * sx, right: cell.x1 * sx, top: (page.height - cell.y1) * sy, bottom: (page.height - cell.y0) * sy };
}
