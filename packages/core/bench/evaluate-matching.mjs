// `npm run eval`: matching quality, development and held-out samples side by side. Columns: the development sample
// (test/fixtures/matching-sample.json), the old held-out sample (matching-holdout.json) and, when it exists, the
// fresh held-out sample (matching-fresh-holdout.json, labelled blind, used for nothing but this report). The ranker
// (assets/ranker.json) is fitted on the first two and on the second training sample (matching-train-2.json, not
// shown end to end), so for them the honest figures are the grouped cross-validation ones (leave-one-clinic-out, out
// of fold), printed apart and labelled; the end-to-end figures of those two columns are in sample. Rules of the labels in test/fixtures/README.md.
// End to end: every file of the archive is read and extracted once (cached under node_modules/.cache), then each
// list is matched as ingest matches it (the concentrated-group rule per list), and each labelled position is looked
// up in its file (and PDF page) by its name, the nearest row first: rows of a scanned page move when the PDF
// reader improves. A match is right when it names the labelled service or an entry of the same name under another
// specialty; "lenient" also accepts the alternatives the labeller listed (`alt: … [id]`).
// Uses the built dist: `npm run build` first (the root `npm run eval` does). VERBOSE=1 lists the misses.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import leven from 'leven';
import { FEATURES, createMatcher, dictionaryStructureOf, extractPriceRows, normalizeName, readDocument, withdrawConcentratedGroups } from '../dist/internal.js';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { BINS, BLIND_TRAINING, FITTING_FILES, SAMPLE_TITLES, acceptanceThreshold, figuresOf, fitRows, fittingSamples, groupedCv, labelledRows, maskOf, pct, rankRow, rulesAsRanked, calibrate } from './ranker-data.mjs';
import { applyIsotonic } from '../dist/internal.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../../..');
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(repoRoot, '../shared/data'), 'archive');
const fixtures = join(here, '../test/fixtures');
const verbose = process.env.VERBOSE === '1';
if (!existsSync(archive)) {
  console.log(`eval: skipped, no archive at ${archive} (set PRICECAT_DATA_DIR)`);
  process.exit(0);
}
const read = (name) => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));
const samples = [
  { key: 'dev', title: 'dev', labels: read('matching-sample.json'), fitted: true },
  { key: 'held', title: 'old held-out', labels: read('matching-holdout.json'), fitted: true },
];
// The fresh sample is read for reporting only: nothing below fits, tunes or chooses on it. PRICECAT_FRESH_HOLDOUT
// may point to it while it is kept outside the repository.
const freshPath = process.env.PRICECAT_FRESH_HOLDOUT ?? join(fixtures, 'matching-fresh-holdout.json');
if (existsSync(freshPath)) {
  samples.push({ key: 'fresh', title: 'fresh held-out', labels: JSON.parse(readFileSync(freshPath, 'utf8')), fitted: false });
}
// The second fresh sample (matching-fresh-holdout-2.json, labelled blind on 2026-11-25), reporting only as well.
const fresh2Path = process.env.PRICECAT_FRESH_HOLDOUT_2 ?? join(fixtures, 'matching-fresh-holdout-2.json');
if (existsSync(fresh2Path)) {
  samples.push({ key: 'fresh2', title: 'fresh held-out 2', labels: JSON.parse(readFileSync(fresh2Path, 'utf8')), fitted: false });
}
/** Every reporting-only label: the two fresh samples together, the figure with the least sampling noise. */
const unfitted = samples.filter((s) => !s.fitted);
const freshLabels = unfitted.flatMap((s) => s.labels);

const services = await loadDefaultDictionary();
const nameOf = new Map(services.map((s) => [s.service_id, s.name]));
const files = readdirSync(archive).filter((f) => !f.startsWith('.')).sort();

// ---- the archive, extracted once and cached ----
const cacheDir = join(here, '../node_modules/.cache/pricecat-eval');
mkdirSync(cacheDir, { recursive: true });
/** The extraction's sources (all of src/ but matching): a change there re-reads the archive. */
const extractionKey = (() => {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'match') walk(path);
      } else if (!entry.name.endsWith('.test.ts')) hash.update(path).update(readFileSync(path));
    }
  };
  walk(join(here, '../src'));
  return hash.digest('hex');
})();
const started = performance.now();
const lists = [];
for (const file of files) {
  const bytes = readFileSync(join(archive, file));
  const sha = createHash('sha256').update(bytes).update(extractionKey).digest('hex').slice(0, 16);
  const cached = join(cacheDir, `${sha}.json`);
  let rows;
  if (existsSync(cached)) rows = JSON.parse(readFileSync(cached, 'utf8'));
  else {
    const extracted = extractPriceRows(await readDocument(new Uint8Array(bytes), file, {}));
    rows = extracted.rows.map((r) => ({ raw_name: r.name, code: r.code, section: r.section, source: r.source }));
    writeFileSync(cached, JSON.stringify(rows));
  }
  lists.push({ file, rows });
}
const extractSeconds = (performance.now() - started) / 1000;

