// `npm run fit:ranker`: fits the ranker (logistic regression over the candidate features) and its isotonic
// calibration on the labelled development sample, the old held-out sample and the second training sample
// (matching-train-2.json), chooses the acceptance probability
// that keeps precision ≥ 97 % in leave-one-clinic-out cross-validation, and writes packages/core/assets/ranker.json.
// Logs the figures before (the hand-rule cascade) and after (the ranker, out of fold). Never reads
// matching-fresh-holdout.json. Uses the built dist: `npm run build` first (the root script does).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEATURES, applyIsotonic } from '../dist/internal.js';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { L2, SAMPLE_TITLES, acceptanceThreshold, calibrate, figuresOf, fitRows, fittingSamples, groupedCv, labelledRows, maskOf, pct, rankRow, rulesAsRanked } from './ranker-data.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const services = await loadDefaultDictionary();
const started = performance.now();
// `--without train2` (or another key, comma-separated) fits without that sample, to compare; the model file is then not written
// (unless `--write`).
const without = process.argv.includes('--without') ? process.argv[process.argv.indexOf('--without') + 1].split(',') : [];
const rows = labelledRows(services, fittingSamples(without));
const examples = rows.reduce((n, r) => n + r.candidates.length, 0);
console.log(`fit: ${rows.length} labelled rows (${rows.filter((r) => r.hasEntry).length} with an entry), ${examples} (row, candidate) examples, ${FEATURES.length} features; features in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const reachable = rows.filter((r) => r.hasEntry && r.candidates.some((c) => c.right)).length;
console.log(`candidate recall (right entry among the merged candidates): ${pct(reachable / rows.filter((r) => r.hasEntry).length)}`);

const mask = maskOf();
if (process.argv.includes('--l2')) {
  for (const l2 of [1e-4, 1e-3, 1e-2, 1e-1, 1]) {
    const cv = groupedCv(rows, mask, l2);
    const f = figuresOf(cv, acceptanceThreshold(cv));
    console.log(`  l2 ${l2}: grouped CV precision ${pct(f.precision)} recall ${pct(f.recall)} top-5 ${pct(f.top5)} ECE ${pct(f.eceAll)}`);
  }
}
const cv = groupedCv(rows, mask);
const accept = acceptanceThreshold(cv);
const model = fitRows(rows, mask);
const calibration = calibrate(cv);
const inSample = rows.map((row) => rankRow(row, model, mask)).map((r) => ({ ...r, probability: r.top ? applyIsotonic(calibration, r.score) : 0 }));
const before = figuresOf(rulesAsRanked(rows), 0.5);
const after = figuresOf(cv, accept);
const line = (name, f) => `${name.padEnd(34)} ${pct(f.precision)}  ${pct(f.recall)}  ${pct(f.correct)}  ${pct(f.top1)}  ${pct(f.top5)}  ${f.eceAll === undefined ? '' : pct(f.eceAuto)}`;
console.log(`\n${''.padEnd(34)} precision  recall   correct   q top-1   q top-5   ECE auto`);
console.log(line(`before: hand rules (${[...new Set(rows.map((r) => r.sample))].join('+')})`, { ...before, eceAuto: null }));
console.log(line('after: ranker, grouped CV (out of fold)', after));
console.log(line('  (in sample, the final fit: optimistic)', figuresOf(inSample, accept)));
for (const sample of [...new Set(rows.map((r) => r.sample))]) {
  const mine = cv.filter((r) => r.row.sample === sample);
  console.log(line(`  of which ${SAMPLE_TITLES[sample]} (out of fold)`, figuresOf(mine, accept)));
  console.log(line(`  of which ${SAMPLE_TITLES[sample]}, before`, { ...figuresOf(rulesAsRanked(rows.filter((r) => r.sample === sample)), 0.5), eceAuto: null }));
}
console.log(`acceptance probability (precision ≥ 97 % out of fold): ${accept.toFixed(3)}; ECE of every top suggestion out of fold ${pct(after.eceAll)}`);
console.log('\nweights (standardized features):');
FEATURES.forEach((f, j) => console.log(`  ${f.name.padEnd(18)} ${model.weights[j].toFixed(3).padStart(8)}`));
console.log(`  ${'bias'.padEnd(18)} ${model.bias.toFixed(3).padStart(8)}`);

const round = (x) => Math.round(x * 1e6) / 1e6;
const file = {
  features: FEATURES.map((f) => f.name),
  logistic: { means: model.means.map(round), scales: model.scales.map(round), weights: model.weights.map(round), bias: round(model.bias) },
  calibration: { xs: calibration.xs.map(round), ys: calibration.ys.map(round) },
  accept: round(accept),
  // A suggestion right less than one time in ten is no reason to queue a row the hand rules found implausible.
  queue: 0.1,
  fit: {
    rows: rows.length,
    examples,
    l2: L2,
    groupedCv: { precision: after.precision, recall: after.recall, top5: after.top5, eceAuto: after.eceAuto, eceAll: after.eceAll },
    inSample: (({ precision, recall, top5, eceAll }) => ({ precision, recall, top5, eceAll }))(figuresOf(inSample, accept)),
  },
};
if (without.length > 0 && !process.argv.includes('--write')) {
  console.log(`\nfitted without ${without.join(', ')}: packages/core/assets/ranker.json left as it is`);
  process.exit(0);
}
writeFileSync(join(here, '../assets/ranker.json'), `${JSON.stringify(file, null, 1)}\n`);
console.log('\nwrote packages/core/assets/ranker.json (rebuild to bundle it)');
