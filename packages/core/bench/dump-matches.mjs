// `node packages/core/bench/dump-matches.mjs > out.tsv`: every position of the archive with its match, one line each
// (file, row, raw name, service id, method, confidence, status), for diffing the matcher's behaviour before and after
// a change that must not alter it. Uses the built dist: `npm run build` first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCatalogue, createMemoryStorage } from '../dist/internal.js';
import { loadDefaultDictionary } from '@pricecat/core/node';

const here = fileURLToPath(new URL('.', import.meta.url));
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(resolve(here, '../../..'), '../shared/data'), 'archive');
if (!existsSync(archive)) {
  console.error(`dump: no archive at ${archive} (set PRICECAT_DATA_DIR)`);
  process.exit(1);
}
const storage = createMemoryStorage();
const catalogue = await createCatalogue({ storage, services: await loadDefaultDictionary() });
for (const file of readdirSync(archive).filter((f) => !f.startsWith('.')).sort()) {
  await catalogue.ingest({ fileName: file, bytes: new Uint8Array(readFileSync(join(archive, file))) });
}
const lists = new Map((await catalogue.listPriceLists()).map((l) => [l.price_list_id, l.file_name]));
const lines = (await storage.listPositions()).map((p) =>
  [lists.get(p.price_list_id), p.source.table, p.source.row, p.raw_name, p.service_id ?? '-', p.method ?? '-', p.confidence, p.status, p.candidates.map((c) => `${c.service_id}:${c.score}:${c.method}`).join(' ')].join('\t'),
);
lines.sort();
process.stdout.write(lines.join('\n') + '\n');
