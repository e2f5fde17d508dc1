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

    const late = await post(second, 'api/match', { position_id: positionId, apply_to_identical: false });
    expect(late.status).toBe(409);
    const { error } = (await late.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toMatch(/changed by someone else.*skipped.*reload the queue/s);

    // Reloading the queue, as the message says, shows the position gone: the refused server dropped its stale view.
    const reloaded = (await (await fetch(second.at('api/queue'))).json()) as { items: { position: { position_id: string } }[] };
    expect(reloaded.items.map((item) => item.position.position_id)).not.toContain(positionId);
  });
});
