// `node packages/core/bench/dump-outcomes.mjs [DIST] > out.jsonl`: every archive position's full matcher answer, one
// JSON line each — the shipped (ranked) outcome with its candidates, scores and trace, the hand rules' outcome, and the
// ranker's feature vectors — for diffing two builds of a change that must not alter the matcher (speed work): `npm run
// build`, copy `dist` aside, change, build again, dump with each and compare (`cmp`). DIST: a built `dist` folder
// (default: this package's). The positions are read from the archive by the catalogue (PRICECAT_DATA_DIR or
// ../shared/data next to the repository), in listing order.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '../dist'));
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(resolve(here, '../../..'), '../shared/data'), 'archive');
if (!existsSync(archive)) {
  console.error(`dump: no archive at ${archive} (set PRICECAT_DATA_DIR)`);
  process.exit(1);
}
const { createCatalogue, createMatcher } = await import(pathToFileURL(join(dist, 'internal.js')).href);
const { loadDefaultDictionary } = await import(pathToFileURL(join(dist, 'node.js')).href);
const services = await loadDefaultDictionary();
const catalogue = await createCatalogue({ services });
for (const file of (await import('node:fs')).readdirSync(archive).filter((f) => !f.startsWith('.')).sort()) {
  await catalogue.ingest({ fileName: file, bytes: new Uint8Array(readFileSync(join(archive, file))) });
}
const inputs = [];
const { positions } = await catalogue.stats();
for (let offset = 0; offset < positions; offset += 500) {
  for (const p of (await catalogue.listPositions({ limit: 500, offset })).items) inputs.push({ raw_name: p.raw_name, code: p.code, section: p.section });
}
// Fresh matchers: the ranked one and the hand rules answer each row once (repeats from their memory, as in use).
const ranked = createMatcher({ services });
const rules = createMatcher({ services, ranker: null });
const features = createMatcher({ services });
const lines = [];
for (const input of inputs) {
  lines.push(JSON.stringify({ input, ranked: ranked.match(input), rules: rules.match(input), features: features.features(input) }));
}
process.stdout.write(lines.join('\n') + '\n');
console.error(`dump: ${inputs.length} positions`);
