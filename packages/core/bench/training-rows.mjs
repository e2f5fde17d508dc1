// Writes packages/core/assets/ranker-training.json: the labelled rows the bundled ranker is fitted on (the development
// sample, the old held-out sample and the second training sample, never the fresh ones), reduced to what a refit reads — the row (raw name, code,
// section), its clinic (the cross-validation's group) and the right entry. `pricecat refit` fits on these plus the
// analysts' decisions. Run after a change of either sample: `node packages/core/bench/training-rows.mjs`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FITTING_FILES, clinicOf, readSample } from './ranker-data.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const rows = Object.values(FITTING_FILES).flatMap((name) =>
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
