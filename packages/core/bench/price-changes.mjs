// node packages/core/bench/price-changes.mjs: price changes found on the client's real archive at the
// thresholds 0.1 / 0.2 / 0.5, and the comparison's outlier flags. Ingests every list of the archive into
// a memory store with the default dictionary; uses the built dist (build core first).
// Reads the archive from PRICECAT_DATA_DIR or ../shared/data next to the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCatalogue } from '../dist/internal.js';
import { loadDefaultDictionary } from '@pricecat/core/node';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(repoRoot, '../shared/data'), 'archive');
if (!existsSync(archive)) {
  console.log(`price-changes bench: skipped, no archive at ${archive} (set PRICECAT_DATA_DIR)`);
  process.exit(0);
}

const catalogue = await createCatalogue({ services: await loadDefaultDictionary() });
for (const name of readdirSync(archive).sort()) {
  const report = await catalogue.ingest({ fileName: name, bytes: new Uint8Array(readFileSync(join(archive, name))) });
  const file = report.files[0];
  console.log(`ingested ${name}: ${file.status === 'error' ? file.code : `${file.positions} positions, effective ${file.effective_date}`}`);
}

const lists = await catalogue.listPriceLists();
const clinics = new Set(lists.map((l) => l.clinic_id));
console.log(`${lists.length} price lists of ${clinics.size} clinics`);

for (const threshold of [0.1, 0.2, 0.5]) {
  const page = await catalogue.priceChanges({ threshold, limit: 500 });
  const up = page.items.filter((c) => c.direction === 'up').length;
  const kinds = {};
  for (const c of page.items) kinds[c.price_kind] = (kinds[c.price_kind] ?? 0) + 1;
  console.log(`threshold ${threshold}: ${page.total} price changes (${up} up, ${page.total - up} down; by kind ${JSON.stringify(kinds)})`);
}
for (const kind of ['resident', 'nonresident']) {
  const counts = [];
  for (const threshold of [0.1, 0.2, 0.5]) counts.push((await catalogue.priceChanges({ threshold, price_kind: kind })).total);
  console.log(`price_kind=${kind} only: ${counts.join(' / ')} at 0.1 / 0.2 / 0.5`);
}
const all = await catalogue.priceChanges({ threshold: 0.1, limit: 10 });
console.log('biggest changes:');
for (const c of all.items) {
  console.log(`  ${c.clinic_name} · ${c.service_name} (${c.price_kind}): ${c.old_price} → ${c.new_price} (${(c.change_share * 100).toFixed(0)} %) — «${c.old_positions[0]?.raw_name}» → «${c.new_positions[0]?.raw_name}»`);
}

// Comparison: how many services are priced by 2+ clinics and how many rows are flagged outliers.
const services = new Set();
for (let offset = 0; ; offset += 500) {
  const page = await catalogue.listPositions({ status: 'normalized', limit: 500, offset });
  for (const p of page.items) services.add(p.service_id);
  if (offset + 500 >= page.total) break;
}
let compared = 0;
let rows = 0;
let outliers = 0;
const rules = {};
for (const id of services) {
  const comparison = await catalogue.compareService(id);
  if (comparison.clinics < 2) continue;
  compared++;
  rows += comparison.clinics;
  outliers += comparison.partners.filter((p) => p.outlier).length;
  rules[comparison.outlier_bounds.rule] = (rules[comparison.outlier_bounds.rule] ?? 0) + 1;
}
console.log(`comparison (resident): ${compared} services priced by 2+ clinics, ${rows} clinic rows, ${outliers} flagged outliers; rules ${JSON.stringify(rules)}`);
