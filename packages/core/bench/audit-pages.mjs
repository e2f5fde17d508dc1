// A blind page-recall audit of the PDF reader: rows found / rows printed on random pages.
//
//   node bench/audit-pages.mjs draw [--seed N] [--per-file 6] [--out FILE] [--force] [--images DIR]
//     Draws `--per-file` random pages per PDF of the archive (mulberry32, the files in name order) from their
//     page counts alone — nothing is extracted — and writes FILE (default test/fixtures/pdf-audit/pages.json)
//     with `printed: null` on every page. `--images DIR` renders each drawn page at 150 dpi (pdftoppm) for the
//     count.
//
//   node bench/audit-pages.mjs compare [--ocr] [--out FILE]
//     After a person has written `printed` into every page of FILE from the page image, extracts every file
//     of FILE with the current build (OCR when `--ocr` and tesseract is installed) and prints per page the
//     priced rows printed, the unpriced service rows printed, and the rows extracted from that page (those
//     with and without a price), then per file the totals and the recall (found priced / printed priced).
//
// Per page, `printed`: { priced, unpriced, note? } — `priced`: service rows printed with at least one price;
// `unpriced`: service rows printed without any price (a dash, an empty cell); headings, header bands, notes,
// stamps and footers are not rows. A row is extracted «from page N» when its `source.table` names page N
// (`page N`, and the later tables of the page that share its name). A row continued from the previous page
// (its name split by the page break) is counted on the page that holds its prices; the rows of a sheet printed
// in two halves (names on one page, their prices on the next) are counted on the page with the names.
// Uses the built dist: run `npm run build -w @pricecat/core` first.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { archive, auditCommand, auditFixture, ocrEngine } from './audit-cli.mjs';
import { mulberry32, pickDistinct, pageOf } from './audit-random.mjs';

const { step, option, flag, out } = auditCommand(auditFixture('pages.json'));

if (!existsSync(archive)) {
  console.log(`audit-pages: skipped, no archive at ${archive}`);
} else if (step === 'draw') {
  await draw();
} else if (step === 'compare') {
  await compare();
} else {
  console.log('usage: audit-pages.mjs draw [--seed N] [--per-file 6] [--out FILE] [--images DIR] [--force] | compare [--ocr] [--out FILE]');
  process.exit(1);
}

async function draw() {
  if (existsSync(out) && JSON.parse(readFileSync(out, 'utf8')).pages.some((p) => p.printed) && !flag('--force')) {
    console.log(`audit-pages: ${out} holds counts; pass --force to draw over them, or --out another file`);
    process.exit(1);
  }
  const seed = Number(option('--seed', '20261126'));
  const perFile = Number(option('--per-file', '6'));
  const images = option('--images', null);
  const random = mulberry32(seed);
  const pages = [];
  for (const file of readdirSync(archive).filter((f) => /\.pdf$/i.test(f)).sort()) {
    const count = pageCount(join(archive, file));
    const picked = pickDistinct(count, Math.min(perFile, count), random).map((i) => i + 1).sort((a, b) => a - b);
    for (const page of picked) pages.push({ file, page, printed: null });
    console.log(`${file}: ${count} pages, drawn ${picked.join(', ')} (seed ${seed})`);
  }
  mkdirSync(resolve(out, '..'), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ seed, perFile, drawnAt: new Date().toISOString().slice(0, 10), pages }, null, 1)}\n`);
  console.log(`wrote ${out}`);
  if (images) {
    mkdirSync(images, { recursive: true });
    pages.forEach((p, n) => {
      const stem = join(images, `page-${String(n + 1).padStart(2, '0')}`);
      execFileSync('pdftoppm', ['-r', '150', '-f', String(p.page), '-l', String(p.page), '-singlefile', '-png', join(archive, p.file), stem]);
    });
    console.log(`wrote ${pages.length} page images to ${images}`);
  }
}

function pageCount(pdf) {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)[1]);
}

async function compare() {
  const { extractPriceRows, readDocument } = await import('../dist/internal.js');
  const audit = JSON.parse(readFileSync(out, 'utf8'));
  const ocr = await ocrEngine(flag('--ocr'));
  const files = [...new Set(audit.pages.map((p) => p.file))];
  console.log(`pages seed ${audit.seed}, drawn ${audit.drawnAt}; found: rows extracted from the page (with a price + without)`);
  console.log('file | page | printed priced | printed unpriced | found priced | found unpriced | found priced − printed priced');
  const totals = [];
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(join(archive, file)));
    const rows = extractPriceRows(await readDocument(bytes, file, { ocr })).rows;
    const t = { file, printed: 0, unpriced: 0, found: 0, foundUnpriced: 0, capped: 0, unchecked: 0 };
    for (const p of audit.pages.filter((x) => x.file === file)) {
      const own = rows.filter((r) => pageOf(r) === p.page);
      const priced = own.filter((r) => r.prices.length > 0).length;
      const unpriced = own.length - priced;
      if (!p.printed) {
        t.unchecked += 1;
        console.log(`${file} | ${p.page} | ? | ? | ${priced} | ${unpriced} | ?`);
        continue;
      }
      t.printed += p.printed.priced;
      t.unpriced += p.printed.unpriced;
      t.found += priced;
      t.foundUnpriced += unpriced;
      t.capped += Math.min(priced, p.printed.priced);
      const diff = priced - p.printed.priced;
      console.log(`${file} | ${p.page} | ${p.printed.priced} | ${p.printed.unpriced} | ${priced} | ${unpriced} | ${diff > 0 ? `+${diff}` : diff}${p.printed.note ? ` | ${p.printed.note}` : ''}`);
    }
    totals.push(t);
  }
  console.log('file | printed priced | found priced | recall (found priced / printed priced, capped per page) | printed unpriced | found unpriced');
  for (const t of totals) {
    console.log(`${t.file} | ${t.printed} | ${t.found} | ${t.capped}/${t.printed} = ${t.printed ? ((100 * t.capped) / t.printed).toFixed(1) : '?'} % | ${t.unpriced} | ${t.foundUnpriced}${t.unchecked ? ` (${t.unchecked} pages unchecked)` : ''}`);
  }
}
