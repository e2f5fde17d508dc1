import { readFileSync, writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { extractPriceRows } from '../../src/extract/extract-rows.js';
import { readDocument } from '../../src/extract/readers/index.js';
it('sample', async () => {
  const out: unknown[] = [];
  let seed = 20261122;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (const f of ['Клиника 2 прайс 2025 год.PDF', 'Клиника 2 прайс 2026.pdf', 'Клиника 3 прайс 2026.PDF', 'Клиника 4 прайс 2026.pdf']) {
    const read = await readDocument(new Uint8Array(readFileSync('/work/shared/data/archive/' + f)), f);
    const ex = extractPriceRows(read);
    const picked = new Set<number>();
    while (picked.size < 40) picked.add(Math.floor(rnd() * ex.rows.length));
    for (const i of [...picked].sort((a, b) => a - b)) {
      const r = ex.rows[i]!;
      out.push({ id: out.length + 1, file: f, page: r.source.table, row_in_page: r.source.row, section: r.section, code: r.code, name: r.name, prices: r.prices.map((p) => ({ role: p.role, value: p.value, raw: p.raw, column: p.header })) });
    }
  }
  writeFileSync('/tmp/pdf-sample.json', JSON.stringify(out, null, 1));
}, 120000);
