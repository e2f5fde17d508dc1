// Writes packages/core/assets/ranker-training.json: the labelled rows the bundled ranker is fitted on (the development
// sample, the old held-out sample and the second training sample, never the fresh one), reduced to what a refit reads — the row (raw name, code,
// section), its clinic (the cross-validation's group) and the right entry. `pricecat refit` fits on these plus the
// analysts' decisions. Run after a change of either sample: `node packages/core/bench/training-rows.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const readSample = (name) => JSON.parse(readFileSync(join(here, '../test/fixtures', name), 'utf8'));
/** "Клиника 2" of `Клиника 2 прайс 2025 год.PDF`: the cross-validation's groups (as ranker-data.mjs). */
const clinicOf = (file) => (file.match(/Клиника \d+/) ?? [file])[0];
const rows = ['matching-sample.json', 'matching-holdout.json', 'matching-train-2.json'].flatMap((name) =>
  readSample(name).map((label) => ({
    raw_name: label.raw_name,
    code: label.code ?? null,
    section: label.section ?? null,
    group: clinicOf(label.file),
    service_id: label.service_id ?? null,
  })),
);
writeFileSync(join(here, '../assets/ranker-training.json'), `${JSON.stringify(rows)}\n`);
console.log(`wrote ${rows.length} rows to packages/core/assets/ranker-training.json`);
