// A blind audit of the PDF reader against the page images, in two steps.
//
//   node bench/audit-sample.mjs draw [--ocr] [--seed N] [--per-file 40] [--out FILE] [--exclude EARLIER.json …] [--force]
//     Extracts every PDF of the archive, draws `--per-file` random rows per file with a seeded generator
//     (mulberry32), and writes FILE (default test/fixtures/pdf-audit/sample.json) with ONLY where each row
//     is: file, page, its row number in the page's table, and the vertical band (pt from the page's top) the
//     row's text occupies on the page, found by matching the row's words against the page's text layer
//     (the extracted name and prices are never written to FILE nor printed). The extracted rows of the
//     sample go to FILE with `.extracted.json` in place of `.json`, for the comparison step; per-file counts
//     (rows, flagged, reported missing) go to FILE with `.counts.json`. `--crops DIR` also renders each
//     sampled row's band of its page with pdftoppm into one PNG per row, the row marked in red.
//     `--exclude EARLIER.json` (repeatable) leaves out rows at the place of an earlier sample's entry (same file
//     and page, bands overlapping by half the smaller one): a drawn row found there is skipped and the draw
//     goes on until `--per-file` rows are kept.
//
//   node bench/audit-sample.mjs crops --crops DIR [--out FILE]
//     The crops of an existing sample again (FILE's positions only; nothing is extracted).
//
//   node bench/audit-sample.mjs compare [--ocr] [--out FILE] [--saved]
//     After a person has written `truth` into every entry of FILE from the crop alone, extracts the files again
//     with the current build (OCR when `--ocr`) and joins each entry with the extracted row at its PLACE: among
//     the rows of the entry's page, the one whose band (found as `draw` finds it) overlaps the entry's band
//     most (rows renumbered by a changed reader still match; no row there: «not found»). Prints per file: rows
//     right / checked, name right, prices right, roles right, junk, not found, and every mismatch.
//     `--saved` scores the rows saved at draw time (`.extracted.json`, joined by id) instead.
//
// Truth per entry: { junk, name, accept?: [name…], code?, prices: [{ header, roles: [role…], acceptRoles?: [[role…]…],
// value }], alternatives?: [{ name, accept?, prices }], note?, correctedAfterCompare? } — `alternatives`: where the
// marked band spans two printed rows (a name cell merged over a pair of rows), the other row, equally right;
// `code`: the printed tariff code (not compared); `header`: the printed column header (shortened); `roles`: the price
// roles it means (resident, nonresident, nonresident_far, insurance, partner, without_vat, other); `value`: the
// printed price (null: the cell is printed empty); `accept`: other readings of the name that count as right (the
// name with a remark column beside it); `acceptRoles`: other readings of an ambiguous header.
// Rules of the comparison:
//   name right   — both names lower-cased, ё→е, Latin look-alikes → Cyrillic, everything but letters and
//                  digits → one space; right when the Levenshtein similarity 1 − d / max(len) ≥ 0.9 with the
//                  name or one of `accept` (a one- or two-letter OCR slip in a long name passes; in a name of
//                  under ten letters it does not).
//   prices right — the extracted values equal the printed non-empty values as a multiset (the order of a
//                  row's prices is not compared: each carries its role).
//   roles right  — every printed price pairs with an unused extracted price of the same value whose set of
//                  roles (`role` and `also_roles`, `alsoRoles` in extractions saved before the rename) equals `roles` («strict») or also one of `acceptRoles`
//                  («accepting»).
//   all right    — name right and prices in the right roles.
//   junk         — the marked band is not one priced service row (a heading, stamp, footer, a fragment of
//                  two rows merged, a name part without its row).
// Uses the built dist: run `npm run build -w @pricecat/core` first.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import zlib from 'node:zlib';
import leven from 'leven';
import { extractPriceRows, readDocument } from '../dist/internal.js';
import { archive, auditCommand, auditFixture, ocrEngine } from './audit-cli.mjs';
import { mulberry32, pageOf, pickDistinct } from './audit-random.mjs';

const { step, option, values, flag, out } = auditCommand(auditFixture('sample.json'));
const extractedPath = out.replace(/\.json$/, '.extracted.json');
const countsPath = out.replace(/\.json$/, '.counts.json');
const idOf = (file, row) => `${file}#${row.source.table}#${row.source.row}`;

