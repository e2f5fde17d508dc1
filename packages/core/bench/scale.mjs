// npm run bench:scale — the store at scale, lowdb and PostgreSQL side by side, measured on a real server over HTTP.
//
//   npm run bench:scale -- [--positions 100000] [--lists 20] [--replicate-to 1000000] [--backends lowdb,postgres]
//   node packages/core/bench/scale.mjs --reuse-dir D      (serve and measure an existing lowdb data directory;
//        with DATABASE_URL set, the PostgreSQL database as it is: D is then an empty directory)
//   env: SCALE_POSITIONS, SCALE_LISTS, SCALE_REPLICATE_TO, SCALE_BACKENDS, SCALE_KEEP (keep the data directory),
//        DATABASE_URL (measure on that database instead of a throwaway cluster), PRICECAT_DATA_DIR
//   Short run: --positions 20000 --lists 4; the issue's sizes: --positions 100000 --replicate-to 1000000.
//
// 1. Real names: the client's archive (7 files) is ingested once (cached in the temp folder); the bytes
//    per position of the old single-file store and of the lowdb data directory are measured on it.
// 2. For each backend, `--lists` CSV price lists of new clinics, each `positions / lists` real names (prices
//    varied per clinic), are ingested over HTTP into `pricecat serve` on 127.0.0.1 (a child process, so its
//    RSS is the server's alone).
// 3. Decisions (match, skip, undo), search, comparison, stats and queue pages (first and deep) are timed
//    (p50 / p95); the proposals of new services, price changes and the streamed export are timed with the
//    server's peak RSS; the server is restarted to time start-up.
// 4. `--replicate-to N` then copies the ingested lists (new ids, new clinics) until the store holds N
//    positions — list files for lowdb, INSERT … SELECT for PostgreSQL — and measures start-up, RSS,
//    decisions and queries again.
//
// PostgreSQL: on DATABASE_URL when set, else on a throwaway cluster (initdb in a temporary directory, removed
// after); without PostgreSQL binaries its column says why it was skipped. Uses the built dist.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCatalogue } from '../dist/internal.js';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { createLowdbStorage } from '@pricecat/core/storage/lowdb';
import pg from 'pg';

const args = parseArgs(process.argv.slice(2));
const POSITIONS = Number(args.positions ?? process.env.SCALE_POSITIONS ?? 100_000);
const LISTS = Number(args.lists ?? process.env.SCALE_LISTS ?? 20);
const REPLICATE_TO = Number(args['replicate-to'] ?? process.env.SCALE_REPLICATE_TO ?? 0);
/** An existing data directory to serve and measure as it is (no ingest); it is changed by the decisions. */
const REUSE_DIR = args['reuse-dir'] ?? process.env.SCALE_REUSE_DIR;
const BACKENDS = String(args.backends ?? process.env.SCALE_BACKENDS ?? 'lowdb,postgres').split(',');
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const archive = join(process.env.PRICECAT_DATA_DIR ?? join(repoRoot, '../shared/data'), 'archive');
const cli = join(repoRoot, 'packages/http/dist/cli.js');
const mib = (bytes) => `${Math.round(bytes / 1024 / 1024)} MiB`;
/** metric -> value per backend, in the order first measured. */
const rows = new Map();
let backend = 'lowdb';
const row = (metric, value) => {
  if (!rows.has(metric)) rows.set(metric, {});
  rows.get(metric)[backend] = value;
  console.log(`  ${metric}: ${value}`);
};
/** Why the PostgreSQL column is empty, when it is. */
let postgresSkipped = BACKENDS.includes('postgres') ? null : 'skipped: not in --backends';

if (!existsSync(archive)) {
  console.log(`bench:scale: skipped, no archive at ${archive} (set PRICECAT_DATA_DIR)`);
  process.exit(0);
}
if (REUSE_DIR) {
  // With DATABASE_URL the server keeps its data in that database (the directory then holds nothing).
  if (process.env.DATABASE_URL) backend = 'postgres';
  console.log(`\n== serving the existing ${backend === 'postgres' ? 'database (DATABASE_URL)' : `data directory ${REUSE_DIR}`}`);
  const server = await startServer(REUSE_DIR);
  try {
    const stats = await (await fetch(`${server.url}api/stats`)).json();
    row(`start-up with ${stats.positions} positions`, startUp(server));
    row(`server RSS after start-up (${stats.positions})`, mib(rssOf(server.pid).rss));
    await measureServing(server, `${stats.positions} positions`);
  } finally {
    await server.stop();
  }
  printTable();
  process.exit(0);
}
const names = await archiveNames();
console.log(`real names: ${names.length} positions of the archive`);

