// `npm run eval`: matching quality on the hand-labelled development sample (test/fixtures/matching-sample.json,
// rules in test/fixtures/README.md), on the held-out sample (test/fixtures/matching-holdout.json: labelled by the
// same rules, never read while tuning; only its totals are printed, so that it stays unseen) and the normalized
// share over the whole archive. Every file of the archive is ingested as a user would (so the per-list
// concentrated-group rule applies), then each labelled position is looked up in its file (and PDF page) by its
// name, the nearest row first: rows of a scanned page move when the PDF reader improves. A match is right when it
// names the labelled service or an entry of the same name under another specialty; "lenient" also accepts the
// alternatives the labeller listed (`alt: … [id]`).
// Uses the built dist: `npm run build` first (the root `npm run eval` does).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import leven from 'leven';
import { createCatalogue, normalizeName } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../../..');
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(repoRoot, '../shared/data'), 'archive');
const labels = JSON.parse(readFileSync(join(here, '../test/fixtures/matching-sample.json'), 'utf8'));
const heldOut = JSON.parse(readFileSync(join(here, '../test/fixtures/matching-holdout.json'), 'utf8'));
const verbose = process.env.VERBOSE === '1';
if (!existsSync(archive)) {
  console.log(`eval: skipped, no archive at ${archive} (set PRICECAT_DATA_DIR)`);
  process.exit(0);
}

const services = await loadDefaultDictionary();
const nameOf = new Map(services.map((s) => [s.service_id, s.name]));
const catalogue = await createCatalogue({ services });
const files = readdirSync(archive).filter((f) => !f.startsWith('.')).sort();
const started = performance.now();
for (const file of files) await catalogue.ingest({ fileName: file, bytes: new Uint8Array(readFileSync(join(archive, file))) });
const ingestSeconds = (performance.now() - started) / 1000;

const lists = new Map((await catalogue.listPriceLists()).map((l) => [l.price_list_id, l.file_name]));
/** Positions by file and PDF page (`file#page 3`), or by file alone for spreadsheets and Word. */
const byPlace = new Map();
for (let offset = 0; ; offset += 500) {
  const page = await catalogue.listPositions({ limit: 500, offset });
  for (const p of page.items) {
    const file = lists.get(p.price_list_id);
    for (const key of [`${file}#${p.source.table}`, file]) byPlace.set(key, [...(byPlace.get(key) ?? []), p]);
  }
  if (offset + 500 >= page.total) break;
}
const similarity = (a, b) => 1 - leven(a, b) / Math.max(a.length, b.length, 1);

/**
 * The position a label was drawn from: the same name (or a name at least 0.85 alike) in its file and page,
 * nearest row first; else the nearest row whose name contains most of the labelled name.
 */
function positionOf(label) {
  const pool = byPlace.get(label.table ? `${label.file}#${label.table}` : label.file) ?? [];
  const want = normalizeName(label.raw_name);
  // Same name first, then the nearest row, then the closer name.
  const alike = pool
    .map((p) => ({ p, score: similarity(normalizeName(p.raw_name), want), gap: Math.abs(p.source.row - label.row) }))
    .filter((c) => c.score >= 0.85)
    .sort((a, b) => Number(b.score >= 0.999) - Number(a.score >= 0.999) || a.gap - b.gap || b.score - a.score);
  if (alike.length > 0) return alike[0].p;
  // A name the PDF reader now reads longer (the qualifier of a merged cell appended, a lost line joined):
  // the nearest row whose name contains three quarters of the labelled name's words.
  const words = new Set(want.split(' '));
  let nearest = null;
  for (const p of pool) {
    const has = new Set(normalizeName(p.raw_name).split(' '));
    const contained = [...words].filter((w) => has.has(w)).length / Math.max(words.size, 1);
    const gap = Math.abs(p.source.row - label.row);
    if (contained >= 0.75 && (!nearest || gap < nearest.gap)) nearest = { p, gap };
  }
  return nearest?.p ?? null;
}

const sameService = (id, label) => Boolean(id && label.service_id && (id === label.service_id || nameOf.get(id) === label.service_name));
const alternativesOf = (label) => [...(label.note ?? '').matchAll(/\[(svc_[0-9a-f]+)\]/g)].map((m) => m[1]);
const acceptable = (id, label) => sameService(id, label) || (id !== null && alternativesOf(label).includes(id));

