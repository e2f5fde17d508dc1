import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresTarget } from '../../test/helpers/postgres-cluster.js';
import pg from 'pg';
import { createPostgresStorage, type PostgresStorage } from './postgres.js';
import { PricecatError } from '../errors.js';
import type { Decision, Position } from './records.js';
import { migratePostgres, POSTGRES_MIGRATIONS } from './postgres-migrations.js';
import { CLINICS, POSITIONS, PRICE_LISTS, toJsonParam, upsertSql } from './postgres-tables.js';
import { samplePosition, samplePriceList, sampleWrite } from './sample-records.js';
import { defineStorageSuite } from './storage.suite.js';

const target = postgresTarget();

describe.skipIf(!target.url)(`storage: postgres${target.skip ? ` (skipped: ${target.skip})` : ''}`, () => {
  let url = '';
  let schemaCount = 0;
  let schema = '';
  beforeAll(async () => {
    url = await createTestDatabase(target.url!, 'storage');
  });
  // A fresh schema per case is far cheaper than a database per case; `makeStore` twice in one case opens it again.
  beforeEach(() => {
    schema = `case_${++schemaCount}`;
  });
  const open = (): Promise<PostgresStorage> => createPostgresStorage({ connectionString: url, schema });

  defineStorageSuite(open, { persistent: true });

  it('keeps NUL characters of a damaged text layer out of the database instead of failing', async () => {
    const store = await open();
    try {
      const position = samplePosition('p-1', 'pl-1', 'c-1', { raw_name: 'УЗИ\u0000 почек' });
      await store.savePriceList(sampleWrite('c-1', 'pl-1', [position]));
      expect((await store.getPosition('p-1'))?.raw_name).toBe('УЗИ почек');
    } finally {
      await store.close();
    }
  });

  it('refuses, with CONFLICT, a decision on a position another server decided meanwhile, and saves nothing of it', async () => {
    const [first, second] = await Promise.all([open(), open()]);
    try {
      const queued = samplePosition('p-1', 'pl-1', 'c-1', QUEUED);
      await first.savePriceList(sampleWrite('c-1', 'pl-1', [queued]));
      // Both analysts saw the position queued; the first one's skip lands.
      await first.saveDecision({ decision: skip('d-1', queued), positions: [{ ...queued, status: 'skipped' }] });
      const late = second.saveDecision({ decision: match('d-2', queued, 's-9'), positions: [matched(queued, 's-9')] });
      const error = await late.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PricecatError);
      expect(error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('обновите очередь') });
      expect((await second.getPosition('p-1'))?.status).toBe('skipped');
      expect((await second.listDecisions()).map((d) => d.decision_id)).toEqual(['d-1']);
      expect(await second.listLearnedSynonyms()).toEqual([]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('stores what a decision gives, whether it changes the decided columns alone or more of a position', async () => {
    const store = await open();
    try {
      const [a, b, c] = ['p-1', 'p-2', 'p-3'].map((id) => samplePosition(id, 'pl-1', 'c-1', { ...QUEUED, raw_name: `Позиция ${id}`, price: 100 }));
      await store.savePriceList(sampleWrite('c-1', 'pl-1', [a!, b!, c!]));
      const [sa, sb, sc] = [(await store.getPosition('p-1'))!, (await store.getPosition('p-2'))!, (await store.getPosition('p-3'))!];
      // A match of a position and its twin: status, service, method and confidence change, nothing else.
      const decided = [matched(sa, 's-9'), matched(sb, 's-9')];
      await store.saveDecision({ decision: { ...match('d-1', sa, 's-9'), previous: [sa, sb] }, positions: decided });
      expect([await store.getPosition('p-1'), await store.getPosition('p-2')]).toEqual(decided);
      // A write that also changes another field is stored whole.
      const repriced = { ...matched(sc, 's-8'), price: 250, warnings: ['цена исправлена'] };
      await store.saveDecision({ decision: match('d-2', sc, 's-8'), positions: [repriced] });
      expect(await store.getPosition('p-3')).toEqual(repriced);
      expect((await store.stats()).by_status).toMatchObject({ normalized: 3, queued: 0 });
    } finally {
      await store.close();
    }
  });

  it('puts the tables of servers opening one fresh schema at once in that schema, never in public', async () => {
    // Seen before the fix: 3 pairs in about 1,400 had a connection resolve the new schema's tables in public,
    // so its decisions checked rows that were not there and both of two decisions were accepted. A rare race:
    // this catches it only now and then, and the public schema must stay empty whatever the interleaving.
    for (let round = 0; round < 60; round++) {
      schema = `case_${++schemaCount}`;
      const [first, second] = await Promise.all([open(), open()]);
      try {
        await first.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1', QUEUED)]));
        expect((await second.getPosition('p-1'))?.status).toBe('queued');
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    }
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      expect((await admin.query("SELECT to_regclass('public.positions') AS t")).rows[0].t).toBeNull();
    } finally {
      await admin.end();
    }
  });

  it('lets exactly one of two simultaneous decisions on one position through', async () => {
    const [first, second] = await Promise.all([open(), open()]);
    try {
      const queued = samplePosition('p-1', 'pl-1', 'c-1', QUEUED);
      await first.savePriceList(sampleWrite('c-1', 'pl-1', [queued]));
      const outcomes = await Promise.allSettled([
        first.saveDecision({ decision: match('d-1', queued, 's-1'), positions: [matched(queued, 's-1')] }),
        second.saveDecision({ decision: match('d-2', queued, 's-2'), positions: [matched(queued, 's-2')] }),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.code)).toEqual(['CONFLICT']);
      expect(await first.listDecisions()).toHaveLength(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('decides and undoes at once on two servers without deadlock, the statistics counting every change', async () => {
    const [first, second] = await Promise.all([open(), open()]);
    try {
      const queued = Array.from({ length: 40 }, (_, i) => samplePosition(`p-${i}`, 'pl-1', 'c-1', { ...QUEUED, name_norm: `имя ${i}` }));
      await first.savePriceList(sampleWrite('c-1', 'pl-1', queued));
      await Promise.all(
        queued.map((p, i) =>
          i % 2
            ? first.saveDecision({ decision: skip(`d-${i}`, p), positions: [{ ...p, status: 'skipped' }] })
            : second.saveDecision({ decision: match(`d-${i}`, p, 's-1'), positions: [matched(p, 's-1')] }),
        ),
      );
      await Promise.all(queued.slice(0, 20).map((_, i) => (i % 3 ? first : second).revertDecision(`d-${i}`)));
      expect(await first.stats()).toMatchObject({ positions: 40, queued: 20, skipped: 10, normalized: 10, by_method: { manual: 10 } });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('decides while another server still has a price-list write open', async () => {
    const store = await open();
    const queued = samplePosition('p-1', 'pl-1', 'c-1', QUEUED);
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [queued]));
    const ingest = await store.pool.connect();
    try {
      await ingest.query('BEGIN');
      await ingest.query(
        "INSERT INTO positions (position_id, price_list_id, clinic_id, raw_name, name_norm, confidence, status, source) VALUES ('p-2', 'pl-1', 'c-1', 'x', 'x', 0.5, 'queued', '{}')",
      );
      const decided = store.saveDecision({ decision: skip('d-1', queued), positions: [{ ...queued, status: 'skipped' }] }).then(() => 'decided');
      const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000));
      expect(await Promise.race([decided, waited])).toBe('decided');
    } finally {
      await ingest.query('ROLLBACK');
      ingest.release();
      await store.close();
    }
  });

  it('keeps a clinic’s offer whole when a decision lands while the same clinic’s list is being written, and never waits for another clinic’s', async () => {
    const store = await open();
    const normalized = (id: string, list: string, clinic: string, price: number) =>
      samplePosition(id, list, clinic, { status: 'normalized', method: 'fuzzy', service_id: 's-1', price, price_nonresident: null });
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [normalized('p-1', 'pl-1', 'c-1', 1000), samplePosition('p-2', 'pl-1', 'c-1', { ...QUEUED, price: 12600 })]));
    await store.savePriceList(sampleWrite('c-2', 'pl-2', [samplePosition('p-3', 'pl-2', 'c-2', { ...QUEUED, price: 500 })]));
    const [p2, p3] = [(await store.getPosition('p-2'))!, (await store.getPosition('p-3'))!];
    const ingest = await store.pool.connect();
    try {
      // Another server's write of c-1 adds a line of s-1 and keeps its transaction open.
      await ingest.query('BEGIN');
      await ingest.query(
        `INSERT INTO positions (position_id, price_list_id, clinic_id, raw_name, name_norm, confidence, status, source, service_id, price)
         VALUES ('p-4', 'pl-1', 'c-1', 'x', 'x', 0.9, 'normalized', '{}', 's-1', 3000)`,
      );
      // A match at c-2 goes through at once.
      const other = store.saveDecision({ decision: match('d-1', p3, 's-1'), positions: [matched(p3, 's-1')] }).then(() => 'decided');
      const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000));
      expect(await Promise.race([other, waited])).toBe('decided');
      // A match at c-1 waits for that write, then counts its line too.
      const same = store.saveDecision({ decision: match('d-2', p2, 's-1'), positions: [matched(p2, 's-1')] });
      // Committed only once the decision waits on a lock: the decision then computes with a line it did not see at first.
      for (let tries = 0; ; tries++) {
        const { rows } = await store.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (rows[0]!.n > 0) break;
        if (tries > 200) throw new Error('the decision at c-1 never waited for the open write of c-1');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await ingest.query('COMMIT');
      await same;
      const prices = (await store.queries.servicePrices!(['s-1'], 'resident', { names: false })).get('s-1')!;
      expect(prices.clinic_ids).toEqual(['c-1', 'c-2']);
      // The median of 1000, 3000 and 12 600 at c-1; c-2's 500.
      expect(prices.lines.map((line) => [line.clinic_id, line.price])).toEqual([['c-1', 3000], ['c-2', 500]]);
      const lines = (await store.queries.servicePrices!(['s-1'], 'resident')).get('s-1')!.lines;
      expect(lines.map((line) => line.position_id)).toEqual(['p-1', 'p-2', 'p-4', 'p-3']);
      expect(await store.queries.pricedClinicCounts!(['s-1'], 'resident')).toEqual(new Map([['s-1', 2]]));
    } finally {
      await ingest.query('ROLLBACK').catch(() => {});
      ingest.release();
      await store.close();
    }
  });

  it('folds the counter rows of the statistics without changing a figure', async () => {
    const store = await open();
    try {
      await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1', QUEUED), samplePosition('p-2', 'pl-1', 'c-1')]));
      // As if thousands of decisions had each appended its change: +1 and -1 that cancel out.
      await store.pool.query("INSERT INTO position_counts (status, method, n) SELECT 'queued', '', (-1) ^ i FROM generate_series(1, 1200) AS i");
      const before = await store.stats();
      expect(before).toMatchObject({ positions: 2, queued: 1, normalized: 1 });
      const { rows } = await store.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM position_counts');
      expect(rows[0]!.n).toBeLessThanOrEqual(2);
      expect(await store.stats()).toEqual(before);
      expect((await store.queuePage()).total).toBe(1);
      // The query port (what the catalogue reads) folds them too.
      const counts = await store.queries.countPositions();
      await store.pool.query("INSERT INTO position_counts (status, method, n) SELECT 'queued', '', (-1) ^ i FROM generate_series(1, 1200) AS i");
      expect(await store.queries.countPositions()).toEqual(counts);
      const { rows: after } = await store.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM position_counts');
      expect(after[0]!.n).toBeLessThanOrEqual(2);
    } finally {
      await store.close();
    }
  });

  it('counts the clinics pricing each service as its positions say, through decisions, a next list and folding', async () => {
    const store = await open();
    const normalized = (id: string, list: string, clinic: string, service: string, extra: Partial<Position> = {}) =>
      samplePosition(id, list, clinic, { status: 'normalized', method: 'fuzzy', service_id: service, confidence: 0.9, ...extra });
    const KINDS = ['resident', 'nonresident', 'nonresident_far'] as const;
    const priceOf = (p: Position, kind: (typeof KINDS)[number]) =>
      kind === 'resident' ? p.price : kind === 'nonresident' ? p.price_nonresident : p.price_nonresident_far;
    // What the positions themselves say: per service, the clinics with a normalized offer priced in the kind.
    const fromPositions = async (kind: (typeof KINDS)[number]) => {
      const priced = new Map<string, Set<string>>();
      for (const p of await store.listPositions()) {
        if (p.status !== 'normalized' || p.kind === 'component' || p.service_id === null || priceOf(p, kind) === null) continue;
        priced.set(p.service_id, (priced.get(p.service_id) ?? new Set()).add(p.clinic_id));
      }
      return priced;
    };
    const services = ['s-1', 's-2', 's-3'];
    const fromPort = async (kind: (typeof KINDS)[number]) =>
      new Map([...(await store.queries.pricedClinics!(services, kind))].map(([id, clinics]) => [id, new Set(clinics)]));
    const counted = async (kind: (typeof KINDS)[number]) => {
      const counts = await store.queries.pricedClinicCounts!(services, kind);
      return new Map(services.flatMap((id) => ((counts.get(id) ?? 0) > 0 ? [[id, counts.get(id)]] : [])));
    };
    const expectAsPositions = async () => {
      for (const kind of KINDS) {
        const expected = await fromPositions(kind);
        expect(await fromPort(kind), kind).toEqual(expected);
        expect(await counted(kind), kind).toEqual(new Map([...expected].map(([id, clinics]) => [id, clinics.size])));
      }
    };
    try {
      await store.savePriceList(
        sampleWrite('c-1', 'pl-1', [
          normalized('p-1', 'pl-1', 'c-1', 's-1'),
          normalized('p-2', 'pl-1', 'c-1', 's-1', { price_nonresident: null, price_nonresident_far: 9000 }),
          normalized('p-3', 'pl-1', 'c-1', 's-2', { price: null }),
          normalized('p-4', 'pl-1', 'c-1', 's-3', { kind: 'component', package_id: 'p-1' }),
        ]),
      );
      await store.savePriceList(sampleWrite('c-2', 'pl-2', [normalized('p-5', 'pl-2', 'c-2', 's-1'), samplePosition('p-6', 'pl-2', 'c-2', QUEUED)]));
      await expectAsPositions();
      // Decisions: the queued one matched to s-2, c-2's only s-1 line skipped, then a next list of c-1 (an upsert of p-1).
      const [p5, p6] = [(await store.getPosition('p-5'))!, (await store.getPosition('p-6'))!];
      await store.updatePositions([{ ...p6, status: 'normalized', method: 'manual', service_id: 's-2' }]);
      await store.updatePositions([{ ...p5, status: 'skipped', method: null, service_id: null }]);
      await expectAsPositions();
      await store.savePriceList(sampleWrite('c-1', 'pl-3', [normalized('p-7', 'pl-3', 'c-1', 's-3'), normalized('p-1', 'pl-3', 'c-1', 's-2')]));
      await expectAsPositions();
      expect((await fromPositions('resident')).get('s-3')).toEqual(new Set(['c-1']));
      // Folded after the list: one count row per service.
      const { rows } = await store.pool.query<{ rows: number; keys: number }>(
        'SELECT count(*)::int AS rows, count(DISTINCT service_id)::int AS keys FROM service_clinic_counts',
      );
      expect(rows[0]!.rows).toBe(rows[0]!.keys);
    } finally {
      await store.close();
    }
  });

  it('keeps every position of price lists written at once by two servers', async () => {
    const [first, second] = await Promise.all([open(), open()]);
    try {
      const list = (n: number) =>
        sampleWrite(`c-${n}`, `pl-${n}`, Array.from({ length: 300 }, (_, i) => samplePosition(`p-${n}-${i}`, `pl-${n}`, `c-${n}`)));
      await Promise.all([1, 2, 3, 4].map((n) => (n % 2 ? first : second).savePriceList(list(n))));
      expect(await first.listPositions()).toHaveLength(1200);
      expect((await second.listPositions({ price_list_id: 'pl-3' })).map((p) => p.position_id)).toEqual(
        Array.from({ length: 300 }, (_, i) => `p-3-${i}`),
      );
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('streams positions from a cursor in batches, and gives the connection back when the reader stops early', async () => {
    const store = await open();
    try {
      const positions = Array.from({ length: 2500 }, (_, i) => samplePosition(`p-${i}`, 'pl-1', 'c-1', { status: i % 2 ? 'queued' : 'normalized' }));
      await store.savePriceList(sampleWrite('c-1', 'pl-1', positions));
      const batches: Position[][] = [];
      for await (const batch of store.streamPositions(undefined, 1000)) batches.push(batch);
      expect(batches.map((batch) => batch.length)).toEqual([1000, 1000, 500]);
      expect(batches.flat()).toEqual(positions);
      const queued: string[] = [];
      for await (const batch of store.streamPositions({ status: 'queued' }, 100)) queued.push(...batch.map((p) => p.position_id));
      expect(queued).toHaveLength(1250);
      for await (const _batch of store.streamPositions(undefined, 10)) break;
      expect(store.pool.idleCount).toBe(store.pool.totalCount);
      expect(await store.getPosition('p-7')).toEqual(positions[7]);
    } finally {
      await store.close();
    }
  });

  it('reads positions stored before packages as services (migration 6)', async () => {
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema},public` });
    try {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA ${schema}`);
        await migratePostgres(client, POSTGRES_MIGRATIONS.filter((migration) => migration.version <= 5));
        const before = { ...POSITIONS, columns: POSITIONS.columns.filter(([name]) => !['kind', 'package_id', 'price_nonresident_far'].includes(name)) };
        const { kind: _kind, package_id: _packageId, price_nonresident_far: _far, ...old } = samplePosition('p-old', 'pl-1', 'c-1');
        const write = sampleWrite('c-1', 'pl-1', []);
        await client.query(upsertSql(CLINICS), [toJsonParam([write.clinic])]);
        await client.query(upsertSql(PRICE_LISTS), [toJsonParam([write.priceList])]);
        await client.query(upsertSql(before), [toJsonParam([old])]);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
    const store = await open();
    try {
      expect(await store.getPosition('p-old')).toEqual(samplePosition('p-old', 'pl-1', 'c-1', { kind: 'service', package_id: null }));
    } finally {
      await store.close();
    }
  });

  it('fills the read model of search and comparison from the positions stored before it (migration 11)', async () => {
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema},public` });
    const normalized = (id: string, list: string, clinic: string, service: string, price: number | null, nonresident: number | null) =>
      samplePosition(id, list, clinic, { service_id: service, price, price_nonresident: nonresident });
    try {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA ${schema}`);
        await migratePostgres(client, POSTGRES_MIGRATIONS.filter((migration) => migration.version <= 10));
        // c-1: an older and a newer list; c-2: one list, where s-2 is offered without a resident price.
        const lists = [
          sampleWrite('c-1', 'pl-1', [normalized('p-1', 'pl-1', 'c-1', 's-1', 1000, 1500), normalized('p-2', 'pl-1', 'c-1', 's-1', 3000, null)]),
          {
            ...sampleWrite('c-1', 'pl-2', [normalized('p-3', 'pl-2', 'c-1', 's-1', 2000, null), normalized('p-4', 'pl-2', 'c-1', 's-1', 2600, null)]),
            priceList: samplePriceList('pl-2', 'c-1', { position_count: 2, effective_date: '2025-01-01' }),
          },
          sampleWrite('c-2', 'pl-3', [normalized('p-5', 'pl-3', 'c-2', 's-1', 500, null), normalized('p-6', 'pl-3', 'c-2', 's-2', null, 800), samplePosition('p-7', 'pl-3', 'c-2', QUEUED)]),
        ];
        for (const write of lists) {
          await client.query(upsertSql(CLINICS), [toJsonParam([write.clinic])]);
          await client.query(upsertSql(PRICE_LISTS), [toJsonParam([write.priceList])]);
          await client.query(upsertSql(POSITIONS), [toJsonParam(write.positions)]);
        }
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
    const store = await open();
    try {
      const lines = async (kind: 'resident' | 'nonresident') =>
        [...(await store.queries.servicePrices!(['s-1', 's-2'], kind))].map(([id, prices]) => [id, prices.clinic_ids, prices.lines.map((l) => l.position_id)]);
      // Per clinic the newest list pricing the kind: c-1's pl-2 for the resident price, its pl-1 for the non-resident one.
      expect(await lines('resident')).toEqual([['s-1', ['c-1', 'c-2'], ['p-3', 'p-4', 'p-5']], ['s-2', ['c-2'], []]]);
      expect(await lines('nonresident')).toEqual([['s-1', ['c-1', 'c-2'], ['p-1']], ['s-2', ['c-2'], ['p-6']]]);
      const medians = (await store.queries.servicePrices!(['s-1'], 'resident', { names: false })).get('s-1')!.lines;
      expect(medians.map((l) => [l.clinic_id, l.price])).toEqual([['c-1', 2300], ['c-2', 500]]);
      // A service no clinic prices in the kind has no count or 0.
      const counts = async (kind: 'resident' | 'nonresident') =>
        [...(await store.queries.pricedClinicCounts!(['s-1', 's-2'], kind))].filter(([, n]) => n > 0).sort();
      expect(await counts('resident')).toEqual([['s-1', 2]]);
      expect(await counts('nonresident')).toEqual([['s-1', 1], ['s-2', 1]]);
    } finally {
      await store.close();
    }
  });

  it('fills the far-abroad price of positions stored before it from their cells (migration 10)', async () => {
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema},public` });
    const far = [{ role: 'nonresident_far', value: 15240, raw: '15 240', header: 'Цена для граждан стран дальнего зарубежья' }] as const;
    try {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA ${schema}`);
        await migratePostgres(client, POSTGRES_MIGRATIONS.filter((migration) => migration.version < 10));
        const before = { ...POSITIONS, columns: POSITIONS.columns.filter(([name]) => name !== 'price_nonresident_far') };
        const old = (id: string, overrides: Partial<Position>) => {
          const { price_nonresident_far: _far, ...rest } = samplePosition(id, 'pl-1', 'c-1', overrides);
          return rest;
        };
        const write = sampleWrite('c-1', 'pl-1', []);
        await client.query(upsertSql(CLINICS), [toJsonParam([write.clinic])]);
        await client.query(upsertSql(PRICE_LISTS), [toJsonParam([write.priceList])]);
        await client.query(upsertSql(before), [
          toJsonParam([old('p-far', { price: null, price_nonresident: 15240, prices_raw: far }), old('p-near', {}), old('p-none', { prices_raw: [] })]),
        ]);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
    const store = await open();
    try {
      expect((await store.listPositions()).map((p) => [p.position_id, p.price_nonresident_far])).toEqual([
        ['p-far', 15240],
        ['p-near', null],
        ['p-none', null],
      ]);
    } finally {
      await store.close();
    }
  });

  it('gives a queue page deep in the queue (found on the index) exactly as the queue reads from its start', async () => {
    const store = await open();
    try {
      const write = (clinic: string, list: string, from: number) =>
        Array.from({ length: 1300 }, (_, i) =>
          samplePosition(`p-${from + i}`, list, clinic, { ...QUEUED, status: i % 7 === 0 ? 'normalized' : 'queued', confidence: ((from + i) * 37) % 11 / 10 }),
        );
      const [first, second] = [write('c-1', 'pl-1', 0), write('c-2', 'pl-2', 1300)];
      await store.savePriceList(sampleWrite('c-1', 'pl-1', first));
      await store.savePriceList(sampleWrite('c-2', 'pl-2', second));
      // The queue: most confident first, ties in ingest order.
      const queueOf = (positions: Position[]) =>
        positions
          .map((p, seq) => ({ p, seq }))
          .filter(({ p }) => p.status === 'queued')
          .sort((a, b) => b.p.confidence - a.p.confidence || a.seq - b.seq)
          .map(({ p }) => p.position_id);
      const whole = queueOf([...first, ...second]);
      for (const offset of [0, 999, 1000, 1037, 2000, whole.length - 10, whole.length, whole.length + 500]) {
        const page = await store.queries.queuePage({}, { limit: 50, offset });
        expect([offset, page.total, page.items.map((p) => p.position_id)]).toEqual([offset, whole.length, whole.slice(offset, offset + 50)]);
      }
      const clinic = queueOf(second);
      const page = await store.queries.queuePage({ clinic_id: 'c-2' }, { limit: 40, offset: 1010 });
      expect([page.total, page.items.map((p) => p.position_id)]).toEqual([clinic.length, clinic.slice(1010, 1050)]);
      expect((await store.queries.queuePage({}, { offset: 2000 })).items.map((p) => p.position_id)).toEqual(whole.slice(2000));
    } finally {
      await store.close();
    }
  });

  it('finds the decision that settled a position and a page of the log on indexes, never by reading the log (migration 9)', async () => {
    const store = await open();
    try {
      const positions = Array.from({ length: 300 }, (_, i) => samplePosition(`p-${i}`, 'pl-1', 'c-1', { ...QUEUED, name_norm: `имя ${i}` }));
      await store.savePriceList(sampleWrite('c-1', 'pl-1', positions));
      for (const [i, position] of positions.entries()) {
        const decision: Decision = {
          decision_id: `d-${i}`,
          action: i % 3 === 0 ? 'skip' : 'match',
          created_at: '2024-03-01T10:00:00.000Z',
          service_id: i % 3 === 0 ? null : 's-1',
          // A match applied to identical names: the position and its namesake before it.
          previous: i % 3 === 0 || i === 0 ? [position] : [position, positions[i - 1]!],
          synonym: null,
          replaced_synonym: null,
          skipped_items: [],
        };
        await store.saveDecision({ decision, positions: [] });
      }
      // p-10 is in the previous of d-10 and of d-11 (both matches): the newer one settles it.
      expect((await store.lastDecisionAbout!('p-10', 'match'))?.decision_id).toBe('d-11');
      expect((await store.lastDecisionAbout!('p-9', 'skip'))?.decision_id).toBe('d-9');
      expect((await store.lastDecisionAbout!('p-9', 'match'))?.decision_id).toBe('d-10');
      expect(await store.lastDecisionAbout!('p-2', 'skip')).toBeNull();
      const page = await store.decisionPage!({ action: 'match', limit: 3, offset: 150 });
      expect([page.total, page.decisions.map((d) => d.decision_id)]).toEqual([200, ['d-74', 'd-73', 'd-71']]);
      // The plans, with sequential scans ruled out as a planner would for a large log: both answered from an index.
      const client = await store.pool.connect();
      try {
        await client.query(`SET search_path TO ${schema}, public`);
        await client.query('SET enable_seqscan = off');
        const plan = async (sql: string, params: unknown[]) =>
          (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(
          await plan(
            "SELECT decision_id FROM decisions WHERE jsonb_path_query_array(previous, '$[*].position_id') @> jsonb_build_array($1::text) AND action = $2 ORDER BY seq DESC LIMIT 1",
            ['p-10', 'match'],
          ),
        ).toMatch(/decisions_previous_positions/);
        expect(await plan("SELECT seq FROM decisions WHERE action = $1 ORDER BY seq DESC OFFSET 150 LIMIT 1", ['match'])).toMatch(/decisions_action_seq/);
      } finally {
        client.release();
      }
    } finally {
      await store.close();
    }
  });

  it('refuses a database migrated by a newer pricecat, naming the versions', async () => {
    const store = await open();
    await store.pool.query("INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')");
    await store.close();
    await expect(open()).rejects.toMatchObject({ code: 'STORAGE_FAILED', message: expect.stringContaining('более новой версией pricecat (версия схемы 999') });
  });

  it('says which server it could not reach, without the password', async () => {
    const error = await createPostgresStorage({ connectionString: 'postgresql://me:secret@127.0.0.1:1/nowhere' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'STORAGE_FAILED', message: expect.stringContaining('127.0.0.1:1/nowhere') });
    expect((error as Error).message).not.toContain('secret');
  });
});

// ---- internal helpers ----

const QUEUED = { service_id: null, method: null, status: 'queued', confidence: 0.5 } as const;

function matched(position: Position, serviceId: string): Position {
  return { ...position, service_id: serviceId, method: 'manual', status: 'normalized', confidence: 1 };
}

function match(id: string, previous: Position, serviceId: string): Decision {
  const at = '2024-03-05T10:00:00.000Z';
  return {
    decision_id: id,
    action: 'match',
    created_at: at,
    service_id: serviceId,
    previous: [previous],
    synonym: { name_norm: previous.name_norm, service_id: serviceId, raw_name: previous.raw_name, clinic_id: previous.clinic_id, created_at: at },
    replaced_synonym: null,
    skipped_items: [],
  };
}

function skip(id: string, previous: Position): Decision {
  const at = '2024-03-05T10:00:00.000Z';
  return {
    decision_id: id,
    action: 'skip',
    created_at: at,
    service_id: null,
    previous: [previous],
    synonym: null,
    replaced_synonym: null,
    skipped_items: [{ position_id: previous.position_id, name_norm: previous.name_norm, created_at: at }],
  };
}
