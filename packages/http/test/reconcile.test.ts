import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position, Service } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { startTestServer, type TestServer } from './test-server.js';

interface Candidate {
  id: string;
  name: string;
  score: number;
  match: boolean;
  type: { id: string; name: string }[];
}
type Answer = Record<string, { result: Candidate[] }>;

/**
 * A small price list as a clinic would export it from Excel (UTF-8 CSV, `;`): a code column, two section
 * headings, a dictionary name, loose variants and a row no dictionary holds, one row per service.
 */
const PRICE_CSV = [
  'Прейскурант медицинских услуг;;;',
  '№;Код услуги;Наименование услуги;Цена, тенге',
  ';;Консультации специалистов;',
  '1;A02.001.000.91;Первичный прием врача терапевта;13 000',
  '2;;Прием акушер-гинеколога;12 000',
  ';;Ультразвуковая диагностика;',
  '3;;УЗИ щитовидной железы и лимфоузлов;8 000',
  '4;;Консультация психолога;7 000',
  '5;;Аренда парковочного места;500',
  '',
].join('\r\n');

const THERAPIST = { query: 'Первичный прием врача терапевта', properties: [{ pid: 'code', v: 'A02.001.000.91' }] };

function postForm(server: TestServer, queries: unknown): Promise<Response> {
  return fetch(server.at('api/reconcile'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: new URLSearchParams({ queries: JSON.stringify(queries) }).toString(),
  });
}

