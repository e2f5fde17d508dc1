import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Service } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { startTestServer, type TestServer } from './test-server.js';
import { describeEachStore } from './test-stores.js';

/**
 * The list of queue.test.ts: «Магний (Mg)» twice (blood or urine? queued), «Магнитотерапия» (normalized), «Бахилы
 * одноразовые» (unrecognized), plus «Кальций (Ca)» (blood or urine too: queued).
 */
const LIST = [
  '"№";"Наименование услуги";"Цена, тенге"',
  '1;Магний (Mg);1 500',
  '2;Магнитотерапия;1 600',
  '3;Магний (Mg);1 700',
  '4;Бахилы одноразовые;100',
  '5;Кальций (Ca);900',
  '',
].join('\r\n');

interface QueueItem {
  position: { position_id: string; raw_name: string; confidence: number; clinic_id: string };
  suggestion: { service_id: string; name: string; category: string; method: string } | null;
}
interface Page<T> {
  items: T[];
  total: number;
}

describeEachStore('queue tools over HTTP: filters, bulk acceptance, decision log, context', (store) => {
  let services: Service[];
  let server: TestServer;
  const get = async <T>(path: string): Promise<T> => (await fetch(server.at(path))).json() as Promise<T>;
  const post = (path: string, body?: unknown) =>
    fetch(server.at(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const errorOf = async (response: Response) => ({ status: response.status, ...((await response.json()) as { error: { code: string; message: string } }).error });

  beforeAll(async () => {
    services = await loadDefaultDictionary();
    server = await startTestServer({ services, catalogue: await store.openCatalogue(services) });
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode(LIST)]), 'Клиника Тест прайс 2025.csv');
    expect((await fetch(server.at('api/ingest'), { method: 'POST', body: form })).status).toBe(200);
  });
  afterAll(() => server.close());

  it('filters the queue on the server by category, method, clinic and confidence, before paging', async () => {
    const all = await get<Page<QueueItem>>('api/queue');
    expect(all.items.map((i) => i.position.raw_name).sort()).toEqual(['Кальций (Ca)', 'Магний (Mg)', 'Магний (Mg)']);
    const category = all.items[0]!.suggestion!.category;
    const inCategory = await get<Page<QueueItem>>(`api/queue?category=${encodeURIComponent(category)}&limit=1`);
    expect(inCategory.total).toBe(all.items.filter((i) => i.suggestion?.category === category).length);
    expect(inCategory.items).toHaveLength(1);
    const method = all.items[0]!.suggestion!.method;
    expect((await get<Page<QueueItem>>(`api/queue?method=${method}`)).total).toBe(all.items.filter((i) => i.suggestion?.method === method).length);
    expect((await get<Page<QueueItem>>(`api/queue?clinic_id=${all.items[0]!.position.clinic_id}`)).total).toBe(3);
    const top = Math.max(...all.items.map((i) => i.position.confidence));
    expect((await get<Page<QueueItem>>(`api/queue?min_confidence=${top}`)).items.every((i) => i.position.confidence >= top)).toBe(true);
    expect(await errorOf(await fetch(server.at('api/queue?min_confidence=80')))).toMatchObject({ status: 400, message: expect.stringContaining('min_confidence') });
    expect(await errorOf(await fetch(server.at('api/queue?method=magic')))).toMatchObject({ status: 400, message: expect.stringContaining('method') });
  });

  it('counts the suggestions above X % first, accepts them as one batch, and one undo brings them all back', async () => {
    expect(await errorOf(await post('api/queue/accept-suggestions', { dry_run: true }))).toMatchObject({ status: 400, message: expect.stringContaining('min_confidence') });
    const preview = await post('api/queue/accept-suggestions', { min_confidence: 0, dry_run: true });
    expect(await preview.json()).toEqual({ accepted: 3, batch_id: null, dry_run: true });
    expect((await get<Page<QueueItem>>('api/queue')).total).toBe(3);
    const done = (await (await post('api/queue/accept-suggestions', { min_confidence: 0 })).json()) as { accepted: number; batch_id: string };
    expect(done.accepted).toBe(3);
    expect((await get<Page<QueueItem>>('api/queue')).total).toBe(0);
    const log = await get<Page<{ batch_id: string | null; followed_suggestion: boolean }>>('api/decisions');
    expect(log.total).toBe(3);
    expect(log.items.every((e) => e.batch_id === done.batch_id && e.followed_suggestion)).toBe(true);
    expect(await (await post('api/undo')).json()).toMatchObject({ decisions: 3, batch_id: done.batch_id });
    expect((await get<Page<QueueItem>>('api/queue')).total).toBe(3);
    expect((await get<Page<unknown>>('api/decisions')).total).toBe(0);
  });

  it('logs each decision with its suggestion and undoes one chosen from the log', async () => {
    const [first] = (await get<Page<QueueItem>>('api/queue')).items;
    await post('api/skip', { position_id: first!.position.position_id });
    const log = await get<Page<{ decision_id: string; action: string; user: string | null; undoable: boolean; position: { raw_name: string } }>>('api/decisions?action=skip');
    expect(log.items).toEqual([expect.objectContaining({ action: 'skip', user: null, undoable: true, position: expect.objectContaining({ raw_name: first!.position.raw_name }) })]);
    expect(await errorOf(await post('api/undo', { decision_id: 'dec_none' }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await post('api/undo', { decision_id: log.items[0]!.decision_id })).status).toBe(200);
    expect((await get<Page<unknown>>('api/decisions')).total).toBe(0);
    expect(await errorOf(await fetch(server.at('api/decisions?action=maybe')))).toMatchObject({ status: 400 });
  });

  it('pages the decision log newest first, with the total of the action asked for', async () => {
    const queue = (await get<Page<QueueItem>>('api/queue')).items;
    expect(queue).toHaveLength(3);
    await post('api/skip', { position_id: queue[0]!.position.position_id });
    await post('api/match', { position_id: queue[1]!.position.position_id, apply_to_identical: false });
    await post('api/skip', { position_id: queue[2]!.position.position_id });
    type Entry = { action: string; position: { position_id: string } };
    const ids = (page: Page<Entry>) => page.items.map((e) => `${e.action} ${e.position.position_id}`);
    const [a, b, c] = queue.map((i) => i.position.position_id);
    const newest = await get<Page<Entry>>('api/decisions?limit=2');
    expect([newest.total, ids(newest)]).toEqual([3, [`skip ${c}`, `match ${b}`]]);
    const oldest = await get<Page<Entry>>('api/decisions?limit=2&offset=2');
    expect([oldest.total, ids(oldest)]).toEqual([3, [`skip ${a}`]]);
    const skips = await get<Page<Entry>>('api/decisions?action=skip&offset=1');
    expect([skips.total, ids(skips)]).toEqual([2, [`skip ${a}`]]);
    expect((await get<Page<Entry>>('api/decisions?action=match')).total).toBe(1);
    for (let i = 0; i < 3; i++) expect((await post('api/undo')).status).toBe(200);
    expect((await get<Page<unknown>>('api/decisions')).total).toBe(0);
  });

  it('gives a position’s neighbouring rows and its row in the file', async () => {
    const [item] = (await get<Page<QueueItem>>('api/queue?category=&limit=500')).items.filter((i) => i.position.raw_name === 'Кальций (Ca)');
    const context = await get<{ rows: { raw_name: string; current: boolean }[]; source: { row: number } }>(`api/positions/${item!.position.position_id}/context`);
    expect(context.rows.map((r) => r.raw_name)).toEqual(['Магнитотерапия', 'Магний (Mg)', 'Бахилы одноразовые', 'Кальций (Ca)']);
    expect(context.rows.at(-1)!.current).toBe(true);
    expect(context.source.row).toBe(6);
    expect(await errorOf(await fetch(server.at('api/positions/pos_none/context')))).toMatchObject({ status: 404 });
  });

  it('documents the new routes in the OpenAPI document', async () => {
    const spec = await get<{ paths: Record<string, Record<string, unknown>> }>('api/openapi.json');
    expect(spec.paths['/queue/accept-suggestions']?.post).toBeDefined();
    expect(spec.paths['/decisions']?.get).toBeDefined();
    expect(spec.paths['/positions/{id}/context']?.get).toBeDefined();
  });
});
