// Recall by row numbers: for the PDFs of the archive that number their rows (`№`), the numbers printed against
// the numbers of the rows extracted.
//
//   node bench/number-recall.mjs [--ocr] [--pages] [name filter…]
//
// Per file: each numbering (a list numbers its rows from 1 again per section or table; a `1` or `2` after
// higher numbers starts a new one), the numbers printed in it, the rows found, the numbers missing (exact list,
// with their page) and the numbers found twice; then whether the file's report names every missing number
// (`ROWS_NOT_EXTRACTED`). `--pages` also prints, per missing number, the page to look at.
//
// Where the numbers come from: the `№` cells of the reader's page tables (the OCR text layer, before any row is
// kept or dropped), so a row the extraction dropped still shows its number; a numbering is taken to run from 1 to
// its highest number, so numbers the text layer lost count as printed too. An extracted row's number is its `№`
// cell (or the number read into one cell with its name, `312 Блокада …`). An extracted row without a number (the
// scan lost it) or with a misread one (out of order, or already taken) fills the next missing number when the next
// numbered row comes after it: that number counts as found («without their number or under a misread one»). Uses the built dist: run
// `npm run build -w @pricecat/core` first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractPriceRows, readDocument } from '../dist/internal.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(resolve(here, '../../..'), '../shared/data'), 'archive');
if (!existsSync(archive)) {
  console.log(`number-recall: skipped, no archive at ${archive}`);
  process.exit(0);
}
const args = process.argv.slice(2);
const withOcr = args.includes('--ocr');
const withPages = args.includes('--pages');
const only = args.filter((a) => !a.startsWith('--'));
const ocr = withOcr ? ((await (await import('@pricecat/core/node')).createTesseractOcr()) ?? undefined) : undefined;
if (withOcr) console.log(ocr ? `OCR: ${ocr.name}` : 'OCR: tesseract is not installed; reading without it');

/** A jump this far above the numbering's highest number is a misread, not a row. */
const MAX_STEP = 40;

