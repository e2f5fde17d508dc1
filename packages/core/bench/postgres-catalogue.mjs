#!/usr/bin/env node
/**
 * The catalogue on PostgreSQL at scale, as a server runs it: N positions (default 100 000) are written
 * through `savePriceList` (the generator of postgres-scale.mjs), then a child process — the "server" —
 * opens the catalogue on the database and is measured: start-up, RSS, decisions (skip / match / undo through
 * the catalogue), search, comparison, stats and queue pages (p50/p95), RSS at the end.
 *
 * Two modes, each in its own child process:
 * - `sql`: the store's query port (reads in SQL; what pricecat does now);
 * - `memory`: the same store with `queries` hidden, so the catalogue loads every position into its in-memory
 *   port, as it did before the PostgreSQL query port ("before").
 *
 *   npm run build -w @pricecat/core && node packages/core/bench/postgres-catalogue.mjs [N] [--modes sql,memory] [--database-url URL]
 *
 * Without --database-url (or DATABASE_URL) a throwaway cluster is started and removed after.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadDefaultDictionary } from '../dist/node.js';
import { createCatalogue } from '../dist/index.js';
import { createPostgresStorage } from '../dist/storage/postgres.js';
import { benchDatabase, writeSyntheticLists } from './postgres-bench-data.mjs';

const args = process.argv.slice(2);
const valueOf = (name) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
const mib = (bytes) => Math.round(bytes / 1024 / 1024);

if (args[0] === '--child') await child(args[1], args[2], args[3]);
else await parent();

async function parent() {
  const total = Number(args.find((a) => /^\d+$/.test(a)) ?? 100_000);
  const modes = (valueOf('--modes') ?? 'sql,memory').split(',');
  const database = await benchDatabase(valueOf('--database-url') ?? process.env.DATABASE_URL, 'catalogue_scale');
  const url = database.url;
  try {
    const schema = `catalogue_${total}`;
    await fill(url, schema, total);
    for (const mode of modes) {
      const result = await new Promise((resolve, reject) => {
        const proc = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child', mode, url, schema], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        proc.stdout.on('data', (chunk) => (out += chunk));
        proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`child ${mode} exited ${code}: ${out}`))));
      });
      console.log(`\n== ${mode} (${mode === 'sql' ? 'query port in SQL' : 'in-memory read side, as before'}) at ${total} positions`);
      for (const [key, value] of Object.entries(result)) console.log(`${key}: ${value}`);
    }
  } finally {
    await database.stop();
  }
}

/** Writes `total` positions into `schema` unless it holds them already. */
async function fill(url, schema, total) {
  const store = await createPostgresStorage({ connectionString: url, schema });
  try {
    const have = (await store.queries.countPositions()).total;
    if (have === total) return;
    if (have !== 0) throw new Error(`schema ${schema} holds ${have} positions, not ${total}`);
    const services = await loadDefaultDictionary();
    await store.saveServices(services);
    const started = performance.now();
    await writeSyntheticLists(store, services, total);
    console.log(`wrote ${total} positions: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await store.pool.query('VACUUM ANALYZE');
  } finally {
    await store.close();
  }
}

/** The "server": opens the catalogue and measures; prints one JSON line. */
async function child(mode, url, schema) {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const sampler = setInterval(sample, 50);
  const started = performance.now();
  const store = await createPostgresStorage({ connectionString: url, schema });
  // "Before": without `queries` the catalogue loads every position into its in-memory port.
  const storage = mode === 'memory' ? { ...store, queries: undefined } : store;
  const catalogue = await createCatalogue({ storage });
  const result = { 'start-up': `${((performance.now() - started) / 1000).toFixed(2)} s`, 'RSS after start-up': `${mib(process.memoryUsage().rss)} MiB` };
  const ms = (v) => `${v.toFixed(1)} ms`;
  const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
  const timed = async (times, task) => {
    const samples = [];
    for (let i = 0; i < times; i += 1) {
      const t = performance.now();
      await task(i);
      samples.push(performance.now() - t);
      sample();
    }
    return { samples, text: `p50 ${ms(pct(samples, 50))}, p95 ${ms(pct(samples, 95))} (n=${samples.length})` };
  };
  const decisions = [];
  const head = async () => (await catalogue.queue({ limit: 1 })).items[0].position;
  const skip = await timed(30, async () => catalogue.skipPosition({ position_id: (await head()).position_id }));
  decisions.push(...skip.samples);
  result['decision: skip (incl. reading the queue head)'] = skip.text;
  const match = await timed(30, async () => {
    const position = await store.getPosition((await head()).position_id);
    await catalogue.matchPosition({ position_id: position.position_id, service_id: position.candidates[0].service_id, apply_to_identical: false });
  });
  decisions.push(...match.samples);
  result['decision: match'] = match.text;
  const undo = await timed(20, () => catalogue.undoDecision());
  decisions.push(...undo.samples);
  result['decision: undo'] = undo.text;
  result['decision: all'] = `p50 ${ms(pct(decisions, 50))}, p95 ${ms(pct(decisions, 95))} (n=${decisions.length})`;
  const words = ['узи', 'прием терапевта', 'общий анализ крови', 'мрт', 'консультация', 'магний'];
  // After a decision the search cache is gone: the first search of each word after a write is what is timed.
  result.search = (await timed(30, async (i) => catalogue.search({ q: words[i % words.length] }))).text;
  const services = (await catalogue.listServices({ limit: 50 })).items.map((s) => s.service_id);
  result.comparison = (await timed(30, (i) => catalogue.compareService(services[i % services.length]))).text;
  result.stats = (await timed(20, () => catalogue.stats())).text;
  result['queue page (50)'] = (await timed(30, (i) => catalogue.queue({ limit: 50, offset: (i % 10) * 50 }))).text;
  // Search right after a decision (no cached hits): what an analyst sees after each decision.
  result['search after a decision'] = (await timed(10, async (i) => {
    await catalogue.skipPosition({ position_id: (await head()).position_id }).then(() => undefined);
    return catalogue.search({ q: words[i % words.length] });
  })).text + ' (incl. the skip)';
  clearInterval(sampler);
  sample();
  result['RSS at the end'] = `${mib(process.memoryUsage().rss)} MiB`;
  result['peak RSS'] = `${mib(peak)} MiB`;
  await catalogue.close();
  console.log(JSON.stringify(result));
}
