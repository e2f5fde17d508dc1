#!/usr/bin/env node
/**
 * Export benchmark: builds a synthetic store of N positions (default 100 000) in memory, then streams
 * `catalogue.exportWorkbook()` and reports the time, the workbook size and the peak RSS during the export.
 *
 *   npm run build -w @pricecat/core && node packages/core/bench/export.mjs [positions] [--verify] [--sheetjs]
 *
 * --archive DIR  instead of a synthetic store, ingests every file of DIR (e.g. ../shared/data/archive)
 *                with the bundled dictionary, then exports
 * --verify   reads the workbook back with SheetJS and checks the row counts and that no cell is a formula
 * --sheetjs  for comparison, also builds the same two sheets with SheetJS in memory (aoa_to_sheet + write)
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { createCatalogue, createMemoryStorage } from '../dist/index.js';
import { loadDefaultDictionary } from '../dist/node.js';

const args = process.argv.slice(2);
const total = Number(args.find((a) => /^\d+$/.test(a)) ?? 100_000);
const CLINICS = 40;
const LISTS_PER_CLINIC = 2;
const SERVICES = 6_000;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Peak RSS sampled every 5 ms while `task` runs. */
async function withPeakRss(task) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  try {
    const result = await task();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peak, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

const storage = createMemoryStorage();
const archiveAt = args.indexOf('--archive');
let catalogue;
if (archiveAt >= 0) {
  const dir = args[archiveAt + 1];
  catalogue = await createCatalogue({
    storage,
    services: await loadDefaultDictionary(),
  });
  const started = performance.now();
  for (const name of (await readdir(dir)).sort()) {
    const report = await catalogue.ingest({
      fileName: name,
      bytes: new Uint8Array(await readFile(join(dir, name))),
    });
    console.log(`ingested ${name}: ${report.positions} positions, ${report.errors} errors`);
  }
  console.log(`ingest of ${dir}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  catalogue = await buildSyntheticCatalogue();
}

async function buildSyntheticCatalogue() {
  const services = Array.from({ length: SERVICES }, (_, i) => ({
    service_id: `svc_${i}`,
    name: `Услуга номер ${i} (консультация, анализ, процедура)`,
    name_norm: `услуга номер ${i} консультация анализ процедура`,
    category: `Категория ${i % 40}`,
    tariff_code: i % 3 === 0 ? `A02.${String(i).padStart(3, '0')}.000` : null,
    origin: i % 50 === 0 ? 'created' : 'dictionary',
  }));
  await storage.saveServices(services);
  const perList = Math.ceil(total / (CLINICS * LISTS_PER_CLINIC));
  const statuses = ['normalized', 'normalized', 'normalized', 'queued', 'unrecognized', 'skipped'];
  let made = 0;
  for (let c = 0; c < CLINICS && made < total; c++) {
    const clinic = {
      clinic_id: `cl_${c}`,
      name: `Клиника ${c}`,
      city: c % 2 ? 'Алматы' : 'Астана',
      bin: null,
      aliases: [],
      created_at: '2026-01-01T00:00:00.000Z',
    };
    for (let l = 0; l < LISTS_PER_CLINIC && made < total; l++) {
      const priceListId = `pl_${c}_${l}`;
      const positions = [];
      for (let r = 0; r < perList && made < total; r++, made++) {
        const status = statuses[made % statuses.length];
        const serviceIndex = (r * 7 + c) % SERVICES;
        const price = 1000 + ((r * 37 + c * 11 + l * 100) % 50_000);
        // Every 97th name looks like a formula: it must stay text.
        const raw = made % 97 === 0 ? `=ГИПЕРССЫЛКА("x";"${r}")` : `Прием врача-специалиста ${r} первичный, консультация`;
        positions.push({
          position_id: `pos_${made}`,
          price_list_id: priceListId,
          clinic_id: clinic.clinic_id,
          raw_name: raw,
          name_norm: raw.toLowerCase(),
          code: r % 2 ? `U${r}.${c}` : null,
          section: `Раздел ${r % 30}`,
          unit: 'услуга',
          price,
          price_nonresident: r % 3 ? null : price * 1.2,
          prices_raw: [
            {
              role: 'resident',
              value: price,
              raw: String(price),
              header: 'Цена, тенге',
            },
          ],
          service_id: status === 'normalized' ? `svc_${serviceIndex}` : null,
          confidence: status === 'normalized' ? 0.93 : 0.41,
          method: status === 'normalized' ? 'fuzzy' : null,
          status,
          candidates: [],
          warnings: [],
          source: { table: 'Лист1', row: r + 2 },
          kind: 'service',
          package_id: null,
        });
      }
      await storage.savePriceList({
        clinic,
        priceList: {
          price_list_id: priceListId,
          clinic_id: clinic.clinic_id,
          file_name: `Клиника ${c} прайс 202${5 + l}.xlsx`,
          format: 'xlsx',
          effective_date: `202${5 + l}-01-01`,
          ingested_at: new Date().toISOString(),
          sha256: `${c}${l}`,
          status: 'ok',
          warnings: [],
          position_count: positions.length,
        },
        positions,
      });
    }
  }
  return createCatalogue({ storage });
}
const stats = await catalogue.stats(); // loads the read model, which the export shares with every other query
globalThis.gc?.();
const before = process.memoryUsage().rss;
console.log(
  `store: ${stats.positions} positions, ${stats.clinics} clinics, ${stats.price_lists} lists, ${
    stats.services
  } services; RSS before export ${mb(before)}`
);

const exported = await withPeakRss(async () => {
  const workbook = await catalogue.exportWorkbook();
  const chunks = [];
  let bytes = 0;
  for await (const chunk of workbook.chunks) {
    bytes += chunk.length;
    chunks.push(chunk);
  }
  return { bytes, buffer: Buffer.concat(chunks) };
});
console.log(
  `streamed export: ${mb(exported.result.bytes)} in ${(exported.ms / 1000).toFixed(2)} s; peak RSS ${mb(exported.peak)} (+${mb(
    exported.peak - before
  )} over the loaded store)`
);

if (args.includes('--verify')) {
  const file = join(tmpdir(), 'pricecat-export-bench.xlsx');
  await writeFile(file, exported.result.buffer);
  const book = XLSX.read(exported.result.buffer, {
    type: 'buffer',
    dense: true,
  });
  const formulas = book.SheetNames.flatMap((name) =>
    (book.Sheets[name]['!data'] ?? []).flat().filter((cell) => cell?.f !== undefined)
  );
  const rows = book.SheetNames.map((name) => `${name}: ${(book.Sheets[name]['!data'] ?? []).length - 1} rows`);
  console.log(`verify (${file}): ${rows.join(', ')}; cells with a formula: ${formulas.length}`);
}

if (args.includes('--sheetjs')) {
  exported.result.buffer = null;
  globalThis.gc?.();
  const base = process.memoryUsage().rss;
  const positions = await storage.listPositions();
  const inMemory = await withPeakRss(async () => {
    const book = XLSX.utils.book_new();
    const aoa = [
      ['Клиника', 'Наименование', 'Цена', 'Статус'],
      ...positions.map((p) => [p.clinic_id, p.raw_name, p.price, p.status]),
    ];
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), 'Все позиции');
    return XLSX.write(book, {
      type: 'buffer',
      bookType: 'xlsx',
      compression: true,
    }).length;
  });
  console.log(
    `SheetJS in memory (sheet 2 only, 4 of 15 columns): ${mb(inMemory.result)} in ${(inMemory.ms / 1000).toFixed(
      2
    )} s; peak RSS ${mb(inMemory.peak)} (+${mb(inMemory.peak - base)})`
  );
}
await catalogue.close();