for (const file of readdirSync(archive).sort()) {
  if (!/\.pdf$/i.test(file)) continue;
  if (only.length > 0 && !only.some((o) => file.includes(o))) continue;
  const document = await readDocument(new Uint8Array(readFileSync(join(archive, file))), file, { ocr });
  const extracted = extractPriceRows(document);
  const numberColumns = new Map(document.tables.map((t, i) => [i, numberColumnOf(t)]));
  // The tables of one page share its name, a later one's rows numbered after the earlier ones'.
  const tablesNamed = new Map();
  document.tables.forEach((t, i) => {
    const list = tablesNamed.get(t.name) ?? [];
    const offset = list.length === 0 ? 0 : list.at(-1).offset + document.tables[list.at(-1).index].rows.length;
    list.push({ index: i, offset });
    tablesNamed.set(t.name, list);
  });
  const locate = (source) => {
    const list = tablesNamed.get(source.table) ?? [];
    const hit = [...list].reverse().find((x) => source.row - 1 >= x.offset);
    return hit ? { t: hit.index, r: source.row - 1 - hit.offset } : { t: -1, r: source.row - 1 };
  };

  // Every `№` cell of the page tables, in document order.
  const cells = [];
  document.tables.forEach((table, t) => {
    const column = numberColumns.get(t);
    if (column === null) return;
    table.rows.forEach((row, r) => {
      // A numbered section heading (`2 | Услуги выписки`) has its number and title only: no row number.
      if (row.filter((cell, i) => i !== column && String(cell ?? '').trim() !== '').length < 2) return;
      const n = numberIn(row[column]);
      if (n !== null) cells.push({ at: [t, r], page: table.name, n });
    });
  });
  const numberings = splitNumberings(cells.map((c) => c.n));
  cells.forEach((c, i) => (c.run = numberings.runOf[i]));

  // The extracted rows, in document order, each with its number and the numbering it falls in.
  const rows = extracted.rows
    .map((row) => {
      const { t, r } = locate(row.source);
      const table = document.tables[t];
      const column = table ? numberColumns.get(t) : null;
      const cell = table && column !== null && column !== undefined ? table.rows[r]?.[column] : undefined;
      return { at: [t, r], page: row.source.table, n: numberIn(cell), name: row.name };
    })
    .sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1]);
  const valid = cells.filter((x) => x.run >= 0);
  const misreadAt = new Set(cells.filter((x) => x.run < 0).map((x) => x.at.join(':')));
  let c = 0;
  for (const row of rows) {
    while (c + 1 < valid.length && before(valid[c + 1].at, row.at, true)) c++;
    const cell = valid[c];
    // A row before the first `№` cell belongs to the numbering that cell starts.
    row.run = cell ? cell.run : 0;
    // A number out of the numbering's order (a misread cell, or the list's own `828, 839, 826, 829`) still names
    // its row: it counts as found, and as printed when it is within the numbering's range.
    row.outOfOrder = misreadAt.has(row.at.join(':'));
  }

  const reported = new Set(
    (extracted.issues ?? []).filter((i) => i.code === 'ROWS_NOT_EXTRACTED').flatMap((i) => (i.params.numbers ?? []).map((n) => `${i.table}#${n}`)),
  );
  const totals = { printed: 0, found: 0, foundUnnumbered: 0, missing: [], duplicated: [], misread: numberings.misread.length };
  const lines = [];
  for (let run = 0; run < numberings.count; run++) {
    const own = rows.filter((r) => r.run === run);
    const printedCells = valid.filter((x) => x.run === run);
    if (printedCells.length === 0) continue;
    const high = Math.max(...printedCells.map((x) => x.n));
    const first = printedCells[0];
    // A jump longer than MAX_STEP: those numbers are not in the text layer — a page the scan lacks, or a page whose
    // text layer lost its rows; only the page images tell which, so they are listed apart and not counted.
    const absent = new Set(numberings.jumps.filter((j) => j.run === run).flatMap((j) => Array.from({ length: j.to - j.from + 1 }, (_, k) => j.from + k)));
    const printed = high - absent.size;
    const seen = new Map();
    for (const r of own) if (r.n !== null && r.n <= high) seen.set(r.n, (seen.get(r.n) ?? 0) + 1);
    const duplicatedAll = [...seen].filter(([, k]) => k > 1).map(([n]) => n);
    // A row without a number, or with a number out of order or already seen (a misread cell: `.188` for 388, `534`
    // twice for 533, 534), fills the next number when that number is missing and the next numbered row comes after it.
    const filled = new Set();
    const counted = new Map();
    let previous = 0;
    own.forEach((r, i) => {
      const fits = r.n !== null && !r.outOfOrder && r.n > previous && !(counted.get(r.n) > 0);
      if (fits) {
        counted.set(r.n, 1);
        previous = r.n;
        return;
      }
      const expected = previous + 1;
      const next = own.slice(i + 1).find((x) => x.n !== null && !x.outOfOrder && x.n > previous)?.n ?? high + 1;
      if (expected < next && !seen.has(expected) && !filled.has(expected)) {
        filled.add(expected);
        previous = expected;
      }
    });
    const pageOf = (n) => {
      const exact = cells.find((x) => x.run === run && x.n === n);
      if (exact) return exact.page;
      const after = printedCells.find((x) => x.n > n);
      return after ? `${after.page}?` : `${printedCells.at(-1).page}?`;
    };
    const missing = [];
    for (let k = 1; k <= high; k++) if (!seen.has(k) && !filled.has(k) && !absent.has(k)) missing.push(k);
    totals.printed += printed;
    const found = printed - missing.length;
    totals.found += found;
    totals.foundUnnumbered += filled.size;
    totals.missing.push(...missing.map((n) => ({ n, page: pageOf(n), run, reported: reported.has(`${pageOf(n).replace(/\?$/, '')}#${n}`) })));
    // Twice: a number two extracted rows carry that no misread explains (no number missing next to them).
    const duplicated = duplicatedAll.filter((n) => !filled.has(n - 1) && !filled.has(n + 1));
    totals.duplicated.push(...duplicated.map((n) => ({ n, run })));
    lines.push(
      `  numbering ${run + 1} (from ${first.page}, № 1–${high}): printed ${printed}, found ${found}` +
        (filled.size ? ` (${filled.size} without their number or under a misread one)` : '') +
        `, missing ${missing.length}${missing.length ? `: ${compact(missing)}` : ''}` +
        (duplicated.length ? `, twice: ${duplicated.join(', ')}` : '') +
        (absent.size ? `; jumped over, not counted (a page the scan lacks, or one whose text layer lost its rows: see the images): ${compact([...absent].sort((a, b) => a - b))}` : ''),
    );
  }
  const notReported = totals.missing.filter((m) => !m.reported);
  console.log(
    `${file}\tprinted ${totals.printed}\tfound ${totals.found}\tmissing ${totals.missing.length}\ttwice ${totals.duplicated.length}` +
      `\tmisread № cells ${totals.misread}\treported missing ${reported.size}\tmissing not in the report ${notReported.length}\trows ${extracted.rows.length}`,
  );
  for (const line of lines) console.log(line);
  if (withPages) for (const m of totals.missing) console.log(`    № ${m.n}\t${m.page}${m.reported ? '\t(in the report)' : ''}`);
}

