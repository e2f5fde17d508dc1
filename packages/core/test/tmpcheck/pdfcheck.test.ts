import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { extractPriceRows } from '../../src/extract/extract-rows.js';
import { readDocument } from '../../src/extract/readers/index.js';
it('dump', async () => {
  for (const f of ['Клиника 2 прайс 2025 год.PDF', 'Клиника 2 прайс 2026.pdf', 'Клиника 3 прайс 2026.PDF', 'Клиника 4 прайс 2026.pdf']) {
    const t = performance.now();
    const read = await readDocument(new Uint8Array(readFileSync('/work/shared/data/archive/' + f)), f);
    const ex = extractPriceRows(read);
    const lines = [`== ${f}: ${ex.rows.length} rows, ${Math.round(performance.now() - t)} ms, cols ${JSON.stringify(ex.columns.slice(0, 4).map((c) => c.role + ':' + c.header.slice(0, 30)))}`];
    for (const r of ex.rows.filter((_, i) => i % 25 === 0)) lines.push(`${r.source.table} r${r.source.row} | ${r.section ?? ''} | ${r.code ?? ''} | ${r.name} | ${r.prices.map((p) => p.role + '=' + p.value).join(' ')}`);
    process.stderr.write(lines.join('\n') + '\n' + read.warnings.slice(0, 5).join('\n') + '\n');
  }
}, 300000);