if (step === 'draw') await draw();
else if (step === 'crops') renderCrops(JSON.parse(readFileSync(out, 'utf8')).rows, option('--crops', 'audit-crops'));
else if (step === 'compare') await compare();
else {
  console.log('usage: audit-sample.mjs draw [--ocr] [--seed N] [--per-file 40] [--out FILE] [--exclude EARLIER.json …] [--crops DIR] [--force] | crops --crops DIR [--out FILE] | compare [--ocr] [--saved] [--out FILE]');
  process.exit(1);
}

// ---------------------------------------------------------------- draw

async function draw() {
  if (!existsSync(archive)) {
    console.log(`audit-sample: skipped, no archive at ${archive}`);
    return;
  }
  if (existsSync(out) && JSON.parse(readFileSync(out, 'utf8')).rows.some((r) => r.truth) && !flag('--force')) {
    console.log(`audit-sample: ${out} holds transcriptions; pass --force to draw over them, or --out another file`);
    process.exit(1);
  }
  const seed = Number(option('--seed', '20261125'));
  const perFile = Number(option('--per-file', '40'));
  const cropsDir = option('--crops', null);
  const ocr = await ocrEngine(flag('--ocr'));
  const earlier = values('--exclude').flatMap((f) => JSON.parse(readFileSync(resolve(f), 'utf8')).rows);
  const random = mulberry32(seed);
  const sample = [];
  const extracted = {};
  const counts = {};
  const files = readdirSync(archive).filter((f) => /\.pdf$/i.test(f)).sort();
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(join(archive, file)));
    const result = extractPriceRows(await readDocument(bytes, file, { ocr }));
    const rows = result.rows;
    const issues = result.issues ?? [];
    counts[file] = countsOf(rows, issues);
    const pages = await pageTexts(bytes);
    const before = earlier.filter((e) => e.file === file);
    const picked = [];
    const tried = new Set();
    let skipped = 0;
    while (picked.length < Math.min(perFile, rows.length) && tried.size < rows.length) {
      const [index] = pickDistinct(rows.length, 1, random);
      if (tried.has(index)) continue;
      tried.add(index);
      const row = rows[index];
      const page = pageOf(row);
      const band = bandOf(pages, rows, row);
      if (before.some((e) => e.page === page && sameBand(e.band, band))) {
        skipped += 1;
        continue;
      }
      picked.push({ index, row, page, band });
    }
    picked.sort((a, b) => a.index - b.index);
    for (const { row, page, band } of picked) {
      // Two rows from one source line (a free-form line with two prices) get `#2`, `#3` … in table order.
      const twins = rows.filter((r) => idOf(file, r) === idOf(file, row));
      const id = twins.length > 1 ? `${idOf(file, row)}#${twins.indexOf(row) + 1}` : idOf(file, row);
      sample.push({ id, file, page, table: row.source.table, row: row.source.row, ...(pages.get(page)?.rotate ? { rotate: pages.get(page).rotate } : {}), band, truth: null });
      extracted[id] = { section: row.section, code: row.code, name: row.name, prices: row.prices, kind: row.kind ?? 'service', warnings: row.warnings };
    }
    console.log(`${file}: ${rows.length} rows, ${picked.length} drawn (seed ${seed})${skipped ? `, ${skipped} skipped at an earlier sample's place` : ''}`);
  }
  mkdirSync(resolve(out, '..'), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ seed, perFile, drawnAt: new Date().toISOString().slice(0, 10), rows: sample }, null, 1)}\n`);
  writeFileSync(extractedPath, `${JSON.stringify(extracted, null, 1)}\n`);
  writeFileSync(countsPath, `${JSON.stringify(counts, null, 1)}\n`);
  console.log(`wrote ${out} (positions only), ${extractedPath} and ${countsPath}`);
  if (cropsDir) renderCrops(sample, cropsDir);
}

/**
 * The band of its page a row's name occupies (`locate`), telling apart the page's rows of the same name. A row whose
 * name's code was repaired (`NAME_REPAIRED`) is found by the name as the text layer gives it, which is what the page holds.
 */
function bandOf(pages, rows, row) {
  const same = rows.filter((r) => r.source.table === row.source.table && words(layerName(r)).join(' ') === words(layerName(row)).join(' '));
  return locate(pages.get(pageOf(row)), { ...row, name: layerName(row) }, same.indexOf(row), same.length);
}

/** The row's name as the page's text layer gives it: before a `NAME_REPAIRED` repair, else the name. */
function layerName(row) {
  const raw = (row.flags ?? []).find((f) => f.code === 'NAME_REPAIRED')?.params.raw;
  return typeof raw === 'string' ? raw : row.name;
}

/** How much two bands overlap, as a share of the smaller one (0 when either is unknown). */
function overlap(a, b) {
  if (!a || !b) return 0;
  const common = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return common <= 0 ? 0 : common / Math.max(1e-6, Math.min(a.bottom - a.top, b.bottom - b.top));
}

function sameBand(a, b) {
  return overlap(a, b) >= 0.5;
}

/** Every page's text items, top-origin: { height, items: [{ text, top, bottom }] }. */
async function pageTexts(bytes) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, disableFontFace: true }).promise;
  const pages = new Map();
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, y0, , y1] = page.view;
    const height = y1 - y0;
    const content = await page.getTextContent();
    const items = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const size = Math.hypot(item.transform[2], item.transform[3]) || item.height;
      const baseline = height - (item.transform[5] - y0);
      items.push({ text: item.str, x: item.transform[4], top: baseline - size, bottom: baseline + size * 0.25 });
    }
    pages.set(n, { height, items, rotate: page.rotate });
  }
  await doc.destroy();
  return pages;
}

/** Words of a text for matching: lower case, ё→е, letters and digits only. */
function words(text) {
  return normalized(text).split(' ').filter((w) => w.length >= 2);
}

/**
 * The band of the page the row's name occupies: among runs of consecutive text items (top to bottom, at
 * most ~6 lines tall) made of the name's words, the one whose joined text is closest to the name by
 * character similarity (so «… без контраста» and «… с контрастом» find different lines); the
 * `occurrence`-th such run from the top where a page repeats a name (`repeats` rows of the table share its
 * words). A name the page does not repeat takes its closest run where that run spells it (similarity ≥ 0.98) and
 * is clearly closer (by more than 0.01) than the first run near it: «Hallux Valgus 2 стопы + коррекция 1 луча» scores 0.95 on
 * the line «… 1 стопа + коррекция 1 луча» two rows above it and 1 on its own, and the first run within 0.05 of the
 * best was that neighbour, so the row (and its price) was joined with the neighbour's place.
 */
function locate(page, row, occurrence, repeats = 1) {
  const CLEARLY_CLOSER = 0.01;
  const SPELLS_IT = 0.98;
  if (!page || page.items.length === 0) return null;
  const name = normalized(row.name);
  const target = new Set(words(row.name));
  const candidates = page.items
    .map((item) => {
      const own = words(item.text);
      const hits = own.filter((w) => target.has(w));
      // A piece the text layer split inside a word (`Микроре акция`) still belongs when it is part of the name.
      const compact = normalized(item.text).replace(/ /g, '');
      const inside = compact.length >= 4 && name.replace(/ /g, '').includes(compact);
      return { ...item, share: inside ? 1 : own.length > 0 ? hits.length / own.length : 0 };
    })
    .filter((c) => c.share >= 0.5)
    .sort((a, b) => a.top - b.top || a.x - b.x);
  const lineHeight = median(page.items.map((i) => i.bottom - i.top));
  const windows = [];
  for (let s = 0; s < candidates.length; s++) {
    const top = candidates[s].top;
    let bottom = candidates[s].bottom;
    let text = '';
    let best = null;
    for (let e = s; e < candidates.length && e < s + 12; e++) {
      const c = candidates[e];
      if (c.top > bottom + lineHeight * 1.2 || c.bottom - top > lineHeight * 6) break;
      text = `${text} ${c.text}`;
      bottom = Math.max(bottom, c.bottom);
      const t = normalized(text);
      const score = 1 - leven(t, name) / Math.max(t.length, name.length, 1);
      if (!best || score > best.score + 1e-9) best = { top, bottom, score };
    }
    windows.push(best);
  }
  if (windows.length === 0) return null;
  const best = Math.max(...windows.map((w) => w.score));
  // Distinct runs near the best score, top to bottom (overlapping ones keep the closer).
  const good = [];
  for (const w of windows.filter((x) => x.score >= best - 0.05)) {
    const last = good[good.length - 1];
    if (last && w.top < last.bottom) {
      if (w.score > last.score + 1e-9) good[good.length - 1] = w;
      continue;
    }
    good.push(w);
  }
  const inOrder = good[Math.min(occurrence, good.length - 1)];
  const closest = windows.find((w) => w.score === best);
  // A run that spells the name (a sibling row's line differs by a few letters) and is clearly closer than the one
  // the order gives wins; among runs about as close (a page listing near-identical long names), the order decides.
  const chosen = repeats <= 1 && closest.score >= SPELLS_IT && closest.score - inOrder.score > CLEARLY_CLOSER ? closest : inOrder;
  return { top: round(chosen.top), bottom: round(chosen.bottom), pageHeight: round(page.height), matched: round(chosen.score) };
}

function round(x) {
  return Math.round(x * 10) / 10;
}
function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? 10 : s[Math.floor(s.length / 2)];
}

/**
 * One PNG per sampled row: the band ± 30 pt of the page rendered at 150 dpi by pdftoppm, the row marked with
 * a red bar on the left and red lines above and below (no ImageMagick needed: the PPM is edited in place).
 */
function renderCrops(sample, dir) {
  mkdirSync(dir, { recursive: true });
  const dpi = 150;
  const scale = dpi / 72;
  sample.forEach((entry, n) => {
    const name = join(dir, `row-${String(n + 1).padStart(3, '0')}.png`);
    const pdf = join(archive, entry.file);
    const page = ['-r', String(dpi), '-f', String(entry.page), '-l', String(entry.page), '-singlefile'];
    if (!entry.band) {
      writeFileSync(name, pngOf(ppmOf(execFileSync('pdftoppm', [...page, '-scale-to', '1400', pdf], { maxBuffer: 1 << 28 }))));
      return;
    }
    const margin = 30;
    const y0 = Math.max(0, Math.floor((entry.band.top - margin) * scale));
    const y1 = Math.ceil(Math.min(entry.band.pageHeight, entry.band.bottom + margin) * scale);
    const image = ppmOf(execFileSync('pdftoppm', [...page, '-y', String(y0), '-H', String(y1 - y0), '-W', '100000', pdf], { maxBuffer: 1 << 28 }));
    const my0 = Math.max(0, Math.floor(entry.band.top * scale) - y0 - 3);
    const my1 = Math.min(image.height - 1, Math.ceil(entry.band.bottom * scale) - y0 + 3);
    const red = (x, y) => image.pixels.set([220, 0, 0], (y * image.width + x) * 3);
    for (let y = my0; y <= my1; y++) for (let x = 0; x < 14; x++) red(x, y);
    for (let x = 0; x < image.width; x += 1) if (x % 12 < 8) (red(x, my0), red(x, my1));
    writeFileSync(name, pngOf(image));
  });
  console.log(`wrote ${sample.length} crops to ${dir}`);
}

/** A binary PPM (P6, 8 bit) → { width, height, pixels }. */
function ppmOf(bytes) {
  const header = [];
  let at = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[at]))) at++;
    let token = '';
    while (!/\s/.test(String.fromCharCode(bytes[at]))) token += String.fromCharCode(bytes[at++]);
    header.push(token);
  }
  const [, width, height] = header.map(Number);
  return { width, height, pixels: new Uint8Array(bytes.buffer, bytes.byteOffset + at + 1, width * height * 3).slice() };
}

/** RGB pixels → PNG bytes. */
function pngOf({ width, height, pixels }) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) Buffer.from(pixels.buffer, y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// ---------------------------------------------------------------- compare

function normalized(text) {
  const latin = { a: 'а', b: 'в', c: 'с', e: 'е', h: 'н', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у' };
  return String(text ?? '')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[a-z]/g, (ch) => latin[ch] ?? ch)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The extracted row of every entry: the current build's row at the entry's place (the row of its page whose
 * band overlaps the entry's band by at least half the smaller one, the closest in size first; an entry
 * without a band falls back to its id), or with `--saved` the row saved at draw time under the entry's id.
 * Also the current per-file counts.
 */
async function extractedRows(sample) {
  if (flag('--saved')) {
    return { saved: true, extracted: JSON.parse(readFileSync(extractedPath, 'utf8')), counts: existsSync(countsPath) ? JSON.parse(readFileSync(countsPath, 'utf8')) : {} };
  }
  if (!existsSync(archive)) {
    console.log(`audit-sample: no archive at ${archive}; scoring the rows saved at draw time (--saved)`);
    return { saved: true, extracted: JSON.parse(readFileSync(extractedPath, 'utf8')), counts: existsSync(countsPath) ? JSON.parse(readFileSync(countsPath, 'utf8')) : {} };
  }
  const ocr = await ocrEngine(flag('--ocr'));
  const extracted = {};
  const counts = {};
  for (const file of [...new Set(sample.rows.map((e) => e.file))]) {
    const bytes = new Uint8Array(readFileSync(join(archive, file)));
    const result = extractPriceRows(await readDocument(bytes, file, { ocr }));
    const rows = result.rows;
    counts[file] = countsOf(rows, result.issues ?? []);
    const pages = await pageTexts(bytes);
    const bands = new Map();
    const bandOfRow = (row) => {
      if (!bands.has(row)) bands.set(row, bandOf(pages, rows, row));
      return bands.get(row);
    };
    for (const entry of sample.rows.filter((e) => e.file === file)) {
      let row;
      if (entry.band) {
        const scored = rows
          .filter((r) => pageOf(r) === entry.page)
          .map((r) => {
            const b = bandOfRow(r);
            const common = b ? Math.min(b.bottom, entry.band.bottom) - Math.max(b.top, entry.band.top) : 0;
            return { r, fits: sameBand(b, entry.band), size: b ? common / Math.max(b.bottom - b.top, entry.band.bottom - entry.band.top) : 0 };
          })
          .filter((x) => x.fits)
          .sort((a, b) => b.size - a.size || a.r.source.row - b.r.source.row);
        // Rows that fit equally (the rows of one merged name cell share its band): the one still numbered as
        // drawn, else, where several entries share the band, the tied rows in table order (the first such entry
        // the upper row), else the upper one.
        const tied = scored.filter((x) => Math.abs(x.size - scored[0].size) < 1e-6); // empty when nothing fits
        const twins = sample.rows.filter((e) => e.file === file && e.page === entry.page && e.band && e.band.top === entry.band.top && e.band.bottom === entry.band.bottom);
        const same = tied.find((x) => x.r.source.table === entry.table && x.r.source.row === entry.row);
        row = (same ?? (twins.length > 1 ? tied[Math.min(twins.indexOf(entry), tied.length - 1)] : tied[0]))?.r;
      } else {
        row = rows.find((r) => idOf(file, r) === entry.id.replace(/#\d+$/, ''));
      }
      if (row) extracted[entry.id] = { section: row.section, code: row.code, name: row.name, prices: row.prices, kind: row.kind ?? 'service', warnings: row.warnings, source: row.source };
    }
    console.log(`${file}: ${rows.length} rows extracted again`);
  }
  return { extracted, counts };
}

function countsOf(rows, issues) {
  const sum = (code, f) => issues.filter((i) => i.code === code).reduce((n, i) => n + f(i), 0);
  return {
    rows: rows.length,
    flagged: rows.filter((r) => r.warnings.length > 0).length,
    withoutPrice: rows.filter((r) => r.prices.length === 0).length,
    notExtractedNumbers: sum('ROWS_NOT_EXTRACTED', (i) => i.params.numbers?.length ?? 0),
    withoutName: sum('ROWS_WITHOUT_NAME', (i) => i.params.count ?? 0),
    withoutPriceSkipped: sum('ROWS_WITHOUT_PRICE_SKIPPED', (i) => i.params.count ?? 0),
  };
}

/** Name right, prices right, roles right (strict / accepting) of an extracted row against one reading of the truth. */
function score(got, want) {
  const rolesOf = (cell) => [...new Set([cell.role, ...(cell.also_roles ?? cell.alsoRoles ?? [])])].sort().join('+');
  const a = normalized(got.name);
  const nameRight = [want.name, ...(want.accept ?? [])].some((w) => {
    const b = normalized(w);
    return 1 - leven(a, b) / Math.max(a.length, b.length, 1) >= 0.9;
  });
  const printed = want.prices.filter((p) => p.value !== null);
  const sorted = (values) => JSON.stringify([...values].sort((x, y) => x - y));
  const pricesRight = sorted(got.prices.map((p) => p.value)) === sorted(printed.map((p) => p.value));
  // Each printed price paired with an unused extracted price of the same value and the same set of roles.
  const rolesMatch = (accepting) => {
    const unused = [...got.prices];
    return printed.every((p) => {
      const wanted = [p.roles, ...(accepting ? (p.acceptRoles ?? []) : [])].map((r) => [...new Set(r)].sort().join('+'));
      const i = unused.findIndex((c) => c.value === p.value && wanted.includes(rolesOf(c)));
      if (i < 0) return false;
      unused.splice(i, 1);
      return true;
    });
  };
  return { nameRight, pricesRight, roles: pricesRight && rolesMatch(false), rolesAlt: pricesRight && rolesMatch(true), printed };
}

async function compare() {
  const sample = JSON.parse(readFileSync(out, 'utf8'));
  const { extracted, counts, saved } = await extractedRows(sample);
  const perFile = new Map();
  const lines = [];
  const rolesOf = (cell) => [...new Set([cell.role, ...(cell.also_roles ?? cell.alsoRoles ?? [])])].sort().join('+');
  for (const entry of sample.rows) {
    const s = perFile.get(entry.file) ?? { checked: 0, unchecked: 0, junk: 0, notFound: 0, name: 0, prices: 0, roles: 0, rolesAlt: 0, right: 0, rightAlt: 0 };
    perFile.set(entry.file, s);
    if (!entry.truth) {
      s.unchecked += 1;
      continue;
    }
    s.checked += 1;
    const got = extracted[entry.id];
    const truth = entry.truth;
    if (!got) {
      s.notFound += 1;
      lines.push(`  ${entry.id} | not found: no extracted row at this place | want «${truth.junk ? '(junk)' : truth.name}»`);
      continue;
    }
    const flagged = got.warnings.length > 0 ? ' [flagged]' : '';
    if (truth.junk) {
      s.junk += 1;
      lines.push(`  ${entry.id} | junk${flagged} | ${truth.note ?? ''} | got «${got.name}»`);
      continue;
    }
    // The entry's reading, or where the marked band spans two printed rows one of its `alternatives`: the
    // reading that scores best (all right first, then name, prices, roles).
    const readings = [truth, ...(truth.alternatives ?? []).map((alt) => ({ ...alt, note: truth.note }))].map((want) => ({ want, ...score(got, want) }));
    const rank = (r) => [r.nameRight && r.roles, r.nameRight && r.rolesAlt, r.nameRight, r.pricesRight, r.rolesAlt].reduce((n, b) => n * 2 + (b ? 1 : 0), 0);
    const best = readings.reduce((a, b) => (rank(b) > rank(a) ? b : a));
    const { nameRight, pricesRight, roles, rolesAlt, printed } = best;
    if (nameRight) s.name += 1;
    if (pricesRight) s.prices += 1;
    if (roles) s.roles += 1;
    if (rolesAlt) s.rolesAlt += 1;
    if (nameRight && roles) s.right += 1;
    if (nameRight && rolesAlt) s.rightAlt += 1;
    if (!(nameRight && roles)) {
      const what = [!nameRight && 'name', !pricesRight && 'prices', pricesRight && !roles && (rolesAlt ? 'roles (strict reading only)' : 'roles')].filter(Boolean).join(' + ');
      const gotPrices = got.prices.map((p) => `${p.value}:${rolesOf(p)}`).join(' ');
      const wantPrices = printed.map((p) => `${p.value}:${[...p.roles].sort().join('+')}`).join(' ');
      const where = got.source && `${got.source.table}#${got.source.row}` !== `${entry.table}#${entry.row}` ? ` (now ${got.source.table}#${got.source.row})` : '';
      lines.push(`  ${entry.id}${where} | ${what} wrong${flagged} | want «${best.want.name}» ${wantPrices} | got «${got.name}» ${gotPrices}${truth.note ? ` | note: ${truth.note}` : ''}`);
    }
  }
  console.log(`sample seed ${sample.seed}, drawn ${sample.drawnAt}; «strict»: the roles as transcribed, «accepting»: also a price's acceptRoles`);
  console.log(`rows: ${saved ? 'as saved at draw time, joined by id' : 'extracted now by the current build, joined by place'}`);
  console.log('file | rows | flagged | reported missing (№ not extracted + nameless + priceless skipped) | prices right | prices in right roles strict / accepting | name right | all right strict / accepting | junk | not found');
  for (const [file, s] of perFile) {
    const c = counts[file] ?? {};
    const missing = (c.notExtractedNumbers ?? 0) + (c.withoutName ?? 0) + (c.withoutPriceSkipped ?? 0);
    const n = s.checked;
    console.log(
      `${file} | ${c.rows ?? '?'} | ${c.flagged ?? '?'} | ${missing} (${c.notExtractedNumbers ?? 0} + ${c.withoutName ?? 0} + ${c.withoutPriceSkipped ?? 0}) | ${s.prices}/${n} | ${s.roles}/${n} / ${s.rolesAlt}/${n} | ${s.name}/${n} | ${s.right}/${n} / ${s.rightAlt}/${n} | ${s.junk}/${n} | ${s.notFound}/${n}${s.unchecked ? ` (${s.unchecked} unchecked)` : ''}`,
    );
  }
  if (lines.length > 0) console.log(`mismatches:\n${lines.join('\n')}`);
}
