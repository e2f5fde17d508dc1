import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ExtractError } from '../errors.js';
import type { PdfTextItem } from '../extract/table.js';
import { createTesseractOcr } from './tesseract.js';

/**
 * Top of page 1 of «Клиника 2 прайс 2026.pdf» (title, header, rows 1–6), re-encoded as a single JPEG
 * with no text layer: 596.16 × 212.04 pt. See test/fixtures/README.md.
 */
const FIXTURE = fileURLToPath(new URL('../../test/fixtures/pdf/clinic2-2026-page1-top-image-only.pdf', import.meta.url));
const PAGE_WIDTH = 596.16;
const PAGE_HEIGHT = 212.04;
/** Left and right edges (pt) of the three price columns, read off the page. */
const INSURANCE_COLUMN = [385, 435] as const;
const RESIDENT_COLUMN = [435, 485] as const;
const NON_RESIDENT_COLUMN = [485, 535] as const;

/** What `binary args` prints, or `null` when it is not installed or fails. */
function outputOf(binary: string, args: string[]): string | null {
  try {
    return execFileSync(binary, args, { encoding: 'utf8', stdio: 'pipe' });
  } catch {
    return null;
  }
}

function canvasLoads(): boolean {
  try {
    execFileSync(process.execPath, ['--input-type=module', '-e', "await import('@napi-rs/canvas')"], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

const tesseractInstalled = /^rus$/m.test(outputOf('tesseract', ['--list-langs']) ?? '');
const pdftoppmInstalled = outputOf('pdftoppm', ['-v']) !== null;
const NO_TESSERACT = 'tesseract with Russian data is not installed (apt-get install tesseract-ocr tesseract-ocr-rus)';

/** Words on the line of `anchor` (same baseline within 3 pt), left to right. */
function lineOf(items: readonly PdfTextItem[], anchor: PdfTextItem): PdfTextItem[] {
  return items.filter((item) => Math.abs(item.y - anchor.y) <= 3).sort((a, b) => a.x - b.x);
}

/** Digits of the words whose left edge lies in `column`, e.g. `9 900` → `9900`. */
function digitsIn(line: readonly PdfTextItem[], column: readonly [number, number]): string {
  return line
    .filter((item) => item.x >= column[0] && item.x < column[1])
    .map((item) => item.str)
    .join('')
    .replace(/\D/g, '');
}

function ocrTempDirs(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith('pricecat-ocr-'));
}

describe('ocr: tesseract not available', () => {
  it('resolves null when the tesseract binary does not exist, so pages are reported as skipped', async () => {
    await expect(createTesseractOcr({ binary: '/nonexistent/tesseract' })).resolves.toBeNull();
  });

  it.skipIf(!tesseractInstalled)('resolves null when a requested language is not installed', async () => {
    await expect(createTesseractOcr({ languages: 'rus+zzz' })).resolves.toBeNull();
  });
});

describe.skipIf(!tesseractInstalled)(`ocr: tesseract (skipped when ${NO_TESSERACT})`, () => {
  const rasterizers = [
    { rasterizer: 'pdftoppm' as const, available: pdftoppmInstalled, why: 'pdftoppm (poppler-utils) is not installed' },
    { rasterizer: 'pdfjs' as const, available: canvasLoads(), why: '@napi-rs/canvas does not load' },
  ];

  for (const { rasterizer, available, why } of rasterizers) {
    describe.skipIf(!available)(`drawn with ${rasterizer} (skipped when ${why})`, () => {
      // One OCR run (about 3 s) shared by the cases that only read its result.
      let words: Promise<PdfTextItem[]> | undefined;
      const recognizeFixture = (): Promise<PdfTextItem[]> =>
        (words ??= createTesseractOcr({ rasterizer }).then((ocr) => ocr!.recognize(readFileSync(FIXTURE), 1)));

      it('reads «Прием врача первичный» left of its prices «9 900», «15 000», «30 000» on one line', async () => {
        const items = await recognizeFixture();

        const firstVisit = items.find(
          (item) => item.str.startsWith('первичный') && lineOf(items, item).some((w) => w.str === 'Прием' && w.x < item.x),
        );
        expect(firstVisit).toBeDefined();
        const line = lineOf(items, firstVisit!);
        expect(firstVisit!.x).toBeLessThan(INSURANCE_COLUMN[0]);
        expect(digitsIn(line, INSURANCE_COLUMN)).toBe('9900');
        expect(digitsIn(line, RESIDENT_COLUMN)).toBe('15000');
        expect(digitsIn(line, NON_RESIDENT_COLUMN)).toBe('30000');
      });

      it('places the title «Прейскурант» at the top of the page and every word inside the page', async () => {
        const items = await recognizeFixture();

        const title = items.find((item) => item.str === 'Прейскурант');
        expect(title).toBeDefined();
        // The title line sits about 15–20 pt below the top edge, centred.
        expect(title!.y).toBeGreaterThan(PAGE_HEIGHT - 30);
        expect(title!.x).toBeGreaterThan(200);
        expect(title!.x + title!.width).toBeLessThan(300);
        for (const item of items) {
          expect(item.str.trim()).not.toBe('');
          expect(item.x).toBeGreaterThanOrEqual(0);
          expect(item.x + item.width).toBeLessThanOrEqual(PAGE_WIDTH + 0.5);
          expect(item.y).toBeGreaterThanOrEqual(-0.5);
          expect(item.y + item.height).toBeLessThanOrEqual(PAGE_HEIGHT + 0.5);
          expect(item.height).toBeGreaterThan(0);
        }
      });
    });
  }

  it.skipIf(!canvasLoads())('still reads the page with pdfjs when pdftoppm is missing', async () => {
    const ocr = await createTesseractOcr({ pdftoppmBinary: '/nonexistent/pdftoppm' });
    const items = await ocr!.recognize(readFileSync(FIXTURE), 1);
    expect(items.map((item) => item.str)).toContain('Прейскурант');
  });

  it('names itself with the tesseract version and languages', async () => {
    const ocr = await createTesseractOcr();
    expect(ocr!.name).toMatch(/^tesseract \d+\.\d+\S* \(rus\+eng\)$/);
  });

  it('rejects a page that takes longer than the time limit, and leaves no temporary files', async () => {
    const before = ocrTempDirs();
    const ocr = await createTesseractOcr({ timeoutMs: 1 });
    const error: unknown = await ocr!.recognize(readFileSync(FIXTURE), 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractError);
    expect((error as ExtractError).message).toMatch(/остановлен[оа]? через/);
    expect(ocrTempDirs()).toEqual(before);
  });

  it('rejects a page number past the end, naming how many pages the PDF has', async () => {
    const ocr = await createTesseractOcr();
    await expect(ocr!.recognize(readFileSync(FIXTURE), 2)).rejects.toThrow(/в PDF страниц — 1/);
  });

  it('rejects bytes that are not a PDF with an ExtractError', async () => {
    const ocr = await createTesseractOcr();
    await expect(ocr!.recognize(new TextEncoder().encode('not a pdf at all'), 1)).rejects.toBeInstanceOf(ExtractError);
  });
});
