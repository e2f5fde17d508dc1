import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, type Service } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { postgresTarget } from '@pricecat/core/testing/postgres';
import { startTestServer, type TestServer } from './test-server.js';
import { openPostgresStore } from './test-stores.js';

/** «Магний (Mg)» twice: magnesium in blood or in urine, so both rows wait in the queue (queue.test.ts). */
const LIST = ['"№";"Наименование услуги";"Цена, тенге"', '1;Магний (Mg);1 500', '2;Магнитотерапия;1 600', '3;Магний (Mg);1 700', ''].join('\r\n');

const target = postgresTarget();

describe.skipIf(!target.url)(`two pricecat servers on one PostgreSQL database${target.skip ? ` (skipped: ${target.skip})` : ''}`, () => {
  let services: Service[];
  let first: TestServer;
  let second: TestServer;
  const post = (server: TestServer, path: string, body?: unknown) =>
    fetch(server.at(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  beforeAll(async () => {
    services = await loadDefaultDictionary();
    const schema = 'two_servers';
    first = await startTestServer({ catalogue: await createCatalogue({ storage: await openPostgresStore(schema), services }) });
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode(LIST)]), 'Клиника Тест прайс 2025.csv');
    expect((await fetch(first.at('api/ingest'), { method: 'POST', body: form })).status).toBe(200);
    // The second server starts on the same database after the upload, as a second instance behind a balancer would.
    second = await startTestServer({ catalogue: await createCatalogue({ storage: await openPostgresStore(schema) }) });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('serves what the other server ingested', async () => {
    const queue = (await (await fetch(second.at('api/queue'))).json()) as { total: number };
    expect(queue.total).toBe(2);
  });

  it('answers 409 with a message to act on when a position was decided on the other server meanwhile', async () => {
    const queue = (await (await fetch(second.at('api/queue'))).json()) as { items: { position: { position_id: string } }[] };
    const positionId = queue.items[0]!.position.position_id;
    expect((await post(first, 'api/skip', { position_id: positionId })).status).toBe(200);

    // The analyst on the second server saw the position queued, and says so (the queue screen does).
    const late = await post(second, 'api/match', { position_id: positionId, apply_to_identical: false, expected_status: 'queued' });
    expect(late.status).toBe(409);
    const { error } = (await late.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('CONFLICT');
    // The second server reads the database, so it already sees the skip and refuses before writing (the store's
    // own check, «changed by someone else … reload the queue», covers the race; core postgres.test.ts).
    expect(error.message).toMatch(/was skipped|изменил кто-то другой.*пропущена.*обновите очередь/s);

    // Reloading the queue, as the message says, shows the position gone: the refused server dropped its stale view.
    const reloaded = (await (await fetch(second.at('api/queue'))).json()) as { items: { position: { position_id: string } }[] };
    expect(reloaded.items.map((item) => item.position.position_id)).not.toContain(positionId);
  });

  it('sees the other server\'s later ingest and decisions without a restart (reads go to the database)', async () => {
    const schema = 'two_servers_live';
    const a = await startTestServer({ catalogue: await createCatalogue({ storage: await openPostgresStore(schema), services }) });
    const b = await startTestServer({ catalogue: await createCatalogue({ storage: await openPostgresStore(schema) }) });
    try {
      const get = async <T>(server: TestServer, path: string) => (await (await fetch(server.at(path))).json()) as T;
      type Queue = { total: number; items: { position: { position_id: string } }[] };
      type Hits = { items: { service: { name: string }; clinics: { name: string }[] }[] } | { service: { name: string }; clinics: { name: string }[] }[];
      const clinicsFound = async (server: TestServer) => {
        const body = await get<Hits>(server, `api/search?q=${encodeURIComponent('магнитотерапия')}`);
        const hits = Array.isArray(body) ? body : body.items;
        return hits.flatMap((hit) => hit.clinics.map((clinic) => clinic.name));
      };
      expect((await get<Queue>(b, 'api/queue')).total).toBe(0);
      expect(await clinicsFound(b)).toEqual([]);

      const form = new FormData();
      form.append('file', new Blob([new TextEncoder().encode(LIST)]), 'Клиника Живая прайс 2025.csv');
      expect((await fetch(a.at('api/ingest'), { method: 'POST', body: form })).status).toBe(200);

      // B started before the upload and was told nothing: it reads the database.
      const queue = await get<Queue>(b, 'api/queue');
      expect(queue.total).toBe(2);
      expect((await clinicsFound(b)).length).toBe(1);
      expect((await get<{ positions: number }>(b, 'api/stats')).positions).toBe(3);

      // A decision on A leaves B's queue at once, and one on B leaves A's.
      const [firstId, secondId] = queue.items.map((item) => item.position.position_id);
      expect((await post(a, 'api/skip', { position_id: firstId })).status).toBe(200);
      expect((await get<Queue>(b, 'api/queue')).items.map((item) => item.position.position_id)).toEqual([secondId]);
      expect((await post(b, 'api/skip', { position_id: secondId })).status).toBe(200);
      expect((await get<Queue>(a, 'api/queue')).total).toBe(0);
      expect((await get<{ skipped: number }>(a, 'api/stats')).skipped).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
