// The PDF reader against two hand-checked samples of 40 random rows per scanned PDF, each row compared by a
// person with the rendered page: test/fixtures/pdf-sample-truth.json (drawn first; the reader was improved
// while reading its failures) and pdf-sample-truth-2.json (drawn afresh after those improvements and checked
// once: its share is the out-of-sample figure). For every checked row, the current output row on the same
// page with the closest name is compared with the truth: the name (normalized; a character similarity of 0.9
// or more allows a 1–2 letter OCR slip) and the printed prices in column order. Uses the built dist: run
// `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import leven from 'leven';
import { extractPriceRows, normalizeName, readDocument } from '../dist/internal.js';

const here = fileURLToPath(new URL('.', import.meta.url));
// `--ocr`: read with tesseract where installed (price cells the text layer lost re-read from the page image).
const ocr = process.argv.includes('--ocr') ? ((await (await import('@pricecat/core/node')).createTesseractOcr()) ?? undefined) : undefined;
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(resolve(here, '../../..'), '../shared/data'), 'archive');
if (!existsSync(archive)) {
  console.log(`evaluate-pdf: skipped, no archive at ${archive}`);
  process.exit(0);
}
const similarity = (a, b) => 1 - leven(a, b) / Math.max(a.length, b.length, 1);
/** The printed prices of a checked row in column order (an object by column header, or an array). */
const printedOf = (t) => (Array.isArray(t.true_prices) ? t.true_prices : Object.values(t.true_prices)).filter((v) => v !== null);
const rowsByFile = new Map();
async function rowsOf(file) {
  if (!rowsByFile.has(file)) {
    const started = performance.now();
    const rows = extractPriceRows(await readDocument(new Uint8Array(readFileSync(join(archive, file))), file, { ocr })).rows;
    rowsByFile.set(file, { rows, ms: performance.now() - started });
  }
  return rowsByFile.get(file);
}

for (const [title, fixture] of [
  ['sample 1 (the reader was tuned on its failures)', 'pdf-sample-truth.json'],
  ['sample 2 (drawn and checked after the tuning)', 'pdf-sample-truth-2.json'],
]) {
  const truth = JSON.parse(readFileSync(join(here, '../test/fixtures', fixture), 'utf8'));
  console.log(`${title}:`);

  const perFile = new Map();
  for (const file of [...new Set(truth.map((t) => t.file))]) {
    const { rows, ms } = await rowsOf(file);
    const stats = { checked: 0, right: 0, nameWrong: 0, priceWrong: 0, junkInSample: 0, rows: rows.length, ms };
    for (const t of truth.filter((x) => x.file === file)) {
      if (t.verdict === 'unchecked') continue;
      stats.checked += 1;
      if (t.verdict === 'junk') {
        stats.junkInSample += 1;
        continue;
      }
      const want = normalizeName(t.true_name);
      const candidates = rows.filter((r) => r.source.table === t.page);
      const printed = printedOf(t);
      // The row with the closest name; among rows with the same name (a page may list one service in
      // several tariff blocks), the one with the printed prices.
      const pricesOf = (r) => JSON.stringify(r.prices.map((p) => p.value));
      let best = null;
      for (const r of candidates) {
        const score = similarity(normalizeName(r.name), want);
        const tie = best !== null && Math.abs(score - best.score) < 1e-9;
        if (!best || score > best.score + 1e-9 || (tie && pricesOf(r) === JSON.stringify(printed) && pricesOf(best.row) !== JSON.stringify(printed))) best = { row: r, score };
      }
      const nameRight = best !== null && best.score >= 0.9;
      const got = best ? best.row.prices.map((p) => p.value) : [];
      const pricesRight = JSON.stringify(got) === JSON.stringify(printed);
      if (nameRight && pricesRight) stats.right += 1;
      else if (process.env.VERBOSE) console.log(`  ${t.page} | want «${t.true_name}» ${JSON.stringify(printed)} | got «${best?.row.name}» ${JSON.stringify(got)}`);
      if (!nameRight) stats.nameWrong += 1;
      if (!pricesRight) stats.priceWrong += 1;
    }
    perFile.set(file, stats);
  }
  let checked = 0;
  let right = 0;
  for (const [file, s] of perFile) {
    checked += s.checked;
    right += s.right;
    console.log(`  ${file}: ${s.rows} rows in ${(s.ms / 1000).toFixed(1)} s; sample ${s.right}/${s.checked} right (${((s.right / s.checked) * 100).toFixed(0)} %), name wrong ${s.nameWrong}, prices wrong ${s.priceWrong}, junk ${s.junkInSample}`);
  }
  console.log(`  all: ${right}/${checked} = ${((right / checked) * 100).toFixed(1)} % right`);
}
