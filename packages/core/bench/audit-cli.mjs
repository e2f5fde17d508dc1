// Shared by the blind audits (audit-sample.mjs, audit-pages.mjs): their command line (`STEP [--name value] [--flag]`),
// the archive they read, and the OCR engine `--ocr` asks for.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The real price lists: `$PRICECAT_DATA_DIR/archive`, else `../shared/data/archive` beside the repository. */
export const archive = join(process.env.PRICECAT_DATA_DIR ?? join(resolve(here, '../../..'), '../shared/data'), 'archive');

/** A file of the audits' fixtures (`test/fixtures/pdf-audit/NAME`), the default of `--out`. */
export function auditFixture(name) {
  return join(here, '../test/fixtures/pdf-audit', name);
}

/**
 * The command line `argv`: `step` (the first word), `option(name, fallback)` (the value after `name`, or `fallback`),
 * `values(name)` (the values after every `name`, for a repeatable option), `flag(name)` (whether `name` is given), and
 * `out`, the absolute path of `--out` (default `defaultOut`).
 */
export function auditCommand(defaultOut, argv = process.argv.slice(2)) {
  const option = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
  };
  const values = (name) => argv.flatMap((a, i) => (a === name && i + 1 < argv.length ? [argv[i + 1]] : []));
  const flag = (name) => argv.includes(name);
  return { step: argv[0], option, values, flag, out: resolve(option('--out', defaultOut)) };
}

/** Tesseract when `wanted` (`--ocr`) and installed, said on the console; `undefined` otherwise. */
export async function ocrEngine(wanted) {
  if (!wanted) return undefined;
  const ocr = (await (await import('@pricecat/core/node')).createTesseractOcr()) ?? undefined;
  console.log(ocr ? `OCR: ${ocr.name}` : 'OCR: tesseract is not installed; reading without it');
  return ocr;
}
