#!/usr/bin/env node
/**
 * PostgreSQL store at scale: writes N positions (default 200 000) in lists of 5 000 through
 * `savePriceList`, named after the bundled dictionary's services (one clinic's spelling each), then times
 * decisions and the SQL reads the query port routes to the database.
 *
 *   npm run build -w @pricecat/core && node packages/core/bench/postgres-scale.mjs [N] [--database-url URL]
 *
 * Without --database-url (or DATABASE_URL) a throwaway cluster is started and removed after.
 */
import { loadDefaultDictionary } from '../dist/node.js';
import { createPostgresStorage } from '../dist/storage/postgres.js';
import { PER_LIST, benchDatabase, writeSyntheticLists } from './postgres-bench-data.mjs';

const args = process.argv.slice(2);
const urlAt = args.indexOf('--database-url');
const total = Number(args.find((a) => /^\d+$/.test(a)) ?? 200_000);
const ms = (value) => `${value.toFixed(1)} ms`;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
async function timed(times, task) {
  const samples = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await task(i);
    samples.push(performance.now() - started);
  }
  return `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))} (n=${samples.length})`;
}

const database = await benchDatabase(urlAt >= 0 ? args[urlAt + 1] : process.env.DATABASE_URL, 'scale');
try {
  const store = await createPostgresStorage({ connectionString: database.url, schema: `scale_${total}` });
  const services = await loadDefaultDictionary();
  await store.saveServices(services);
  const lists = Math.ceil(total / PER_LIST);
  let started = performance.now();
  await writeSyntheticLists(store, services, total);
  const seconds = (performance.now() - started) / 1000;
  console.log(`wrote ${total} positions in ${lists} lists: ${seconds.toFixed(1)} s = ${Math.round(total / seconds)} positions/s`);
  // What autovacuum does soon after a bulk load (PostgreSQL 13+ vacuums after inserts too): visibility map and statistics.
  await store.pool.query('VACUUM ANALYZE');
  const size = await store.pool.query("SELECT pg_size_pretty(pg_database_size(current_database())) AS size");
  console.log(`database size: ${size.rows[0].size}`);

  const queued = (await store.queuePage({ limit: 200 })).items;
  console.log(`Storage.saveDecision (skip): ${await timed(100, async (i) => {
    const position = queued[i];
    const at = new Date().toISOString();
    await store.saveDecision({
      decision: { decision_id: `bench-${i}`, action: 'skip', created_at: at, service_id: null, previous: [position], synonym: null, replaced_synonym: null,
        skipped_items: [{ position_id: position.position_id, name_norm: position.name_norm, created_at: at }] },
      positions: [{ ...position, status: 'skipped' }],
    });
  })}`);
  console.log(`Storage.saveDecision (match + synonym): ${await timed(100, async (i) => {
    const position = queued[100 + i];
    const at = new Date().toISOString();
    const serviceId = position.candidates[0].service_id;
    await store.saveDecision({
      decision: { decision_id: `bench-m-${i}`, action: 'match', created_at: at, service_id: serviceId, previous: [position],
        synonym: { name_norm: position.name_norm, service_id: serviceId, raw_name: position.raw_name, clinic_id: position.clinic_id, created_at: at },
        replaced_synonym: null, skipped_items: [] },
      positions: [{ ...position, service_id: serviceId, method: 'manual', confidence: 1, status: 'normalized' }],
    });
  })}`);
  const words = [['узи'], ['прием', 'терапевта'], ['общий', 'анализ', 'крови'], ['мрт'], ['консультация'], ['магний']];
  console.log(`searchServices: ${await timed(60, (i) => store.searchServices({ words: words[i % words.length] }))}`);
  const popular = services.slice(0, 50).map((s) => s.service_id);
  console.log(`compareService: ${await timed(60, (i) => store.compareService(popular[i % popular.length]))}`);
  console.log(`stats: ${await timed(20, () => store.stats())}`);
  let after = null;
  console.log(`queuePage (50, keyset): ${await timed(60, async () => {
    after = (await store.queuePage({ limit: 50, after })).next;
  })}`);
  if (total <= 300_000) {
    started = performance.now();
    const all = await store.listPositions();
    console.log(`listPositions() of ${all.length}: ${((performance.now() - started) / 1000).toFixed(1)} s (what an in-memory read model loads at start)`);
  }
  started = performance.now();
  let streamed = 0;
  let peak = process.memoryUsage().rss;
  for await (const batch of store.streamPositions(undefined, 2000)) {
    streamed += batch.length;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  console.log(`streamPositions() of ${streamed}: ${((performance.now() - started) / 1000).toFixed(1)} s, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MiB`);
  console.log(`RSS at the end: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
  await store.close();
} finally {
  await database.stop();
}
