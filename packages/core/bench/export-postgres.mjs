#!/usr/bin/env node
/**
 * The export on PostgreSQL at growing sizes: fills a database with the synthetic lists of postgres-bench-data.mjs,
 * copies them (new ids, new clinics) up to each size, and at each one streams `catalogue.exportWorkbook()` in a fresh
 * process, reporting its time and its peak RSS (sampled every 20 ms). Peak memory that stays flat as the store grows
 * is what "bounded" means here.
 *
 *   npm run build -w @pricecat/core && node packages/core/bench/export-postgres.mjs [100000,400000] [--database-url URL]
 *   --node-args "--max-old-space-size=40"   flags for the exporting process (e.g. a small heap, to show the live set)
 *   --dist DIR[,DIR…]                        the builds' dist folders to export with, one after the other on the same
 *                                            data (before/after); default this package's dist
 *
 * Without --database-url (or DATABASE_URL) a throwaway cluster is started and removed after.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const mib = (bytes) => `${Math.round(bytes / 1048576)} MiB`;
const SCHEMA = 'export_bench';

if (args[0] === '--child') {
  const dist = args[1];
  const { createCatalogue } = await import(`${dist}/index.js`);
  const { loadDefaultDictionary } = await import(`${dist}/node.js`);
  const { createPostgresStorage } = await import(`${dist}/storage/postgres.js`);
  const storage = await createPostgresStorage({ connectionString: process.env.DATABASE_URL, schema: SCHEMA });
  const catalogue = await createCatalogue({ storage, services: await loadDefaultDictionary() });
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  let bytes = 0;
  for await (const chunk of (await catalogue.exportWorkbook()).chunks) bytes += chunk.length;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`${((performance.now() - started) / 1000).toFixed(1)} s, ${mib(bytes)} XLSX, RSS ${mib(before)} before, peak ${mib(peak)}`);
  await storage.close();
  process.exit(0);
}

const { loadDefaultDictionary } = await import('../dist/node.js');
const { createPostgresStorage } = await import('../dist/storage/postgres.js');
const { benchDatabase, writeSyntheticLists } = await import('./postgres-bench-data.mjs');
const sizes = (args.find((a) => /^\d+(,\d+)*$/.test(a)) ?? '100000,400000').split(',').map(Number);
const nodeArgs = (option('--node-args') ?? '').split(' ').filter(Boolean);
const dists = (option('--dist') ?? fileURLToPath(new URL('../dist', import.meta.url))).split(',').map((dir) => resolve(dir));
const database = await benchDatabase(option('--database-url') ?? process.env.DATABASE_URL, 'export');
try {
  const store = await createPostgresStorage({ connectionString: database.url, schema: SCHEMA });
  const services = await loadDefaultDictionary();
  await store.saveServices(services);
  await writeSyntheticLists(store, services, sizes[0]);
  const pool = store.pool;
  const columns = async (table) =>
    (
      await pool.query(
        "SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = $2 AND column_name NOT IN ('seq', 'version') ORDER BY ordinal_position",
        [table, SCHEMA],
      )
    ).rows.map((r) => r.column_name);
  const renamed = (names, overrides) => names.map((name) => overrides[name] ?? name).join(', ');
  const [clinicColumns, listColumns, positionColumns] = [await columns('clinics'), await columns('price_lists'), await columns('positions')];
  const lists = (await pool.query('SELECT price_list_id, clinic_id, position_count FROM price_lists ORDER BY seq')).rows;
  let total = sizes[0];
  let copy = 0;
  for (const size of sizes) {
    // Copies of the first lists under new clinics (as scale.mjs --replicate-to), until the store holds `size`.
    while (total < size) {
      copy += 1;
      for (const list of lists) {
        if (total >= size) break;
        const params = [list.price_list_id, `-r${copy}`];
        const ids = { price_list_id: 'price_list_id || $2', clinic_id: 'clinic_id || $2' };
        await pool.query(
          `INSERT INTO clinics (${clinicColumns.join(', ')}) SELECT ${renamed(clinicColumns, { clinic_id: 'clinic_id || $2', name: 'name || $2' })}
           FROM clinics WHERE clinic_id = (SELECT clinic_id FROM price_lists WHERE price_list_id = $1) ON CONFLICT DO NOTHING`,
          params,
        );
        await pool.query(`INSERT INTO price_lists (${listColumns.join(', ')}) SELECT ${renamed(listColumns, { ...ids, file_name: '$2 || file_name' })} FROM price_lists WHERE price_list_id = $1`, params);
        await pool.query(
          `INSERT INTO positions (${positionColumns.join(', ')}) SELECT ${renamed(positionColumns, { ...ids, position_id: 'position_id || $2' })} FROM positions WHERE price_list_id = $1 ORDER BY seq`,
          params,
        );
        total += list.position_count;
      }
    }
    await pool.query('VACUUM ANALYZE');
    for (const dist of dists) {
      const child = spawnSync(process.execPath, [...nodeArgs, fileURLToPath(import.meta.url), '--child', dist], {
        env: { ...process.env, DATABASE_URL: database.url },
        encoding: 'utf8',
      });
      const label = dists.length > 1 ? ` (${dist})` : '';
      console.log(`export of ${total} positions${label}: ${child.stdout.trim() || child.stderr.trim().slice(-2000)}`);
    }
  }
  await store.close();
} finally {
  await database.stop();
}
