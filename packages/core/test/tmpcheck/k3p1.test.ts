import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { extractPriceRows } from '../../src/extract/extract-rows.js';
import { readDocument } from '../../src/extract/readers/index.js';
it('k3p1', async () => {
  const f = 'Клиника 3 прайс 2026.PDF';
  const read = await readDocument(new Uint8Array(readFileSync('/work/shared/data/archive/' + f)), f);
  const ex = extractPriceRows(read);
  process.stderr.write(ex.rows.filter((r) => r.source.table === 'page 1').map((r) => `${r.source.row} | ${r.name} | ${r.prices.map((p) => p.role + '=' + p.value).join(' ')}`).join('\n') + '\n');
}, 60000);