/** Every list matched as ingest matches it: one matcher, the concentrated-group rule per list. */
async function matchArchive(matcher) {
  const byPlace = new Map();
  let positions = 0;
  let normalized = 0;
  for (const { file, rows } of lists) {
    const outcomes = withdrawConcentratedGroups(await matcher.matchAll(rows));
    rows.forEach((row, i) => {
      const p = { ...row, ...outcomes[i] };
      positions += 1;
      if (p.status === 'normalized') normalized += 1;
      for (const key of [`${file}#${row.source.table}`, file]) {
        const list = byPlace.get(key);
        if (list) list.push(p);
        else byPlace.set(key, [p]);
      }
    });
  }
  return { byPlace, positions, normalized };
}

const similarity = (a, b) => 1 - leven(a, b) / Math.max(a.length, b.length, 1);

/**
 * The position a label was drawn from: the same name (or a name at least 0.85 alike, with or without its spaces) in
 * its file and page, nearest row first; else the nearest row whose name contains most of the labelled name.
 */
function positionOf(byPlace, label) {
  const pool = byPlace.get(label.table ? `${label.file}#${label.table}` : label.file) ?? [];
  const want = normalizeName(label.raw_name);
  // Spaces aside too: a code the reader now repairs (`Хурма, f3 0 1` read as `Хурма, f301`) is the same row.
  const squeezed = want.replace(/ /g, '');
  const alikeness = (name) => Math.max(similarity(name, want), similarity(name.replace(/ /g, ''), squeezed));
  const alike = pool
    .map((p) => ({ p, score: alikeness(normalizeName(p.raw_name)), gap: Math.abs(p.source.row - label.row) }))
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
// Class level: a match to another entry of the right entry's class (its duplicates in the dictionary, derived in
// match/dictionary-structure.ts: the same service under another specialty or a name differing by a gloss) counts as
// right. Printed beside the strict figures, never instead of them.
const structure = dictionaryStructureOf(services);
const classOfId = (id) => structure.classOf(id)?.class_id ?? id;
const sameClass = (id, label) => sameService(id, label) || Boolean(id && label.service_id && classOfId(id) === classOfId(label.service_id));

/** The end-to-end figures of one sample under one matched archive. */
function endToEnd(byPlace, labels) {
  const found = [];
  let missing = 0;
  for (const label of labels) {
    const position = positionOf(byPlace, label);
    if (position) found.push({ label, position });
    else missing += 1;
  }
  const withEntry = found.filter((r) => r.label.service_id);
  const auto = found.filter((r) => r.position.status === 'normalized');
  const autoRight = auto.filter((r) => sameService(r.position.service_id, r.label));
  const waiting = withEntry.filter((r) => r.position.status !== 'normalized');
  const correct = found.filter((r) => (r.position.status === 'normalized' ? sameService(r.position.service_id, r.label) : !r.label.service_id));
  let gap = 0;
  for (let i = 0; i + 1 < BINS.length; i += 1) {
    const inBin = auto.filter((r) => r.position.confidence >= BINS[i] && r.position.confidence < BINS[i + 1]);
    if (inBin.length === 0) continue;
    const right = inBin.filter((r) => sameService(r.position.service_id, r.label)).length;
    const mean = inBin.reduce((sum, r) => sum + r.position.confidence, 0) / inBin.length;
    gap += (inBin.length / auto.length) * Math.abs(mean - right / inBin.length);
  }
  return {
    found,
    missing,
    n: found.length,
    withEntry: withEntry.length,
    auto: auto.length,
    precision: ratio(autoRight.length, auto.length),
    lenient: ratio(auto.filter((r) => acceptable(r.position.service_id, r.label)).length, auto.length),
    recall: ratio(autoRight.length, withEntry.length),
    correct: ratio(correct.length, found.length),
    waiting: waiting.length,
    top1: ratio(waiting.filter((r) => sameService(r.position.candidates[0]?.service_id, r.label)).length, waiting.length),
    top5: ratio(waiting.filter((r) => r.position.candidates.slice(0, 5).some((c) => sameService(c.service_id, r.label))).length, waiting.length),
    eceAuto: auto.length === 0 ? null : gap,
    classPrecision: ratio(auto.filter((r) => sameClass(r.position.service_id, r.label)).length, auto.length),
    classRecall: ratio(auto.filter((r) => sameClass(r.position.service_id, r.label)).length, withEntry.length),
    classTop5: ratio(waiting.filter((r) => r.position.candidates.slice(0, 5).some((c) => sameClass(c.service_id, r.label))).length, waiting.length),
  };
}
const ratio = (a, b) => (b === 0 ? null : a / b);
const cell = (x) => pct(x).padStart(16);
const count = (x) => String(x).padStart(16);
const header = (titles) => `${''.padEnd(44)}${titles.map((t) => t.padStart(16)).join('')}`;
function table(rowsOf, columns) {
  const lines = [
    ['positions found', (f) => count(f.n)],
    ['  with a dictionary entry', (f) => count(f.withEntry ?? '')],
    ['automatic matches', (f) => count(f.auto)],
    ['precision of automatic matches', (f) => cell(f.precision)],
    ['  lenient (labelled alternatives accepted)', (f) => (f.lenient === undefined ? ''.padStart(16) : cell(f.lenient))],
    ['recall of positions with an entry', (f) => cell(f.recall)],
    ['correct end to end (right match, or none)', (f) => cell(f.correct)],
    ['queue: positions with an entry left to it', (f) => count(f.waiting)],
    ['queue: top-1 right', (f) => cell(f.top1)],
    ['queue: right entry among the top-5', (f) => cell(f.top5)],
    ['ECE of automatic matches', (f) => cell(f.eceAuto)],
    ['class level (a duplicate entry counts):', () => ''.padStart(16)],
    ['  precision of automatic matches', (f) => cell(f.classPrecision)],
    ['  recall of positions with an entry', (f) => cell(f.classRecall)],
    ['  queue: right class among the top-5', (f) => cell(f.classTop5)],
  ];
  console.log(header(columns));
  for (const [name, show] of lines) console.log(`${name.padEnd(44)}${rowsOf.map(show).join('')}`);
}

// ---- end to end, the shipped matcher and the hand rules alone ----
const shipped = createMatcher({ services });
const rulesOnly = createMatcher({ services, ranker: null });
const matchStart = performance.now();
const archiveRanked = await matchArchive(shipped);
const matchSeconds = (performance.now() - matchStart) / 1000;
const archiveRules = await matchArchive(rulesOnly);
const titles = samples.map((s) => (s.fitted ? `${s.title} (in)` : s.title));

console.log(`pricecat matching evaluation — ${files.length} files, ${archiveRanked.positions} positions (extract ${extractSeconds.toFixed(1)} s, cached after the first run; match ${matchSeconds.toFixed(1)} s)`);
console.log(`samples: ${samples.map((s) => `${s.title} ${s.labels.length}`).join(', ')}; (in) = the ranker was fitted on this sample: in-sample figures, see the grouped CV below`);
const e2e = samples.map((s) => endToEnd(archiveRanked.byPlace, s.labels));
const e2eRules = samples.map((s) => endToEnd(archiveRules.byPlace, s.labels));
for (const [i, s] of samples.entries()) if (e2e[i].missing > 0) console.log(`  ${s.title}: ${e2e[i].missing} labelled positions not found among the extracted ones (left out)`);
// With two fresh samples, a last column gives them together (printed only; the per-file lines below count each once).
const both = unfitted.length > 1;
const withBoth = (figures, archiveMatched) => (both ? [...figures, endToEnd(archiveMatched.byPlace, freshLabels)] : figures);
console.log('\nEND TO END, the shipped matcher (ranker + calibration, assets/ranker.json):');
table(withBoth(e2e, archiveRanked), both ? [...titles, 'both fresh'] : titles);
console.log('\nEND TO END, before: the hand-rule cascade alone (createMatcher({ ranker: null })):');
table(withBoth(e2eRules, archiveRules), [...samples.map((s) => s.title), ...(both ? ['both fresh'] : [])]);

// ---- grouped cross-validation on the fitted samples, from the labels' own fields ----
const rows = labelledRows(services, fittingSamples());
const cv = groupedCv(rows, maskOf());
const cvAccept = acceptanceThreshold(cv);
const bySample = (ranked, key) => ranked.filter((r) => r.row.sample === key);
console.log(`\nGROUPED CV (leave-one-clinic-out: each clinic's rows ranked and calibrated by models fitted on the other clinics; out of fold; acceptance ${cvAccept.toFixed(3)} chosen in the same CV):`);
const fittingKeys = Object.keys(FITTING_FILES);
const fittingTitles = fittingKeys.map((k) => SAMPLE_TITLES[k]);
table([...fittingKeys.map((k) => figuresOf(bySample(cv, k), cvAccept)), figuresOf(cv, cvAccept)], [...fittingTitles.map((t) => `${t} (oof)`), 'all (oof)']);
console.log('\nbefore, the hand rules on the same rows (they were written reading the dev sample: dev is in sample for them):');
const rulesRanked = rulesAsRanked(rows);
table([...fittingKeys.map((k) => figuresOf(bySample(rulesRanked, k), 0.5)), figuresOf(rulesRanked, 0.5)].map((f) => ({ ...f, eceAuto: null })), [...fittingTitles, 'all']);

// ---- reliability ----
console.log(`\nreliability of every position's top suggestion (grouped CV, out of fold, ${fittingTitles.join(' + ')}):`);
console.log('  probability     n   right   share right   mean probability');
for (const b of figuresOf(cv, cvAccept).bins) {
  console.log(`  ${b.low.toFixed(2)}–${b.high.toFixed(2)}  ${String(b.n).padStart(5)}  ${String(b.right).padStart(5)}   ${pct(b.n ? b.right / b.n : null)}   ${b.n ? b.mean.toFixed(3) : ''}`);
}
const oof = figuresOf(cv, cvAccept);
console.log(`expected calibration error (out of fold): every top suggestion ${pct(oof.eceAll)}, automatic matches ${pct(oof.eceAuto)}`);
const fresh = unfitted.length > 0 ? { labels: freshLabels, title: unfitted.map((s) => s.title).join(' + ') } : null;
if (fresh) {
  const found = endToEnd(archiveRanked.byPlace, freshLabels).found.filter((r) => r.position.candidates.length > 0);
  console.log(`\nreliability on the reporting-only samples (${fresh.title}; end to end; the position's confidence against its suggestion being right):`);
  let gap = 0;
  for (let i = 0; i + 1 < BINS.length; i += 1) {
    const inBin = found.filter((r) => r.position.confidence >= BINS[i] && r.position.confidence < BINS[i + 1]);
    const right = inBin.filter((r) => sameService(r.position.service_id ?? r.position.candidates[0]?.service_id, r.label)).length;
    const mean = inBin.reduce((s, r) => s + r.position.confidence, 0) / (inBin.length || 1);
    gap += (inBin.length / (found.length || 1)) * Math.abs(mean - (inBin.length ? right / inBin.length : 0));
    console.log(`  ${BINS[i].toFixed(2)}–${Math.min(1, BINS[i + 1]).toFixed(2)}  ${String(inBin.length).padStart(5)}  ${String(right).padStart(5)}   ${pct(inBin.length ? right / inBin.length : null)}   ${inBin.length ? mean.toFixed(3) : ''}`);
  }
  console.log(`expected calibration error (fresh, every suggestion): ${pct(gap)}`);
}

// ---- ablations ----
const groups = [...new Set(FEATURES.map((f) => f.group))];
console.log(`\nABLATIONS: the ranker refit without one feature group, or without the blind training rows (${BLIND_TRAINING.map((k) => SAMPLE_TITLES[k]).join(', ')}). Grouped CV (oof, ${fittingTitles.join(' + ')}, acceptance re-chosen in the CV);`);
console.log('"dev → old held" = fitted and calibrated on dev alone (its own grouped CV choosing the acceptance), measured on the old held-out sample.');
if (fresh) console.log(`"fresh" = fitted on the fitting rows (calibrated and thresholded by their grouped CV), measured on the own fields of ${fresh.title} (reporting only); class = a duplicate entry of the labelled one counts.`);
console.log(`${'without'.padEnd(12)}${'CV precision'.padStart(14)}${'CV recall'.padStart(11)}${'CV top-5'.padStart(10)}${'CV ECE'.padStart(9)}   ${'held prec.'.padStart(11)}${'held recall'.padStart(12)}${'held top-5'.padStart(11)}${fresh ? `   ${'fresh prec.'.padStart(11)}${'fresh rec.'.padStart(11)}${'fresh top-5'.padStart(12)}${'fresh ECE'.padStart(10)}${'class prec.'.padStart(12)}${'class rec.'.padStart(11)}` : ''}`);
const devRows = rows.filter((r) => r.sample === 'dev');
const heldRows = rows.filter((r) => r.sample === 'held');
const freshRows = fresh ? labelledRows(services, { fresh: freshLabels }) : [];
const oldRows = rows.filter((r) => !BLIND_TRAINING.includes(r.sample));
for (const group of ['(none)', ...groups, 'blind train']) {
  const withoutTrain2 = group === 'blind train';
  const mask = maskOf(group === '(none)' || withoutTrain2 ? [] : [group]);
  const fitting = withoutTrain2 ? oldRows : rows;
  const folds = groupedCv(fitting, mask);
  const f = figuresOf(folds, acceptanceThreshold(folds));
  const devCv = groupedCv(devRows, mask);
  const model = fitRows(devRows, mask);
  const calibration = calibrate(devCv);
  const heldRanked = heldRows.map((row) => rankRow(row, model, mask)).map((r) => ({ ...r, probability: r.top ? applyIsotonic(calibration, r.score) : 0 }));
  const h = figuresOf(heldRanked, acceptanceThreshold(devCv));
  let freshColumns = '';
  if (fresh) {
    const all = fitRows(fitting, mask);
    const allCalibration = calibrate(folds);
    const ranked = freshRows.map((row) => rankRow(row, all, mask)).map((r) => ({ ...r, probability: r.top ? applyIsotonic(allCalibration, r.score) : 0 }));
    const x = figuresOf(ranked, acceptanceThreshold(folds));
    const auto = ranked.filter((r) => r.top && r.probability >= acceptanceThreshold(folds));
    const classRight = auto.filter((r) => r.top.classRight).length;
    freshColumns = `   ${pct(x.precision).padStart(11)}${pct(x.recall).padStart(11)}${pct(x.top5).padStart(12)}${pct(x.eceAll).padStart(10)}${pct(ratio(classRight, auto.length)).padStart(12)}${pct(ratio(classRight, ranked.filter((r) => r.row.hasEntry).length)).padStart(11)}`;
  }
  console.log(`${group.padEnd(12)}${pct(f.precision).padStart(14)}${pct(f.recall).padStart(11)}${pct(f.top5).padStart(10)}${pct(f.eceAll).padStart(9)}   ${pct(h.precision).padStart(11)}${pct(h.recall).padStart(12)}${pct(h.top5).padStart(11)}${freshColumns}`);
}

// ---- per method and per file, end to end ----
console.log('\nper method (automatic matches, end to end, all samples found): method, count, right');
const methods = new Map();
for (const r of e2e.flatMap((f) => f.found).filter((r) => r.position.status === 'normalized')) {
  const m = methods.get(r.position.method) ?? { n: 0, right: 0 };
  m.n += 1;
  if (sameService(r.position.service_id, r.label)) m.right += 1;
  methods.set(r.position.method, m);
}
for (const [method, m] of [...methods].sort((a, b) => b[1].n - a[1].n)) console.log(`  ${String(method).padEnd(10)} ${String(m.n).padStart(4)} ${String(m.right).padStart(4)}  ${pct(m.right / m.n)}`);
console.log('\nper file (end to end, all samples): labelled, with entry, matched, right');
for (const file of files) {
  const mine = e2e.flatMap((f) => f.found).filter((r) => r.label.file === file);
  if (mine.length === 0) continue;
  const matched = mine.filter((r) => r.position.status === 'normalized');
  console.log(`  ${file.padEnd(32)} ${String(mine.length).padStart(4)} ${String(mine.filter((r) => r.label.service_id).length).padStart(4)} ${String(matched.length).padStart(4)} ${String(matched.filter((r) => sameService(r.position.service_id, r.label)).length).padStart(4)}`);
}
console.log(`\nwhole archive: ${archiveRanked.positions} positions, normalized ${archiveRanked.normalized} → normalized share ${pct(archiveRanked.normalized / archiveRanked.positions)} (hand rules alone: ${pct(archiveRules.normalized / archiveRules.positions)})`);

if (verbose) {
  // Only the samples the ranker was fitted on are listed: the fresh samples stay unread.
  const seen = e2e.filter((_, i) => samples[i].fitted).flatMap((f) => f.found);
  console.log('\nwrong automatic matches (dev + old held-out):');
  for (const r of seen.filter((x) => x.position.status === 'normalized' && !sameService(x.position.service_id, x.label))) {
    console.log(`  ${r.position.method} ${r.position.confidence} «${r.label.raw_name}» → «${nameOf.get(r.position.service_id)}», label «${r.label.service_name ?? 'none'}» ${JSON.stringify(r.position.trace)}`);
  }
  console.log('\nmissed (entry exists, not matched; dev + old held-out):');
  for (const r of seen.filter((x) => x.label.service_id && x.position.status !== 'normalized')) {
    console.log(`  ${r.position.status} ${r.position.confidence} «${r.label.raw_name}» [${r.label.section ?? ''}] label «${r.label.service_name}»; first: ${r.position.candidates.slice(0, 3).map((c) => `${c.name} ${c.score}`).join(' | ')}`);
  }
}
