// pricecat as a library, no server: ingest price files into memory storage and print statistics and
// the cheapest services. Usage: node ingest.mjs <price-file-or-zip>...
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createCatalogue } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node ingest.mjs <price-file-or-zip>...');
  process.exit(2);
}
const catalogue = await createCatalogue({ services: await loadDefaultDictionary() });
for (const file of files) {
  const report = await catalogue.ingest({ fileName: basename(file), bytes: await readFile(file) });
  for (const entry of report.files) {
    console.log(entry.status === 'error' ? `${entry.file}: ${entry.message}` : `${entry.file}: ${entry.clinic_name}, ${entry.positions} positions, ${entry.normalized} normalized`);
  }
}
console.log(await catalogue.stats());
const hits = await catalogue.search({ q: 'прием', limit: 5 });
for (const hit of hits) console.log(hit.service.name, hit.prices);