/** Each label with its position and the suggestion a user sees: the normalized service, else the queue's first candidate. */
function lookUp(sample) {
  const found = [];
  const missing = [];
  for (const label of sample) {
    const position = positionOf(label);
    if (!position) {
      missing.push(label);
      continue;
    }
    const suggested = position.service_id ?? position.candidates[0]?.service_id ?? null;
    const suggestedScore = position.service_id ? position.confidence : (position.candidates[0]?.score ?? 0);
    found.push({ label, position, suggested, suggestedScore });
  }
  return { found, missing };
}

/** The headline figures of a sample. */
function headline(found) {
  const withCounterpart = found.filter((r) => r.label.service_id);
  const auto = found.filter((r) => r.position.status === 'normalized');
  const waiting = withCounterpart.filter((r) => r.position.status !== 'normalized');
  return {
    withCounterpart,
    auto,
    autoRight: auto.filter((r) => sameService(r.position.service_id, r.label)),
    autoAcceptable: auto.filter((r) => acceptable(r.position.service_id, r.label)),
    recalled: withCounterpart.filter((r) => r.position.status === 'normalized' && sameService(r.position.service_id, r.label)),
    waiting,
    top1: waiting.filter((r) => sameService(r.position.candidates[0]?.service_id, r.label)),
    top5: waiting.filter((r) => r.position.candidates.slice(0, 5).some((c) => sameService(c.service_id, r.label))),
  };
}

function printHeadline(rows, h) {
  console.log(`ceiling: positions with a dictionary entry     ${h.withCounterpart.length}/${rows.length} = ${pct(h.withCounterpart.length, rows.length)}`);
  console.log(`normalized share (sample)                      ${h.auto.length}/${rows.length} = ${pct(h.auto.length, rows.length)}`);
  console.log(`precision of automatic matches                 ${h.autoRight.length}/${h.auto.length} = ${pct(h.autoRight.length, h.auto.length)}   (lenient, alternatives accepted: ${pct(h.autoAcceptable.length, h.auto.length)})`);
  console.log(`recall of positions with a dictionary entry    ${h.recalled.length}/${h.withCounterpart.length} = ${pct(h.recalled.length, h.withCounterpart.length)}`);
  console.log(`queue suggestions, positions with an entry left to the queue (${h.waiting.length}):`);
  console.log(`  top-1 right                                  ${h.top1.length}/${h.waiting.length} = ${pct(h.top1.length, h.waiting.length)}`);
  console.log(`  right service among the top-5                ${h.top5.length}/${h.waiting.length} = ${pct(h.top5.length, h.waiting.length)}`);
}

const { found: rows, missing: notFound } = lookUp(labels);
const pct = (a, b) => (b === 0 ? '   n/a' : `${((a / b) * 100).toFixed(1).padStart(5)} %`);
const dev = headline(rows);
const { withCounterpart, auto, autoRight, recalled, waiting } = dev;

console.log(`pricecat matching evaluation — ${labels.length} labelled positions, ${files.length} files (ingest ${ingestSeconds.toFixed(1)} s)`);
if (notFound.length > 0) console.log(`  not found among the extracted positions any more (left out of the figures): ${notFound.length}`);
if (verbose) for (const label of notFound) console.log(`    ${label.file} ${label.table ?? ''} row ${label.row} «${label.raw_name}»`);
console.log('');
printHeadline(rows, dev);

console.log('\nper method (automatic matches): method, count, right');
const methods = new Map();
for (const r of auto) {
  const m = methods.get(r.position.method) ?? { n: 0, right: 0 };
  m.n += 1;
  if (sameService(r.position.service_id, r.label)) m.right += 1;
  methods.set(r.position.method, m);
}
for (const [method, m] of [...methods].sort((a, b) => b[1].n - a[1].n)) console.log(`  ${method.padEnd(10)} ${String(m.n).padStart(4)} ${String(m.right).padStart(4)}  ${pct(m.right, m.n)}`);
const statuses = new Map();
for (const r of rows) statuses.set(r.position.status, (statuses.get(r.position.status) ?? 0) + 1);
console.log(`status: ${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')}`);