function postJson(server: TestServer, body: unknown): Promise<Response> {
  return fetch(server.at('api/reconcile'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function getQueries(server: TestServer, queries: unknown): Promise<Response> {
  return fetch(server.at(`api/reconcile?queries=${encodeURIComponent(JSON.stringify(queries))}`));
}

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

let services: Service[];
let server: TestServer;
beforeAll(async () => {
  services = await loadDefaultDictionary();
  server = await startTestServer({ services });
});
afterAll(() => server.close());

describe('GET /api/reconcile: the service manifest', () => {
  it('describes a v0.2 service over the dictionary whose view link opens the API service route', async () => {
    const response = await fetch(server.at('api/reconcile'));
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      versions: ['0.2'],
      name: 'pricecat: справочник медицинских услуг',
      defaultTypes: [{ id: 'service', name: 'Медицинская услуга' }],
      view: { url: server.at('api/services/{{id}}').replace('%7B%7Bid%7D%7D', '{{id}}') },
    });
    expect(typeof manifest['identifierSpace']).toBe('string');
    expect(typeof manifest['schemaSpace']).toBe('string');
    expect(manifest).not.toHaveProperty('suggest');
    expect(manifest).not.toHaveProperty('preview');
  });

  it('wraps the manifest in the JSONP callback when one is given', async () => {
    const plain = await (await fetch(server.at('api/reconcile'))).json();
    const response = await fetch(server.at('api/reconcile?callback=jQuery123_456'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    const text = await response.text();
    const wrapped = /^\/\*\*\/ jQuery123_456\((.*)\);$/s.exec(text);
    expect(wrapped).not.toBeNull();
    expect(JSON.parse(wrapped![1]!)).toEqual(plain);
  });

  it('refuses a callback that is not a function name', async () => {
    const response = await fetch(server.at(`api/reconcile?callback=${encodeURIComponent('alert(1)//')}`));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toContain('`callback`');
  });
});

describe('reconciling queries', () => {
  const queries = {
    q0: { query: 'Прием акушер-гинеколога', type: 'service', limit: 3 },
    q1: THERAPIST,
    q2: { query: 'УЗИ щитовидной железы', properties: [{ pid: 'section', v: 'Ультразвуковая диагностика' }] },
  };

  it('gives the same answer by GET, by form POST (what OpenRefine sends) and by JSON POST', async () => {
    const byGet = await getQueries(server, queries);
    const byForm = await postForm(server, queries);
    const byJson = await postJson(server, { queries });
    for (const response of [byGet, byForm, byJson]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    const answer = (await byGet.json()) as Answer;
    expect(await byForm.json()).toEqual(answer);
    expect(await byJson.json()).toEqual(answer);

    expect(Object.keys(answer).sort()).toEqual(['q0', 'q1', 'q2']);
    expect(answer['q0']!.result.length).toBeLessThanOrEqual(3);
    const gynecologist = services.find((s) => s.name === 'Прием акушер-гинеколога')!;
    expect(answer['q0']!.result[0]).toMatchObject({ id: gynecologist.service_id, name: 'Прием акушер-гинеколога', match: true });
    for (const candidate of Object.values(answer).flatMap((a) => a.result)) {
      expect(candidate.type).toEqual([{ id: 'service', name: 'Медицинская услуга' }]);
      expect(typeof candidate.score).toBe('number');
    }
  });

  it('ignores property ids it does not know', async () => {
    const withUnknown = { q0: { ...THERAPIST, properties: [...THERAPIST.properties, { pid: 'colour', v: 'green' }] } };
    const answer = (await (await getQueries(server, withUnknown)).json()) as Answer;
    const plain = (await (await getQueries(server, { q0: THERAPIST })).json()) as Answer;
    expect(answer).toEqual(plain);
  });

  it('answers an empty result for a type other than «service»', async () => {
    const answer = (await (await getQueries(server, { q0: { query: 'Прием терапевта', type: 'clinic' } })).json()) as Answer;
    expect(answer).toEqual({ q0: { result: [] } });
  });
});

describe('reconcile errors and CORS', () => {
  it('answers the CORS preflight with the allowed methods and headers', async () => {
    const response = await fetch(server.at('api/reconcile'), {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:3333', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('Content-Type');
  });

  it('answers 400 INVALID_INPUT, with CORS, when `queries` is not JSON', async () => {
    const response = await fetch(server.at('api/reconcile?queries=%7Bq0'));
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const error = await errorOf(response);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('`queries`');
  });

  it('answers 400 when `queries` is a list instead of an object', async () => {
    const response = await postForm(server, [{ query: 'Прием терапевта' }]);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('INVALID_INPUT');
  });

  it('answers 400 naming the query that has no `query`', async () => {
    const response = await postJson(server, { queries: { q0: { query: 'Прием терапевта' }, q7: { type: 'service' } } });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const error = await errorOf(response);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('`q7`');
  });

  it('answers 400 for a POST without `queries`', async () => {
    const response = await fetch(server.at('api/reconcile'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=x',
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toContain('`queries`');
  });

  it('answers 400, with CORS, for a JSON body that does not parse', async () => {
    const response = await fetch(server.at('api/reconcile'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"queries":' });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 400 for a batch of more than 100 queries', async () => {
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`q${i}`, { query: 'Прием терапевта' }]));
    const response = await postJson(server, { queries: many });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toContain('100');
  });
});

describe('reconcile agrees with ingest', () => {
  let ingested: TestServer;
  beforeAll(async () => {
    ingested = await startTestServer({ services });
  });
  afterAll(() => ingested.close());

  it('gives every name, code and section of an ingested list the service, confidence and decision ingest recorded', async () => {
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode(PRICE_CSV)]), 'Клиника 12 прайс 2026.csv');
    expect((await fetch(ingested.at('api/ingest'), { method: 'POST', body: form })).status).toBe(200);
    const positions = ((await (await fetch(ingested.at('api/positions'))).json()) as { items: Position[] }).items;
    expect(positions.map((p) => [p.raw_name, p.code, p.section])).toEqual([
      ['Первичный прием врача терапевта', 'A02.001.000.91', 'Консультации специалистов'],
      ['Прием акушер-гинеколога', null, 'Консультации специалистов'],
      ['УЗИ щитовидной железы и лимфоузлов', null, 'Ультразвуковая диагностика'],
      ['Консультация психолога', null, 'Ультразвуковая диагностика'],
      ['Аренда парковочного места', null, 'Ультразвуковая диагностика'],
    ]);

    const queries = Object.fromEntries(
      positions.map((p, i) => [
        `q${i}`,
        {
          query: p.raw_name,
          type: 'service',
          properties: [
            ...(p.code ? [{ pid: 'code', v: p.code }] : []),
            ...(p.section ? [{ pid: 'section', v: p.section }] : []),
          ],
        },
      ]),
    );
    const answer = (await (await postForm(ingested, queries)).json()) as Answer;

    positions.forEach((position, i) => {
      const result = answer[`q${i}`]!.result;
      const expectedFirst = position.service_id ?? position.candidates[0]?.service_id;
      if (expectedFirst === undefined) {
        expect(result, position.raw_name).toEqual([]);
      } else {
        expect(result[0], position.raw_name).toMatchObject({ id: expectedFirst, score: position.confidence });
      }
      // match: true exactly on the candidate ingest normalized to, nowhere for queued or unrecognized rows.
      expect(result.filter((c) => c.match).map((c) => c.id), position.raw_name).toEqual(
        position.status === 'normalized' ? [position.service_id] : [],
      );
    });
    // The list holds rows of both kinds, so both branches above were exercised.
    expect(positions.map((p) => p.status)).toContain('normalized');
    expect(positions.some((p) => p.status !== 'normalized')).toBe(true);
  });
});
