import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Service } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { CLINIC7_CSV_NAME, clinic7CsvBytes } from './price-file.js';
import { startTestServer, type TestServer } from './test-server.js';
import { describeEachStore } from './test-stores.js';

function upload(bytes: Uint8Array, fileName: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes]), fileName);
  return form;
}

interface Job {
  job_id: string;
  status: string;
  files: { file: string; state: string }[];
  report: { files: { status: string; code?: string; duplicate_of?: { file_name: string; ingested_at: string } }[] } | null;
}

interface SearchAnswer {
  items: { service: { service_id: string; name: string } }[];
  total: number;
  corrections: { from: string; to: string }[];
}

async function getJson<T>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T;
}

async function settled(server: TestServer, location: string): Promise<Job> {
  for (;;) {
    const job = (await (await fetch(new URL(location, server.url))).json()) as Job;
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachStore('the analyst’s views over HTTP, on the real dictionary', (store) => {
  let services: Service[];
  let server: TestServer;
  beforeAll(async () => {
    services = await loadDefaultDictionary();
    server = await startTestServer({ services, catalogue: await store.openCatalogue(services) });
  });
  afterAll(() => server.close());

  it('finds «Прием кардиолога» for «кардиолго» and the ОАК entries for «общий анализ крови»', async () => {
    const typo = await getJson<SearchAnswer>(server.at(`api/search?q=${encodeURIComponent('кардиолго')}`));
    expect(typo.items.map((hit) => hit.service.name)).toContain('Прием кардиолога');
    expect(typo.corrections).toEqual([{ from: 'кардиолго', to: 'кардиолога' }]);
    const words = await getJson<SearchAnswer>(server.at(`api/search?q=${encodeURIComponent('общий анализ крови')}`));
    const names = words.items.map((hit) => hit.service.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.startsWith('ОАК'))).toBe(true);
  });

  it('counts every service found for «узи» and pages past the first 50', async () => {
    const first = await getJson<SearchAnswer>(server.at('api/search?q=узи&limit=50'));
    const rest = await getJson<SearchAnswer>(server.at(`api/search?q=узи&limit=50&offset=50`));
    expect(first.items).toHaveLength(50);
    expect(first.total).toBeGreaterThan(50);
    expect(rest.items).toHaveLength(first.total - 50);
    expect(rest.total).toBe(first.total);
    expect((await fetch(server.at('api/search?q=узи&offset=-1'))).status).toBe(400);
  });

  it('answers an upload at once with a job, then the report; the same file again is reported with its date', async () => {
    const started = await fetch(server.at('api/ingest-jobs'), { method: 'POST', body: upload(clinic7CsvBytes(), CLINIC7_CSV_NAME) });
    expect(started.status).toBe(202);
    const location = started.headers.get('location')!;
    expect(location).toMatch(/^\/api\/ingest-jobs\/job/);
    const first = await settled(server, location);
    expect(first.files).toEqual([{ file: CLINIC7_CSV_NAME, state: 'done', report: expect.objectContaining({ positions: 5 }) }]);

    const again = await fetch(server.at('api/ingest-jobs'), { method: 'POST', body: upload(clinic7CsvBytes(), 'копия.csv') });
    const duplicate = await settled(server, again.headers.get('location')!);
    expect(duplicate.report!.files[0]).toMatchObject({ status: 'error', code: 'ALREADY_INGESTED', duplicate_of: { file_name: CLINIC7_CSV_NAME } });
    const stats = await getJson<{ positions: number }>(server.at('api/stats'));
    expect(stats.positions).toBe(5);

    const forced = await fetch(server.at('api/ingest-jobs?again=true'), { method: 'POST', body: upload(clinic7CsvBytes(), 'копия.csv') });
    expect((await settled(server, forced.headers.get('location')!)).report!.files[0]!.status).not.toBe('error');
    expect((await getJson<{ positions: number }>(server.at('api/stats'))).positions).toBe(10);
    expect((await fetch(server.at('api/ingest-jobs/job_unknown'))).status).toBe(404);
    expect((await fetch(server.at('api/ingest-jobs?again=maybe'), { method: 'POST', body: upload(clinic7CsvBytes(), 'x.csv') })).status).toBe(400);
  });

  it('keeps POST /ingest storing a re-upload (old clients), and answers 409 when asked to report duplicates', async () => {
    const plain = await fetch(server.at('api/ingest'), { method: 'POST', body: upload(clinic7CsvBytes(), CLINIC7_CSV_NAME) });
    expect(plain.status).toBe(200);
    const reported = await fetch(server.at('api/ingest?duplicates=report'), { method: 'POST', body: upload(clinic7CsvBytes(), CLINIC7_CSV_NAME) });
    expect(reported.status).toBe(409);
    expect(((await reported.json()) as { error: { code: string } }).error.code).toBe('ALREADY_INGESTED');
  });

  it('serves a service’s price history and the dashboard’s figures', async () => {
    // Whatever the matcher decided, an analyst's match makes the first row of the list a normalized line.
    const position = (await getJson<{ items: { position_id: string }[] }>(server.at('api/positions?limit=1'))).items[0]!;
    const serviceId = (await getJson<SearchAnswer>(server.at(`api/search?q=${encodeURIComponent('прием терапевта')}&limit=1`))).items[0]!.service.service_id;
    const matched = await fetch(server.at('api/match'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ position_id: position.position_id, service_id: serviceId, apply_to_identical: false }),
    });
    expect(matched.status).toBe(200);
    const history = await getJson<{ clinics: { points: unknown[] }[] }>(server.at(`api/services/${serviceId}/history`));
    expect(history.clinics[0]!.points.length).toBeGreaterThan(0);
    expect((await fetch(server.at('api/services/nope/history'))).status).toBe(404);
    expect((await fetch(server.at(`api/services/${serviceId}/history?price_kind=cheap`))).status).toBe(400);
    type Row = { positions: number; cumulative_share: number };
    const dashboard = await getJson<{ clinics: Row[]; ingests: Row[] }>(server.at('api/dashboard'));
    const sum = (rows: Row[]) => rows.reduce((total, row) => total + row.positions, 0);
    const stats = await getJson<{ positions: number; normalized_share: number }>(server.at('api/stats'));
    expect([sum(dashboard.clinics), sum(dashboard.ingests)]).toEqual([stats.positions, stats.positions]);
    expect(dashboard.ingests.at(-1)!.cumulative_share).toBe(stats.normalized_share);
  });
});