const csvDir = await mkdtemp(join(tmpdir(), 'pricecat-scale-csv-'));
try {
  if (BACKENDS.includes('lowdb')) {
    backend = 'lowdb';
    const dataDir = await mkdtemp(join(tmpdir(), 'pricecat-scale-'));
    try {
      await measureBackend({ dataDir, env: {}, replicate: () => replicate(dataDir, REPLICATE_TO), onDisk: () => sizeOf(dataDir) });
    } finally {
      if (process.env.SCALE_KEEP) console.log(`kept the data directory ${dataDir} (SCALE_KEEP)`);
      else await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (BACKENDS.includes('postgres')) {
    backend = 'postgres';
    const database = await postgresDatabase();
    if (database.skip) {
      postgresSkipped = `skipped: ${database.skip}`;
      console.log(`\n== PostgreSQL ${postgresSkipped}`);
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'pricecat-scale-pg-'));
      try {
        await measureBackend({
          dataDir,
          env: { DATABASE_URL: database.url },
          replicate: () => replicatePostgres(database.url, REPLICATE_TO),
          onDisk: () => databaseSize(database.url),
        });
      } finally {
        await database.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
} finally {
  await rm(csvDir, { recursive: true, force: true });
}

printTable();

// ---- helpers ----

/** Ingests the CSV lists over HTTP, measures, restarts, and (with --replicate-to) grows the store and measures again. */
async function measureBackend({ dataDir, env, replicate: grow, onDisk }) {
  let server = null;
  try {
    console.log(`\n== ${backend}: ${POSITIONS} positions in ${LISTS} lists, over HTTP (data: ${dataDir})`);
    server = await startServer(dataDir, env);
    row('start-up, empty store', `${server.startMs} ms`);
    const perList = Math.ceil(POSITIONS / LISTS);
    let ingested = 0;
    let ingestMs = 0;
    for (let i = 0; i < LISTS; i++) {
      const name = `Клиника Масштаб ${String(i + 1).padStart(2, '0')} прайс 2026.csv`;
      const bytes = csvOf(names, i, perList);
      const started = performance.now();
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const response = await fetch(`${server.url}api/ingest`, { method: 'POST', body: form });
      const report = await response.json();
      ingestMs += performance.now() - started;
      if (!response.ok) throw new Error(`ingest ${name}: ${JSON.stringify(report)}`);
      ingested += report.positions;
      process.stdout.write(`\r  ingested ${i + 1}/${LISTS} lists, ${ingested} positions, ${Math.round(ingested / (ingestMs / 1000))} positions/s, RSS ${mib(rssOf(server.pid).rss)}   `);
    }
    console.log();
    row('positions ingested', `${ingested} (${LISTS} lists)`);
    row('ingest rate over HTTP', `${Math.round(ingested / (ingestMs / 1000))} positions/s`);
    await measureServing(server, 'after ingest');
    const bytes = await onDisk();
    row('store on disk', `${mib(bytes)} (${Math.round(bytes / ingested)} B/position)`);

    await server.stop();
    server = await startServer(dataDir, env);
    row('start-up with the ingested positions', startUp(server));
    row('server RSS after start-up', mib(rssOf(server.pid).rss));
    await measureDecisions(server, 'after restart', 20);

    if (REPLICATE_TO > ingested) {
      await server.stop();
      server = null;
      console.log(`\n== ${backend}: replicating the lists to ${REPLICATE_TO} positions`);
      const total = await grow();
      const label = `${Math.round(total / 1000)}k positions`;
      server = await startServer(dataDir, env);
      row(`start-up (${label})`, startUp(server));
      row(`server RSS after start-up (${label})`, mib(rssOf(server.pid).rss));
      await measureServing(server, label);
    }
  } finally {
    await server?.stop();
  }
}

/** The database for the PostgreSQL column: DATABASE_URL, else a throwaway cluster; `skip` says why there is none. */
async function postgresDatabase() {
  const testing = await import('@pricecat/core/testing/postgres').catch(() => null);
  if (!testing) return { skip: 'this build has no @pricecat/core/testing/postgres' };
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  if (!testing.findPostgresBin()) return { skip: 'no PostgreSQL binaries (initdb) found and DATABASE_URL is not set (Debian: apt-get install postgresql postgresql-contrib)' };
  const cluster = await testing.startPostgresCluster();
  return { url: await testing.createTestDatabase(cluster.url('postgres'), 'scale'), stop: () => cluster.stop() };
}

async function withDatabase(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databaseSize(url) {
  return withDatabase(url, async (client) => Number((await client.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n));
}

/** Copies the stored lists in SQL (new ids, new clinics), list by list as {@link replicate} does, until `target`. */
async function replicatePostgres(url, target) {
  return withDatabase(url, async (client) => {
    const columns = async (table) =>
      (await client.query("SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() AND column_name NOT IN ('seq', 'version') ORDER BY ordinal_position", [table])).rows.map((r) => r.column_name);
    const renamed = (names, overrides) => names.map((name) => overrides[name] ?? name).join(', ');
    const lists = (await client.query('SELECT price_list_id, clinic_id, position_count FROM price_lists ORDER BY seq')).rows;
    const clinicColumns = await columns('clinics');
    const listColumns = await columns('price_lists');
    const positionColumns = await columns('positions');
    let total = Number((await client.query('SELECT count(*) AS n FROM positions')).rows[0].n);
    for (let copy = 1; total < target; copy++) {
      for (const list of lists) {
        if (total >= target) break;
        const suffix = `-r${copy}`;
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO clinics (${clinicColumns.join(', ')}) SELECT ${renamed(clinicColumns, { clinic_id: 'clinic_id || $2', name: "name || ' (копия ' || $3 || ')'", aliases: "'[]'::jsonb" })} FROM clinics WHERE clinic_id = $1 ON CONFLICT DO NOTHING`,
          [list.clinic_id, suffix, String(copy)],
        );
        await client.query(
          `INSERT INTO price_lists (${listColumns.join(', ')}) SELECT ${renamed(listColumns, { price_list_id: 'price_list_id || $2', clinic_id: 'clinic_id || $2', file_name: "$3 || '-' || file_name" })} FROM price_lists WHERE price_list_id = $1`,
          [list.price_list_id, suffix, String(copy)],
        );
        await client.query(
          `INSERT INTO positions (${positionColumns.join(', ')}) SELECT ${renamed(positionColumns, { position_id: 'position_id || $2', price_list_id: 'price_list_id || $2', clinic_id: 'clinic_id || $2' })} FROM positions WHERE price_list_id = $1 ORDER BY seq`,
          [list.price_list_id, suffix],
        );
        await client.query('COMMIT');
        total += list.position_count;
        process.stdout.write(`\r  ${total} positions   `);
      }
    }
    console.log();
    // What autovacuum does soon after a bulk load: the visibility map and the planner's statistics.
    await client.query('VACUUM ANALYZE');
    return total;
  });
}

function startUp(server) {
  return `${server.startMs} ms (CPU ${server.startCpu.toFixed(1)} s)`;
}

function printTable() {
  console.log('\n| metric | lowdb (embedded) | PostgreSQL |\n|---|---|---|');
  const lowdbSkipped = BACKENDS.includes('lowdb') ? '–' : 'skipped: not in --backends';
  for (const [metric, values] of rows) console.log(`| ${metric} | ${values.lowdb ?? lowdbSkipped} | ${values.postgres ?? postgresSkipped ?? '–'} |`);
}

async function measureServing(server, label) {
  await measureDecisions(server, label, 40);
  const stats = await (await fetch(`${server.url}api/stats`)).json();
  const words = ['узи', 'прием терапевта', 'оак', 'мрт', 'консультация', 'анализ крови', 'рентген', 'массаж', 'экг', 'гинеколог'];
  const search = await timed(40, (i) => fetch(`${server.url}api/search?q=${encodeURIComponent(words[i % words.length])}`).then(ok));
  row(`search p50 / p95 (${label})`, search);
  const hits = (await (await fetch(`${server.url}api/search?q=${encodeURIComponent('прием')}&limit=40`)).json()).items.filter((h) => h.prices.clinics > 0);
  const ids = hits.map((h) => h.service.service_id);
  if (ids.length > 0) {
    const compare = await timed(40, (i) => fetch(`${server.url}api/services/${encodeURIComponent(ids[i % ids.length])}/partners`).then(ok));
    row(`comparison p50 / p95 (${label})`, compare);
  }
  row(`stats p50 / p95 (${label})`, await timed(40, () => fetch(`${server.url}api/stats`).then(ok)));
  const pages = Math.max(1, Math.floor(stats.queued / 50));
  row(`queue page p50 / p95 (${label})`, await timed(40, (i) => fetch(`${server.url}api/queue?limit=50&offset=${((i * 7919) % pages) * 50}`).then(ok)));
  // The HTTP queue pages by offset: the first page, and pages in the last tenth of the queue.
  row(`queue first page p50 / p95 (${label})`, await timed(20, () => fetch(`${server.url}api/queue?limit=50&offset=0`).then(ok)));
  const deep = Math.max(0, Math.floor(pages * 0.9));
  row(`queue deep page p50 / p95 (${label})`, await timed(20, (i) => fetch(`${server.url}api/queue?limit=50&offset=${(deep + (i % Math.max(1, pages - deep))) * 50}`).then(ok)));

  // The whole-store reads: the proposals of new services (every unmatched position) and price changes (every list).
  for (const [name, path] of [['proposals of new services', 'api/service-proposals?limit=20'], ['price changes', 'api/price-changes?limit=20']]) {
    const { ms, peak } = await withPeakRss(server, () => fetch(`${server.url}${path}`).then(ok));
    row(`${name}, first call (${label})`, `${(ms / 1000).toFixed(1)} s, server peak RSS ${mib(peak)}`);
  }

  let peak = rssOf(server.pid).rss;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid).rss)), 50);
  const started = performance.now();
  const response = await fetch(`${server.url}api/export.xlsx`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  clearInterval(sampler);
  row(`export (${label})`, `${((performance.now() - started) / 1000).toFixed(1)} s, ${mib(bytes)} XLSX, server peak RSS ${mib(peak)}`);
  row(`server RSS (${label})`, `${mib(rssOf(server.pid).rss)} (high-water ${mib(rssOf(server.pid).hwm)})`);
}

async function withPeakRss(server, call) {
  let peak = rssOf(server.pid).rss;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid).rss)), 50);
  const started = performance.now();
  try {
    await call();
  } finally {
    clearInterval(sampler);
  }
  return { ms: performance.now() - started, peak: Math.max(peak, rssOf(server.pid).rss) };
}

async function measureDecisions(server, label, count) {
  const queue = (await (await fetch(`${server.url}api/queue?limit=${count * 2}&offset=${count * 3}`)).json()).items;
  if (queue.length === 0) return row(`decisions (${label})`, 'no queued positions');
  const times = { match: [], skip: [], undo: [] };
  for (let i = 0; i < Math.min(count, queue.length); i++) {
    const item = queue[i * 2] ?? queue[i];
    const action = i % 2 === 0 && item.suggestion ? 'match' : 'skip';
    const started = performance.now();
    const response = await fetch(`${server.url}api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ position_id: item.position.position_id }),
    });
    await response.json();
    if (response.ok) times[action].push(performance.now() - started);
    if (i % 4 === 3) {
      const undoStart = performance.now();
      await fetch(`${server.url}api/undo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json());
      times.undo.push(performance.now() - undoStart);
    }
  }
  const all = [...times.match, ...times.skip];
  row(`decision median / p95 (${label})`, `${percentiles(all)} (match ${percentiles(times.match)}; skip ${percentiles(times.skip)}; undo ${percentiles(times.undo)})`);
}

async function timed(count, call) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  return percentiles(times);
}

function percentiles(times) {
  if (times.length === 0) return '–';
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `${at(0.5).toFixed(1)} / ${at(0.95).toFixed(1)} ms`;
}

async function ok(response) {
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf-8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf-8');
  const kib = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

async function startServer(dir, env = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PRICECAT_EMBEDDINGS_MODEL: '', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/listening on (\S+)/);
      if (found) resolveUrl(found[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  const startMs = Math.round(performance.now() - started);
  return {
    url,
    pid: child.pid,
    startMs,
    // CPU seconds the server spent starting (user + system): on a loaded machine wall time stretches, this does not.
    startCpu: cpuSecondsOf(child.pid),
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.on('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** A CSV of `count` real names (rotated per list, prices varied per clinic), as Excel exports it. */
function csvOf(all, listIndex, count) {
  const lines = ['ПРЕЙСКУРАНТ;;;;', '"№ п/п";"Наименование услуги";"Ед. измерения";"Цена для граждан РК (с НДС)";"Цена для нерезидентов (с НДС)"'];
  let section = null;
  const factor = 0.8 + ((listIndex * 37) % 41) / 100;
  for (let k = 0; k < count; k++) {
    const item = all[(listIndex * 997 + k) % all.length];
    if (item.section && item.section !== section) {
      section = item.section;
      lines.push(`;${quote(section)};;;`);
    }
    const price = Math.max(100, Math.round((item.price ?? 1000) * factor));
    lines.push(`${k + 1};${quote(item.raw_name)};1 услуга;${price};${Math.round(price * 1.3)}`);
  }
  return new TextEncoder().encode(lines.join('\r\n'));
}

function quote(text) {
  return `"${String(text).replaceAll('"', '""')}"`;
}

/** Real names of the archive (cached), and bytes per position of both store layouts measured on it. */
async function archiveNames() {
  const cache = join(tmpdir(), 'pricecat-scale-names.json');
  if (existsSync(cache)) return JSON.parse(await readFile(cache, 'utf-8'));
  const services = await loadDefaultDictionary();
  const dir = await mkdtemp(join(tmpdir(), 'pricecat-archive-'));
  const storage = await createLowdbStorage({ dir });
  const catalogue = await createCatalogue({ storage, services });
  for (const name of await readdir(archive)) {
    await catalogue.ingest({ fileName: name, bytes: new Uint8Array(readFileSync(join(archive, name))) });
  }
  const positions = await storage.listPositions();
  const legacy = {
    version: 1,
    services: await storage.listServices(),
    clinics: await storage.listClinics(),
    priceLists: await storage.listPriceLists(),
    positions,
    learnedSynonyms: [],
    skippedItems: [],
    ingestedFiles: await storage.listIngestedFiles(),
    decisions: [],
    settings: {},
  };
  // lowdb's JSONFile wrote the old single file with two-space indentation.
  const before = Buffer.byteLength(JSON.stringify(legacy, null, 2));
  const beforePositions = Buffer.byteLength(JSON.stringify(positions, null, 2));
  await catalogue.close();
  const listBytes = await sizeOf(join(dir, 'lists'));
  const after = await sizeOf(dir);
  console.log(`bytes per position on the real archive (${positions.length} positions):`);
  console.log(`  before (pricecat.json): ${Math.round(beforePositions / positions.length)} B/position (positions only), ${Math.round(before / positions.length)} B/position (whole file)`);
  console.log(`  after (data directory): ${Math.round(listBytes / positions.length)} B/position (list files), ${Math.round(after / positions.length)} B/position (whole directory)`);
  await rm(dir, { recursive: true, force: true });
  const names = positions.map((p) => ({ raw_name: p.raw_name, section: p.section, price: p.price }));
  await writeFile(cache, JSON.stringify(names));
  return names;
}

async function sizeOf(path) {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const name of await readdir(path)) total += await sizeOf(join(path, name));
  return total;
}

/** Copies list files under new ids and clinics until the directory holds `target` positions. */
async function replicate(dir, target) {
  const cataloguePath = join(dir, 'catalogue.json');
  const catalogue = JSON.parse(await readFile(cataloguePath, 'utf-8'));
  const originals = [...catalogue.list_files];
  const lists = new Map(catalogue.priceLists.map((l) => [l.price_list_id, l]));
  const clinics = new Map(catalogue.clinics.map((c) => [c.clinic_id, c]));
  let total = catalogue.priceLists.reduce((sum, l) => sum + l.position_count, 0);
  for (let copy = 1; total < target; copy++) {
    for (const [listId, file] of originals) {
      if (total >= target) break;
      const list = JSON.parse(await readFile(join(dir, 'lists', file), 'utf-8'));
      const newList = `${listId}-r${copy}`;
      const originalClinic = list.clinic_id;
      const newClinic = `${originalClinic}-r${copy}`;
      list.price_list_id = newList;
      list.clinic_id = newClinic;
      for (const p of list.positions) p[0] = `${p[0]}-r${copy}`;
      const name = `${newList}.r.json`;
      await writeFile(join(dir, 'lists', name), JSON.stringify(list));
      catalogue.list_files.push([newList, name]);
      const meta = lists.get(listId);
      catalogue.priceLists.push({ ...meta, price_list_id: newList, clinic_id: newClinic, file_name: `${copy}-${meta.file_name}` });
      const clinic = clinics.get(originalClinic);
      if (!catalogue.clinics.some((c) => c.clinic_id === newClinic)) {
        catalogue.clinics.push({ ...clinic, clinic_id: newClinic, name: `${clinic.name} (копия ${copy})`, aliases: [] });
      }
      total += list.positions.length;
      process.stdout.write(`\r  ${total} positions   `);
    }
  }
  console.log();
  await writeFile(cataloguePath, JSON.stringify(catalogue));
  return total;
}

function parseArgs(argv) {
  const result = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) result[argv[i].slice(2)] = argv[i + 1];
  }
  return result;
}
