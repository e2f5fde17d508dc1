// Growing the dictionary on the client's real archive, printed as figures (docs/dictionary.md):
// ingest every archive file except one held-out list, create a service from every proposal that covers
// at least two clinics, then ingest the held-out list and compare its normalized share with the same
// list ingested into a fresh catalogue with the original dictionary.
//
//   node packages/core/bench/grow-dictionary.mjs ["<held-out file name>"]   (default: Клиника 1 prices)
//
// Reads the archive from PRICECAT_DATA_DIR or ../shared/data next to the repository; uses the built dist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCatalogue, isPricecatError } from '../dist/internal.js';
import { loadDefaultDictionary } from '@pricecat/core/node';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(repoRoot, '../shared/data'), 'archive');
if (!existsSync(archive)) {
  console.log(`grow-dictionary: skipped, no archive at ${archive} (set PRICECAT_DATA_DIR)`);
  process.exit(0);
}
const heldOut = process.argv[2] ?? 'Клиника 1 прайс 2024.docx';
const files = readdirSync(archive).filter((name) => !name.startsWith('.')).sort();
if (!files.includes(heldOut)) {
  console.error(`grow-dictionary: no file "${heldOut}" in ${archive}; choose one of: ${files.join(', ')}`);
  process.exit(1);
}
const MIN_CLINICS = 2;
const FALLBACK_CATEGORY = 'Без категории';
const percent = (part, whole) => `${((part / Math.max(whole, 1)) * 100).toFixed(1)} %`;
const read = (name) => ({ fileName: name, bytes: new Uint8Array(readFileSync(join(archive, name))) });

const services = await loadDefaultDictionary();
console.log(`dictionary: ${services.length} services; held-out list: ${heldOut}`);

// 1. Baseline: the held-out list alone, original dictionary.
const baseline = await createCatalogue({ services });
const baseReport = (await baseline.ingest(read(heldOut))).files[0];

// 2. Grow: every other list, then a service per proposal covering ≥ 2 clinics.
const grown = await createCatalogue({ services });
for (const name of files.filter((f) => f !== heldOut)) {
  const file = (await grown.ingest(read(name))).files[0];
  console.log(`  ingested ${name}: ${file.positions ?? 0} positions, ${file.normalized ?? 0} normalized`);
}
const before = await grown.stats();
const proposals = [];
for (let offset = 0; ; offset += 500) {
  const page = await grown.listServiceProposals({ min_clinics: MIN_CLINICS, limit: 500, offset });
  proposals.push(...page.items);
  if (proposals.length >= page.total) break;
}
const allProposals = (await grown.listServiceProposals({ limit: 1 })).total;
let created = 0;
let normalizedByCreation = 0;
let conflicts = 0;
const createdIds = new Set();
const started = performance.now();
for (const proposal of proposals) {
  try {
    const service = await grown.createService({
      name: proposal.name,
      category: proposal.category ?? FALLBACK_CATEGORY,
      proposal_id: proposal.proposal_id,
    });
    created += 1;
    normalizedByCreation += service.normalized_positions;
    createdIds.add(service.service_id);
  } catch (error) {
    // Two groups may suggest the same name in the same category; the analyst would rename one.
    if (!isPricecatError(error) || error.code !== 'CONFLICT') throw error;
    conflicts += 1;
  }
}
const createMs = performance.now() - started;
const after = await grown.stats();
console.log(`proposals over ${files.length - 1} lists: ${allProposals} in all, ${proposals.length} covering ≥ ${MIN_CLINICS} clinics`);
console.log(
  `services created: ${created} (${conflicts} proposals skipped: same name and category as one created before), ` +
    `${normalizedByCreation} positions normalized by them, in ${(createMs / 1000).toFixed(1)} s`,
);
console.log(`normalized share of the grown catalogue: ${percent(before.normalized, before.positions)} → ${percent(after.normalized, after.positions)}`);

// 3. The held-out list, ingested after the dictionary has grown.
const grownReport = (await grown.ingest(read(heldOut))).files[0];
const heldPositions = (await grown.listPositions({ price_list_id: grownReport.price_list_id, limit: 500 })).total;
const toCreated = [];
for (let offset = 0; offset < heldPositions; offset += 500) {
  const page = await grown.listPositions({ price_list_id: grownReport.price_list_id, status: 'normalized', limit: 500, offset });
  toCreated.push(...page.items.filter((p) => createdIds.has(p.service_id)));
}
const byMethod = {};
for (const p of toCreated) byMethod[p.method] = (byMethod[p.method] ?? 0) + 1;

console.log(`held-out ${heldOut}: ${baseReport.positions} positions`);
console.log(`  original dictionary:  ${baseReport.normalized} normalized = ${percent(baseReport.normalized, baseReport.positions)}`);
console.log(
  `  grown dictionary:     ${grownReport.normalized} normalized = ${percent(grownReport.normalized, grownReport.positions)} ` +
    `(${toCreated.length} to created services: ${JSON.stringify(byMethod)})`,
);
console.log(`  lift: ${(((grownReport.normalized - baseReport.normalized) / Math.max(baseReport.positions, 1)) * 100).toFixed(1)} percentage points`);
const servicesById = new Map((await grown.listServices({ origin: 'created', limit: 500 })).items.map((s) => [s.service_id, s]));
for (let offset = 500; servicesById.size < created; offset += 500) {
  const page = await grown.listServices({ origin: 'created', limit: 500, offset });
  if (page.items.length === 0) break;
  for (const s of page.items) servicesById.set(s.service_id, s);
}
console.log('  a sample of held-out rows matched to created services (every 10th distinct name):');
const seen = new Set();
const distinct = toCreated.filter((p) => !seen.has(p.raw_name) && seen.add(p.raw_name));
for (const p of distinct.filter((_, i) => i % 10 === 0).slice(0, 20)) {
  console.log(`    ${p.method.padEnd(8)} «${p.raw_name}» → «${servicesById.get(p.service_id)?.name}»`);
}
await baseline.close();
await grown.close();
