// Matching against the hand-labelled sample (test/fixtures/matching-sample.json): precision of
// automatic matches, recall over positions that have a counterpart, and what happens to the rest.
// A match counts as right when it names the labelled service or an entry of the same name under
// another specialty (the dictionary lists 43 names twice). Uses the built dist: run `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCatalogue } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../../..');
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(repoRoot, '../shared/data'), 'archive');
const labels = JSON.parse(readFileSync(join(here, '../test/fixtures/matching-sample.json'), 'utf8'));
if (!existsSync(archive)) {
  console.log(`evaluate: skipped, no archive at ${archive}`);
  process.exit(0);
}

const services = await loadDefaultDictionary();
const nameOf = new Map(services.map((s) => [s.service_id, s.name]));
const catalogue = await createCatalogue({ services });
const files = [...new Set(labels.map((l) => l.file))];
for (const file of files) await catalogue.ingest({ fileName: file, bytes: new Uint8Array(readFileSync(join(archive, file))) });
const lists = new Map((await catalogue.listPriceLists()).map((l) => [l.price_list_id, l.file_name]));
const byPlace = new Map();
for (let offset = 0; ; offset += 500) {
  const page = await catalogue.listPositions({ limit: 500, offset });
  for (const p of page.items) byPlace.set(`${lists.get(p.price_list_id)}#${p.source.row}`, p);
  if (offset + 500 >= page.total) break;
}

const counts = { labelled: 0, counterpart: 0, normalized: 0, right: 0, wrong: 0, missed: 0, queuedWithRightCandidate: 0, noCounterpartQueued: 0 };
const errors = [];
for (const label of labels) {
  const position = byPlace.get(`${label.file}#${label.row}`);
  if (!position) {
    errors.push(`not extracted: ${label.file} row ${label.row} «${label.raw_name}»`);
    continue;
  }
  counts.labelled += 1;
  if (label.service_id) counts.counterpart += 1;
  const same = (id) => id && label.service_id && (id === label.service_id || nameOf.get(id) === nameOf.get(label.service_id));
  if (position.status === 'normalized') {
    counts.normalized += 1;
    if (same(position.service_id)) counts.right += 1;
    else {
      counts.wrong += 1;
      errors.push(`wrong (${position.method} ${position.confidence}): «${label.raw_name}» → «${nameOf.get(position.service_id)}», label «${label.service_name ?? 'none'}»`);
    }
  } else if (label.service_id) {
    counts.missed += 1;
    if (position.candidates.some((c) => same(c.service_id))) counts.queuedWithRightCandidate += 1;
  } else if (position.status === 'queued') counts.noCounterpartQueued += 1;
}
const pct = (a, b) => (b === 0 ? 'n/a' : `${((a / b) * 100).toFixed(1)} %`);
console.log(`labelled positions: ${counts.labelled}; with a dictionary counterpart: ${counts.counterpart} (${pct(counts.counterpart, counts.labelled)})`);
console.log(`automatic matches: ${counts.normalized} (${pct(counts.normalized, counts.labelled)} of positions)`);
console.log(`precision: ${counts.right}/${counts.normalized} = ${pct(counts.right, counts.normalized)}`);
console.log(`recall (over positions with a counterpart): ${counts.right}/${counts.counterpart} = ${pct(counts.right, counts.counterpart)}`);
console.log(`missed with a counterpart: ${counts.missed}, of which the right service is among the candidates: ${counts.queuedWithRightCandidate}`);
console.log(`no counterpart but queued: ${counts.noCounterpartQueued}`);
for (const line of errors) console.log(`  ${line}`);
