#!/usr/bin/env node
/**
 * PostgreSQL store benchmark on the real archive: ingests every file of DIR through a catalogue on
 * PostgreSQL (extraction + matching + writes), copies the result into a second schema with plain
 * `savePriceList` calls (the store's own write rate), then times decisions and the SQL reads.
 *
 *   npm run build -w @pricecat/core && node packages/core/bench/postgres-store.mjs [DIR] [--database-url URL]
 *
 * DIR defaults to ../shared/data/archive. Without --database-url (or DATABASE_URL) a throwaway cluster is
 * started in a temporary directory (needs Debian's postgresql) and removed after.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createCatalogue, moveStore } from '../dist/index.js';
import { loadDefaultDictionary } from '../dist/node.js';
import { createPostgresStorage } from '../dist/storage/postgres.js';
import { benchDatabase } from './postgres-bench-data.mjs';

const args = process.argv.slice(2);
const urlAt = args.indexOf('--database-url');
const dir = resolve(args.find((a, i) => !a.startsWith('--') && (urlAt < 0 || i !== urlAt + 1)) ?? '../shared/data/archive');
const ms = (value) => `${value.toFixed(1)} ms`;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
async function timed(times, task) {
  const samples = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await task(i);
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}

const database = await benchDatabase(urlAt >= 0 ? args[urlAt + 1] : process.env.DATABASE_URL, 'bench');
const url = database.url;
try {
  const store = await createPostgresStorage({ connectionString: url, schema: 'bench_ingest' });
  const catalogue = await createCatalogue({ storage: store, services: await loadDefaultDictionary() });
  let started = performance.now();
  let positions = 0;
  for (const name of (await readdir(dir)).sort()) {
    const report = await catalogue.ingest({ fileName: name, bytes: new Uint8Array(await readFile(join(dir, name))) });
    positions += report.positions;
    console.log(`ingested ${name}: ${report.positions} positions`);
  }
  let seconds = (performance.now() - started) / 1000;
  console.log(`catalogue ingest on PostgreSQL: ${positions} positions in ${seconds.toFixed(1)} s = ${Math.round(positions / seconds)} positions/s (matching included)`);

  const copy = await createPostgresStorage({ connectionString: url, schema: 'bench_copy' });
  started = performance.now();
  const moved = await moveStore(store, copy);
  seconds = (performance.now() - started) / 1000;
  console.log(`store writes only (moveStore, savePriceList per list): ${moved.positions} positions in ${seconds.toFixed(1)} s = ${Math.round(moved.positions / seconds)} positions/s`);
  await copy.close();

  const stats = await store.stats();
  console.log(`stats: ${JSON.stringify({ positions: stats.positions, queued: stats.queued, unrecognized: stats.unrecognized })}`);

  // Decisions at the storage level: a skip of a queued position, as the catalogue writes it.
  const queued = (await store.queuePage({ limit: 100 })).items;
  const decide = await timed(Math.min(50, queued.length), async (i) => {
    const position = queued[i];
    const at = new Date().toISOString();
    await store.saveDecision({
      decision: {
        decision_id: `bench-${i}`,
        action: 'skip',
        created_at: at,
        service_id: null,
        previous: [position],
        synonym: null,
        replaced_synonym: null,
        skipped_items: [{ position_id: position.position_id, name_norm: position.name_norm, created_at: at }],
      },
      positions: [{ ...position, status: 'skipped' }],
    });
  });
  console.log(`Storage.saveDecision (skip): p50 ${ms(decide.p50)}, p95 ${ms(decide.p95)} over ${decide.n}`);
  const undo = await timed(Math.min(50, queued.length), (i) => store.revertDecision(`bench-${i}`));
  console.log(`Storage.revertDecision: p50 ${ms(undo.p50)}, p95 ${ms(undo.p95)}`);

  // Decisions end to end through the catalogue (its read model included).
  const page = await catalogue.queue({ limit: 20 });
  const skip = await timed(Math.min(10, page.items.length), (i) => catalogue.skipPosition({ position_id: page.items[i].position.position_id }));
  console.log(`catalogue.skipPosition on PostgreSQL: p50 ${ms(skip.p50)}, p95 ${ms(skip.p95)} over ${skip.n}`);

  const words = [['узи'], ['прием', 'терапевта'], ['общий', 'анализ', 'крови'], ['мрт'], ['консультация']];
  const search = await timed(50, (i) => store.searchServices({ words: words[i % words.length] }));
  console.log(`searchServices: p50 ${ms(search.p50)}, p95 ${ms(search.p95)}`);
  const popular = (await store.searchServices({ words: ['прием'], limit: 10 })).map((hit) => hit.service.service_id);
  const compare = await timed(50, (i) => store.compareService(popular[i % popular.length]));
  console.log(`compareService: p50 ${ms(compare.p50)}, p95 ${ms(compare.p95)}`);
  const statsTime = await timed(50, () => store.stats());
  console.log(`stats: p50 ${ms(statsTime.p50)}, p95 ${ms(statsTime.p95)}`);
  let after = null;
  const queue = await timed(50, async () => {
    const next = await store.queuePage({ limit: 50, after });
    after = next.next;
  });
  console.log(`queuePage (50, keyset): p50 ${ms(queue.p50)}, p95 ${ms(queue.p95)}`);
  console.log(`RSS at the end: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
  await catalogue.close();
} finally {
  await database.stop();
}