console.log('\nreliability (every position\'s suggestion — the match, or the first queue candidate — binned by its confidence):');
console.log('  confidence    n   right   share right   mean confidence');
const bins = [0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0001];
for (let i = 0; i + 1 < bins.length; i += 1) {
  const inBin = rows.filter((r) => r.suggested && r.suggestedScore >= bins[i] && r.suggestedScore < bins[i + 1]);
  const right = inBin.filter((r) => sameService(r.suggested, r.label)).length;
  const range = `${bins[i].toFixed(2)}–${Math.min(bins[i + 1], 1).toFixed(2)}`;
  const mean = inBin.length === 0 ? '' : `      ${(inBin.reduce((sum, r) => sum + r.suggestedScore, 0) / inBin.length).toFixed(3)}`;
  console.log(`  ${range}  ${String(inBin.length).padStart(4)}  ${String(right).padStart(5)}   ${pct(right, inBin.length)}${mean}`);
}
// Expected calibration error of the automatic matches: the gap between confidence and share right, per bin,
// weighted by the bin's size.
let gap = 0;
for (let i = 0; i + 1 < bins.length; i += 1) {
  const inBin = auto.filter((r) => r.position.confidence >= bins[i] && r.position.confidence < bins[i + 1]);
  if (inBin.length === 0) continue;
  const right = inBin.filter((r) => sameService(r.position.service_id, r.label)).length;
  const mean = inBin.reduce((sum, r) => sum + r.position.confidence, 0) / inBin.length;
  gap += (inBin.length / auto.length) * Math.abs(mean - right / inBin.length);
}
console.log(`calibration of automatic matches: expected calibration error ${(100 * gap).toFixed(1)} points over ${auto.length}`);

console.log('\ntrade-off: the suggestion accepted automatically when its confidence ≥ t (the shipped rule is marked *)');
console.log('  t      matched   precision   recall');
for (const t of [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]) {
  const accepted = rows.filter((r) => r.suggested && r.suggestedScore >= t);
  const right = accepted.filter((r) => sameService(r.suggested, r.label)).length;
  console.log(`  ${t.toFixed(2)}  ${String(accepted.length).padStart(7)}   ${pct(right, accepted.length)}   ${pct(right, withCounterpart.length)}`);
}
console.log(`  *      ${String(auto.length).padStart(7)}   ${pct(autoRight.length, auto.length)}   ${pct(recalled.length, withCounterpart.length)}`);

console.log('\nper file: labelled, with entry, matched, right');
for (const file of files) {
  const mine = rows.filter((r) => r.label.file === file);
  if (mine.length === 0) continue;
  const matched = mine.filter((r) => r.position.status === 'normalized');
  console.log(`  ${file.padEnd(32)} ${String(mine.length).padStart(4)} ${String(mine.filter((r) => r.label.service_id).length).padStart(4)} ${String(matched.length).padStart(4)} ${String(matched.filter((r) => sameService(r.position.service_id, r.label)).length).padStart(4)}`);
}

const held = lookUp(heldOut);
console.log(`\nheld-out sample — ${heldOut.length} positions labelled by the same rules, never read while tuning (totals only)`);
if (held.missing.length > 0) console.log(`  not found among the extracted positions any more (left out of the figures): ${held.missing.length}`);
printHeadline(held.found, headline(held.found));

const stats = await catalogue.stats();
console.log(`\nwhole archive: ${stats.positions} positions, normalized ${stats.normalized} → normalized share ${(stats.normalized_share * 100).toFixed(1)} %; queued ${stats.queued}, unrecognized ${stats.unrecognized}`);
console.log(`  per method: ${Object.entries(stats.by_method).map(([m, n]) => `${m} ${n}`).join(', ')}`);

if (verbose) {
  console.log('\nwrong automatic matches:');
  for (const r of auto.filter((x) => !sameService(x.position.service_id, x.label))) {
    console.log(`  ${r.position.method} ${r.position.confidence} «${r.label.raw_name}» → «${nameOf.get(r.position.service_id)}», label «${r.label.service_name ?? 'none'}»`);
  }
  console.log('\nmissed (entry exists, not matched):');
  for (const r of waiting) {
    console.log(`  ${r.position.status} «${r.label.raw_name}» [${r.label.section ?? ''}] label «${r.label.service_name}»; first: ${r.position.candidates.slice(0, 3).map((c) => `${c.name} ${c.score}`).join(' | ')}`);
  }
}
await catalogue.close();
