// Packages and their components per file of the archive (extract/package-rows.ts): rows found, package rows,
// component rows (not offers of their own), and components that are packages themselves. Uses the built dist:
// run `npm run build` first. `node packages/core/bench/package-counts.mjs [name filter]`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractPriceRows, readDocument } from '../dist/internal.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(resolve(here, '../../..'), '../shared/data'), 'archive');
if (!existsSync(archive)) {
  console.log(`package-counts: skipped, no archive at ${archive}`);
  process.exit(0);
}
const only = process.argv.slice(2);
for (const file of readdirSync(archive).sort()) {
  if (only.length > 0 && !only.some((o) => file.includes(o))) continue;
  const { rows } = extractPriceRows(await readDocument(new Uint8Array(readFileSync(join(archive, file))), file));
  const key = (source) => `${source.table}\u0000${source.row}`;
  const parents = new Set(rows.filter((r) => r.partOf).map((r) => key(r.partOf)));
  const packages = rows.filter((r) => r.kind === 'package').length;
  const components = rows.filter((r) => r.kind === 'component');
  const nested = components.filter((r) => parents.has(key(r.source))).length;
  console.log(`${file}\trows ${rows.length}\tpackages ${packages}\tcomponents ${components.length}\tof them packages themselves ${nested}`);
}