/** The `№` column of a page table: the cell of its header saying `№` / `п/п`, else the first column. */
function numberColumnOf(table) {
  for (const row of table.rows.slice(0, 8)) {
    const index = row.findIndex((cell) => /^\s*(№|n[°o]|п\/п)/i.test(String(cell ?? '')));
    if (index >= 0) return index;
  }
  // A page without its own header: the column holding most bare numbers among the first three.
  let best = null;
  let bestCount = 0;
  for (let col = 0; col < 3; col++) {
    const count = table.rows.filter((row) => numberIn(row[col]) !== null).length;
    if (count > bestCount) [best, bestCount] = [col, count];
  }
  return bestCount >= 3 ? best : null;
}

/** A row number in a `№` cell (`12`, `12.`, `312 Блокада …`), or null. */
function numberIn(cell) {
  const text = String(cell ?? '').trim();
  const m = /^[.,]?(\d{1,4})[.,]?(?:\s+\p{L}.*)?$/u.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * Splits a sequence of row numbers into numberings. A number continuing the current numbering (one to three above its
 * highest) stays in it; one continuing an earlier numbering goes back to it (sub-rows numbered 1, 2, 3 under row 35,
 * then row 36; the most recently used first); a `1` or `2` that the next numbers continue starts a new numbering; a number up to MAX_STEP above the
 * current highest stays in it (rows lost between), a longer jump too when the next numbers continue it; anything else is not a row number here (a numbered section
 * heading `12 Травматология`, a misread cell `9, 30, 11`).
 */
function splitNumberings(numbers) {
  const runOf = [];
  const misread = [];
  const highs = [];
  const jumps = [];
  // Numberings by their last use, most recent last.
  const recent = [];
  let current = -1;
  const tight = (r, n) => n > highs[r] && n - highs[r] <= 3;
  const continued = (i, n) => numbers.slice(i + 1, i + 5).some((m) => m === n + 1 || m === n + 2);
  numbers.forEach((n, i) => {
    let run = -1;
    if (current >= 0 && tight(current, n)) run = current;
    else {
      for (const r of [...recent].reverse()) if (run < 0 && r !== current && tight(r, n)) run = r;
      if (run < 0 && n <= 2 && continued(i, n)) run = highs.push(0) - 1;
      else if (run < 0 && current < 0) run = highs.push(0) - 1;
      else if (run < 0 && n > highs[current] && n - highs[current] <= MAX_STEP) run = current;
      // A longer jump that the next numbers continue: the numbers between are lost from the text layer or not rows.
      else if (run < 0 && n > highs[current] && continued(i, n)) {
        run = current;
        jumps.push({ run, from: highs[current] + 1, to: n - 1 });
      }
    }
    runOf.push(run);
    if (run < 0) {
      misread.push(i);
      return;
    }
    current = run;
    recent.splice(recent.indexOf(run) >>> 0, recent.includes(run) ? 1 : 0);
    recent.push(run);
    highs[run] = Math.max(highs[run], n);
  });
  return { runOf, misread, jumps, count: highs.length };
}

/** True when position `a` (table, row) comes before `b` (or is it, with `orSame`). */
function before(a, b, orSame) {
  return a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (orSame && a[1] === b[1])));
}

/** `3, 4, 5, 9` → `3–5, 9`. */
function compact(numbers) {
  const parts = [];
  for (let i = 0; i < numbers.length; i++) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    parts.push(j > i ? `${numbers[i]}–${numbers[j]}` : `${numbers[i]}`);
    i = j;
  }
  return parts.join(', ');
}
