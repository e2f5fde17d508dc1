import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Service } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { startTestServer, type TestServer } from './test-server.js';
import { describeEachStore } from './test-stores.js';

/**
 * A small list in the shape of the real ones (CSV as a Russian Excel exports it). «Магний (Mg)» twice:
 * the dictionary has magnesium in blood and in urine, so a person decides (queued). «Бахилы
 * одноразовые» (shoe covers) is no medical service at all (unrecognized); «Магнитотерапия» is a
 * dictionary name as it stands (normalized).
 */
const LIST = [
  '"№";"Наименование услуги";"Цена, тенге"',
  '1;Магний (Mg);1 500',
  '2;Магнитотерапия;1 600',
  '3;Магний (Mg);1 700',
  '4;Бахилы одноразовые;100',
  '',
].join('\r\n');

interface QueueItem {
  position: { position_id: string; raw_name: string; confidence: number; clinic_name: string; file_name: string; price: number };
  suggestion: { service_id: string; name: string } | null;
  alternatives: { service_id: string }[];
}
interface Page<T> {
  items: T[];
  total: number;
}

describeEachStore('verification queue over HTTP', (store) => {
  let services: Service[];
  let server: TestServer;
  const get = async <T>(path: string): Promise<T> => (await fetch(server.at(path))).json() as Promise<T>;
  const post = (path: string, body?: unknown, type = 'application/json') =>
    fetch(server.at(path), { method: 'POST', headers: { 'content-type': type }, body: body === undefined ? undefined : JSON.stringify(body) });
  const errorOf = async (response: Response) => ({ status: response.status, ...((await response.json()) as { error: { code: string; message: string } }).error });

  beforeAll(async () => {
    services = await loadDefaultDictionary();
    server = await startTestServer({ services, catalogue: await store.openCatalogue(services) });
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode(LIST)]), 'Клиника Тест прайс 2025.csv');
    expect((await fetch(server.at('api/ingest'), { method: 'POST', body: form })).status).toBe(200);
  });
  afterAll(() => server.close());

  it('serves the queued rows with the position, its file and a suggestion', async () => {
    const queue = await get<Page<QueueItem>>('api/queue');
    expect(queue.items.map((i) => i.position.raw_name)).toEqual(['Магний (Mg)', 'Магний (Mg)']);
    expect(queue.items[0]!.position).toMatchObject({ file_name: 'Клиника Тест прайс 2025.csv', price: 1500 });
    expect(queue.items[0]!.suggestion?.name).toMatch(/Магний/);
    const unmatched = await get<Page<{ raw_name: string; status: string }>>('api/unmatched?status=unrecognized');
    expect(unmatched.items.map((p) => p.raw_name)).toEqual(['Бахилы одноразовые']);
  });

  it('rejects malformed requests with 400 and a message naming the problem', async () => {
    expect(await errorOf(await post('api/match', {}))).toMatchObject({ status: 400, code: 'INVALID_INPUT', message: expect.stringContaining('position_id') });
    expect(await errorOf(await post('api/match', { position_id: 'x', apply_to_identical: 'yes' }))).toMatchObject({ status: 400, message: expect.stringContaining('apply_to_identical') });
    expect((await post('api/skip', 'position_id=x', 'text/plain')).status).toBe(400);
    expect(await errorOf(await fetch(server.at('api/queue?limit=0')))).toMatchObject({ status: 400, message: expect.stringContaining('limit') });
    expect(await errorOf(await fetch(server.at('api/unmatched?status=normalized')))).toMatchObject({ status: 400, message: expect.stringContaining('status') });
  });

  it('answers 404 for an unknown position or service, and success for a position an analyst already decided so', async () => {
    const [first] = (await get<Page<QueueItem>>('api/queue')).items;
    expect(await errorOf(await post('api/match', { position_id: 'pos_unknown' }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await errorOf(await post('api/match', { position_id: first!.position.position_id, service_id: 'svc_unknown' }))).toMatchObject({ status: 404 });
    // A wrong automatic match is withdrawn by a skip; skipping it again is the same decision: a success, nothing written.
    const automatic = (await get<Page<{ position_id: string; method: string }>>('api/positions?status=normalized')).items[0]!;
    expect(automatic.method).not.toBe('manual');
    expect((await post('api/skip', { position_id: automatic.position_id })).status).toBe(200);
    const again = await post('api/skip', { position_id: automatic.position_id });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ already_decided: true, position_ids: [automatic.position_id] });
    expect((await post('api/undo')).status).toBe(200);
  });

  it('confirms a suggestion for both identical rows, and undo brings both back', async () => {
    const [first] = (await get<Page<QueueItem>>('api/queue')).items;
    const matched = await post('api/match', { position_id: first!.position.position_id });
    expect(matched.status).toBe(200);
    const result = (await matched.json()) as { position_ids: string[]; service: Service; learned_synonym: { name_norm: string } };
    expect(result.position_ids).toHaveLength(2);
    expect(result.service.service_id).toBe(first!.suggestion?.service_id);
    expect((await get<Page<QueueItem>>('api/queue')).total).toBe(0);
    // Regression: issue 20 — the identical row's own Enter, after the first decision settled it, was a 409.
    const second = result.position_ids.find((id) => id !== first!.position.position_id)!;
    const twin = await post('api/match', { position_id: second });
    expect(twin.status).toBe(200);
    expect(await twin.json()).toMatchObject({ already_decided: true, position_ids: [second] });
    expect((await get<Page<QueueItem>>('api/queue')).total).toBe(0);

    const undone = await post('api/undo');
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as { position_ids: string[] }).position_ids.sort()).toEqual([...result.position_ids].sort());
    expect((await get<Page<QueueItem>>('api/queue')).total).toBe(2);
    expect(await errorOf(await post('api/undo'))).toMatchObject({ status: 409, message: expect.stringContaining('Отменять нечего') });
  });

  it('documents the queue routes and their answers in the OpenAPI document', async () => {
    const spec = await get<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>('api/openapi.json');
    expect(Object.keys(spec.paths['/match']!.post!.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409']));
    expect(Object.keys(spec.paths['/undo']!.post!.responses)).toEqual(expect.arrayContaining(['200', '409']));
    expect(spec.paths['/queue']!.get).toBeDefined();
    expect(spec.paths['/unmatched']!.get).toBeDefined();
  });
});
