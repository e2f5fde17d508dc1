// Rows per file of the archive: rows found, rows with a review flag (a price that was repaired, is missing or
// doubtful), numbered rows the file's report names as not extracted, file warnings and the time to read and
// extract each file. Uses the built dist: run `npm run build` first. `--ocr` reads with tesseract where it is
// installed (pages without a text layer, and price cells the text layer lost re-read from the page image).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractPriceRows, readDocument } from '../dist/internal.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(resolve(here, '../../..'), '../shared/data'), 'archive');
if (!existsSync(archive)) {
  console.log(`extract-counts: skipped, no archive at ${archive}`);
  process.exit(0);
}
const args = process.argv.slice(2);
const withOcr = args.includes('--ocr');
const only = args.filter((a) => a !== '--ocr');
const ocr = withOcr ? ((await (await import('@pricecat/core/node')).createTesseractOcr()) ?? undefined) : undefined;
if (withOcr) console.log(ocr ? `OCR: ${ocr.name}` : 'OCR: tesseract is not installed; reading without it');
const { readdirSync } = await import('node:fs');
for (const file of readdirSync(archive).sort()) {
  if (only.length > 0 && !only.some((o) => file.includes(o))) continue;
  const started = performance.now();
  const extracted = extractPriceRows(await readDocument(new Uint8Array(readFileSync(join(archive, file))), file, { ocr }));
  const ms = performance.now() - started;
  const rows = extracted.rows;
  const flagged = rows.filter((r) => r.warnings.length > 0).length;
  const noPrice = rows.filter((r) => r.prices.length === 0).length;
  const reread = rows.filter((r) => (r.flags ?? []).some((f) => f.code === 'PRICE_REREAD_OCR')).length;
  const missing = (extracted.issues ?? []).filter((i) => i.code === 'ROWS_NOT_EXTRACTED').reduce((n, i) => n + (i.params.numbers?.length ?? 0), 0);
  console.log(`${file}\trows ${rows.length}\tflagged ${flagged}\tno price ${noPrice}\treread from image ${reread}\treported missing ${missing}\tfile warnings ${extracted.warnings.length}\t${(ms / 1000).toFixed(1)} s`);
}
