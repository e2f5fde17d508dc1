// Decision latency on the embedded store when its decision log already holds many decisions, in-process through
// the catalogue (skips and matches of the queue's head, undos, pages of the decision log).
//
//   node packages/core/bench/decision-log.mjs prepare <dist> <dir> [decisions=20000] [positions=24000]
//   node packages/core/bench/decision-log.mjs time <dist> <dir>            (SKIPS=150 MATCHES=150 by default)
//
// `prepare` writes a data directory of the version 2 layout (the log inside catalogue.json, as pricecat wrote it
// before decisions.jsonl), whichever build <dist> is; `time` opens it with the build <dist> (a newer one converts
// it first, not timed) and decides. Time a copy: `time` changes the directory. To compare with an older pricecat,
// build its core (`npx tsup` in a checkout of it) and pass its dist.
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [mode, distArg, dir, decArg, posArg] = process.argv.slice(2);
const dist = resolve(distArg);
const { createLowdbStorage } = await import(pathToFileURL(join(dist, 'storage/lowdb.js')).href);
const { createCatalogue } = await import(pathToFileURL(join(dist, 'index.js')).href);

if (mode === 'prepare') {
  const decisions = Number(decArg ?? 20000);
  const total = Number(posArg ?? 24000);
  const store = await createLowdbStorage({ dir });
  const services = Array.from({ length: 200 }, (_, i) => ({ service_id: `svc-${i}`, name: `Услуга номер ${i}`, category: 'Прием', code: null, synonyms: [], source: 'dictionary' }));
  await store.saveServices(services);
  const lists = 4;
  const per = total / lists;
  const log = [];
  const t = '2026-01-01T00:00:00.000Z';
  for (let l = 0; l < lists; l++) {
    const list = `pl-${l}`;
    const positions = [];
    for (let k = 0; k < per; k++) {
      const n = l * per + k;
      const svc = `svc-${n % 200}`;
      const base = {
        position_id: `p-${n}`, price_list_id: list, clinic_id: `c-${l}`, raw_name: `Прием специалиста вариант ${n}`, name_norm: `прием специалиста вариант ${n}`,
        code: null, section: 'ПРИЕМ', unit: 'услуга', price: 1000 + n, price_nonresident: null,
        prices_raw: [{ role: 'resident', value: 1000 + n, raw: String(1000 + n), header: 'Цена, тг' }],
        service_id: null, confidence: 0.5 + (n % 40) / 100, method: 'fuzzy', status: 'queued',
        candidates: [{ service_id: svc, name: `Услуга номер ${n % 200}`, score: 0.5, method: 'fuzzy' }], warnings: [], source: { table: 'T', row: k + 1 },
      };
      if (n < decisions) {
        const match = n % 2 === 0;
        const decided = match ? { ...base, service_id: svc, method: 'manual', confidence: 1, status: 'normalized' } : { ...base, status: 'skipped', service_id: null, method: null, confidence: 0 };
        positions.push(decided);
        log.push({
          decision_id: `dec-old-${n}`, action: match ? 'match' : 'skip', created_at: t, decided_by: null, service_id: match ? svc : null,
          previous: [{ position_id: base.position_id, service_id: null, method: 'fuzzy', confidence: base.confidence, status: 'queued' }],
          synonym: match ? { name_norm: base.name_norm, service_id: svc, raw_name: base.raw_name, clinic_id: base.clinic_id, created_at: t } : null,
          replaced_synonym: null,
          skipped_items: match ? [] : [{ position_id: base.position_id, name_norm: base.name_norm, created_at: t }],
        });
      } else positions.push(base);
    }
    await store.savePriceList({
      clinic: { clinic_id: `c-${l}`, name: `Клиника ${l}`, city: null, bin: null, aliases: [], created_at: t },
      priceList: { price_list_id: list, clinic_id: `c-${l}`, file_name: `${list}.csv`, format: 'csv', effective_date: null, ingested_at: t, sha256: 's', status: 'ok', warnings: [], position_count: per },
      positions,
    });
  }
  await store.close();
  // The log as main's store keeps it: inside catalogue.json (version 2), with its synonyms and skipped items.
  const path = join(dir, 'catalogue.json');
  const catalogue = JSON.parse(await readFile(path, 'utf-8'));
  if (catalogue.version === 3) {
    // A build that keeps the log in decisions.jsonl: the directory is made a version 2 one all the same.
    delete catalogue.decision_log;
    catalogue.version = 2;
    await unlink(join(dir, 'decisions.jsonl'));
  }
  if (catalogue.version !== 2) throw new Error(`catalogue.json of version ${catalogue.version}: not a layout this script knows`);
  catalogue.decisions = log;
  catalogue.learnedSynonyms = log.flatMap((d) => (d.synonym ? [d.synonym] : []));
  catalogue.skippedItems = log.flatMap((d) => d.skipped_items);
  await writeFile(path, JSON.stringify(catalogue));
  console.log(`prepared ${dir}: ${total} positions, ${decisions} decisions; catalogue.json ${(Buffer.byteLength(JSON.stringify(catalogue)) / 1048576).toFixed(1)} MiB`);
} else {
  let started = performance.now();
  const storage = await createLowdbStorage({ dir });
  const catalogue = await createCatalogue({ storage });
  console.log(`open: ${(performance.now() - started).toFixed(0)} ms, log holds ${(await storage.listDecisions()).length} decisions`);
  const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
  const fmt = (s) => `median ${pct(s, 50).toFixed(1)} ms, p95 ${pct(s, 95).toFixed(1)} ms, max ${Math.max(...s).toFixed(1)} ms (n=${s.length})`;
  const head = async () => (await catalogue.queue({ limit: 1 })).items[0].position;
  const timed = async (n, task) => {
    const samples = [];
    for (let i = 0; i < n; i++) {
      const position = await head();
      const t = performance.now();
      await task(position);
      samples.push(performance.now() - t);
    }
    return samples;
  };
  const skip = await timed(Number(process.env.SKIPS ?? 150), (p) => catalogue.skipPosition({ position_id: p.position_id }));
  const match = await timed(Number(process.env.MATCHES ?? 150), (p) => catalogue.matchPosition({ position_id: p.position_id, apply_to_identical: false }));
  const undo = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await catalogue.undoDecision();
    undo.push(performance.now() - t);
  }
  const page = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await catalogue.decisionLog({ limit: 50, offset: (i % 10) * 50 });
    page.push(performance.now() - t);
  }
  console.log(`skip:  ${fmt(skip)}`);
  console.log(`match: ${fmt(match)}`);
  console.log(`undo:  ${fmt(undo)}`);
  console.log(`all decisions: ${fmt([...skip, ...match, ...undo])}`);
  console.log(`decision log page (50): ${fmt(page)}`);
  started = performance.now();
  await catalogue.close?.();
  await storage.close();
}
