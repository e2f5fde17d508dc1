import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ExtractError } from '../errors.js';
import { getPdfPage, messageOf, openPdf, pageBoxOf, readPageBox, type PageBox } from './pdf-page.js';
import { runTool } from './run-tool.js';
import { detail } from '../messages/message-catalogue.js';

/** How a PDF page becomes a picture: poppler's `pdftoppm` binary, or pdfjs-dist drawing on @napi-rs/canvas. */
export type RasterizerKind = 'pdftoppm' | 'pdfjs';

/** One page to draw. */
export interface RasterRequest {
  /** The whole PDF, and the same bytes already written to `pdfPath` (pdftoppm reads files only). */
  readonly pdf: Uint8Array;
  readonly pdfPath: string;
  /** 1-based. */
  readonly pageNumber: number;
  readonly dpi: number;
  /** A private temporary folder the PNG is written into; the caller removes it. */
  readonly outDir: string;
  readonly timeoutMs: number;
  /** The pdftoppm binary (name on PATH or full path). */
  readonly pdftoppm: string;
}

/** A drawn page: the PNG file, its size in pixels and the page's visible box in PDF units. */
export interface PageRaster {
  readonly pngPath: string;
  readonly widthPx: number;
  readonly heightPx: number;
  readonly box: PageBox;
}

/**
 * Draws one page to a PNG with the chosen rasterizer. Rejects with an {@link ExtractError} when the
 * page does not exist, the tool fails or runs past `timeoutMs`, or (pdfjs) @napi-rs/canvas cannot load.
 */
export async function rasterizePage(kind: RasterizerKind, request: RasterRequest): Promise<PageRaster> {
  return kind === 'pdftoppm' ? rasterizeWithPdftoppm(request) : rasterizeWithPdfjs(request);
}

// ---- internal helpers ----

async function rasterizeWithPdftoppm(request: RasterRequest): Promise<PageRaster> {
  const started = Date.now();
  // pdfjs checks the page number and gives the box the pixels map back to.
  const box = await readPageBox(request.pdf, request.pageNumber);
  const page = String(request.pageNumber);
  const outRoot = join(request.outDir, 'page');
  await runTool(
    request.pdftoppm,
    // -cropbox: draw what a viewer (and pdfjs's `view`) shows, not the larger media box.
    ['-r', String(request.dpi), '-f', page, '-l', page, '-png', '-gray', '-singlefile', '-cropbox', request.pdfPath, outRoot],
    { timeoutMs: request.timeoutMs - (Date.now() - started) },
  );
  const pngPath = `${outRoot}.png`;
  const size = pngSize(await readFile(pngPath));
  return { pngPath, ...size, box };
}

/** The part of @napi-rs/canvas used here (loaded dynamically: it is an optional dependency of pdfjs-dist). */
interface NapiCanvasModule {
  createCanvas(width: number, height: number): {
    width: number;
    height: number;
    getContext(kind: '2d'): { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
    encode(format: 'png'): Promise<Uint8Array>;
  };
}

async function loadCanvas(): Promise<NapiCanvasModule> {
  const specifier = '@napi-rs/canvas';
  try {
    return (await import(specifier)) as NapiCanvasModule;
  } catch (error) {
    throw new ExtractError(
      detail('OCR_NO_RASTERIZER', { why: messageOf(error) }),
      { cause: error },
    );
  }
}

async function rasterizeWithPdfjs(request: RasterRequest): Promise<PageRaster> {
  const { createCanvas } = await loadCanvas();
  const doc = await openPdf(request.pdf);
  try {
    const page = await getPdfPage(doc, request.pageNumber);
    const viewport = page.getViewport({ scale: request.dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    // Scans may leave areas unpainted; transparent pixels would read as black to tesseract.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    const task = page.render({ canvasContext: context, canvas, viewport });
    await withTimeout(task.promise, request.timeoutMs, () => task.cancel(), `отрисовка страницы ${request.pageNumber} (pdfjs)`);
    const pngPath = join(request.outDir, 'page.png');
    await writeFile(pngPath, await canvas.encode('png'));
    return { pngPath, widthPx: canvas.width, heightPx: canvas.height, box: pageBoxOf(page) };
  } finally {
    await doc.destroy();
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, onTimeout: () => void, what: string): Promise<T> {
  return new Promise<T>((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new ExtractError(detail('OCR_STEP_TIMEOUT', { step: what, ms: timeoutMs })));
    }, Math.max(1, timeoutMs));
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolvePromise(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ExtractError ? error : new ExtractError(detail('OCR_STEP_FAILED', { step: what, why: messageOf(error) }), { cause: error }));
      },
    );
  });
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23), so pixel boxes scale by the real raster size. */
function pngSize(png: Uint8Array): { widthPx: number; heightPx: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const isPng = png.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452;
  if (!isPng) throw new ExtractError(detail('OCR_NOT_PNG'));
  return { widthPx: view.getUint32(16), heightPx: view.getUint32(20) };
}
