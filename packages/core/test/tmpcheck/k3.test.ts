import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { readDocument } from '../../src/extract/readers/index.js';
it('k3', async () => {
  const f = process.env.F ?? 'Клиника 3 прайс 2026.PDF';
  const read = await readDocument(new Uint8Array(readFileSync('/work/shared/data/archive/' + f)), f);
  for (const t of read.tables.filter((_, i) => [0, 1, 14, 15].includes(i))) process.stderr.write(t.name + '\n' + t.rows.slice(0, 6).map((r) => JSON.stringify(r)).join('\n') + '\n');
}, 60000);
