/**
 * The route table against the running server: every route of `@pricecat/core/contract` is called over
 * 127.0.0.1 on a catalogue holding the real dictionary and two editions of a real price list (one
 * uploaded, one scanned from a watched folder), and each live answer is parsed by its route's schema
 * with every object strict, so a field the contract does not name, or one it names and the server does
 * not send, fails. The served OpenAPI document has an operation for each, and Koa registers no API
 * route the table lacks.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Koa from 'koa';
import type { Router } from '@koa/router';
import { createCatalogue, createMemoryStorage } from '@pricecat/core';
import { createNodeFolderAccess, loadDefaultDictionary } from '@pricecat/core/node';
import { describeIssues, exactShape, routes, schemas, type RouteName, type RouteSpec } from '@pricecat/core/contract';
import { createApp } from '../src/index.js';
import { CLINIC7_CSV, CLINIC7_CSV_NAME } from './price-file.js';
import { startTestServer, type TestServer } from './test-server.js';

/** The same clinic a year later, every price up by a fifth: a price change for each service. */
const NEXT_EDITION_NAME = 'Клиника 7 прайс 2027.csv';
const NEXT_EDITION = CLINIC7_CSV.replace(/(\d{1,2}) (\d{3})/g, (_, thousands: string, rest: string) => {
  const raised = Math.round(Number(thousands + rest) * 1.2);
  return `${Math.floor(raised / 1000)} ${String(raised % 1000).padStart(3, '0')}`;
});

/** Routes Koa serves that are not API routes: the document itself, its viewer and the web UI. */
const NOT_IN_TABLE = /^(GET \/api\/openapi\.json|GET \/api\/docs.*|GET \/(|app.*|assets.*|pricecat.*)|GET \/[^/]*\.(js|html|css|map|svg|ico))$/;

describe('every route of the contract on a live server', () => {
  let server: TestServer;
  let watchDir: string;
  const ids: Record<string, string> = {};
  const post = (path: string, body?: unknown) =>
    fetch(server.at(`api${path}`), { method: 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const get = (path: string) => fetch(server.at(`api${path}`));
  const firstId = async (path: string, pick: (item: Record<string, unknown>) => unknown): Promise<string> => {
    const page = (await (await get(path)).json()) as { items: Record<string, unknown>[] };
    const item = page.items[0];
    expect(item, `${path} has an item`).toBeDefined();
    return String(pick(item!));
  };

  /** One call per route, in an order where each finds the data it needs; a new route must add its call. */
  const calls: { readonly [K in RouteName]: () => Promise<Response> } = {
    ingest: () => fetch(server.at('api/ingest'), { method: 'POST', body: uploadForm() }),
    // The same file again, as a job: reported as already ingested (`duplicate_of`), then polled until done.
    startIngestJob: () => fetch(server.at('api/ingest-jobs'), { method: 'POST', body: uploadForm() }),
    getIngestJob: async () => {
      const jobs = await fetch(server.at('api/ingest-jobs'), { method: 'POST', body: uploadForm() });
      const { job_id } = (await jobs.json()) as { job_id: string };
      for (let polls = 0; ; polls++) {
        const answer = await get(`/ingest-jobs/${job_id}`);
        const { status } = (await answer.clone().json()) as { status: string };
        if (status !== 'running' || polls >= 200) return answer;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    updateSettings: () => post('/settings', { watch_folder: watchDir, scan_interval_minutes: 0 }),
    scan: () => post('/scan'),
    lastScan: () => get('/scan/last'),
    matchPosition: async () =>
      post('/match', { position_id: await firstId('/unmatched', (p) => p['position_id']), service_id: await serviceId() }),
    skipPosition: async () => post('/skip', { position_id: await firstId('/unmatched', (p) => p['position_id']) }),
    acceptSuggestions: () => post('/queue/accept-suggestions', { min_confidence: 0 }),
    listDecisions: () => get('/decisions'),
    undoDecision: () => post('/undo'),
    positionContext: async () => get(`/positions/${await firstId('/positions?limit=1', (p) => p['position_id'])}/context`),
    getSettings: () => get('/settings'),
    stats: () => get('/stats'),
    health: () => get('/health'),
    dashboard: () => get('/dashboard'),
    search: () => get(`/search?q=${encodeURIComponent('прием врача')}`),
    listServices: () => get('/services?limit=3'),
    getService: async () => get(`/services/${await serviceId()}`),
    compareService: async () => get(`/services/${await serviceId()}/partners`),
    servicePriceHistory: async () => get(`/services/${await serviceId()}/history`),
    listPartners: () => get('/partners'),
    partnerServices: async () => get(`/partners/${await firstId('/partners', (c) => c['clinic_id'])}/services`),
    listPositions: () => get('/positions?limit=5'),
    listPriceLists: () => get('/price-lists'),
    priceChanges: () => get('/price-changes'),
    reconcile: () => get(`/reconcile?queries=${encodeURIComponent(JSON.stringify({ q0: { query: 'Аутогемотерапия' } }))}`),
    reconcileBatch: () => post('/reconcile', { queries: { q0: { query: 'Первичный прием врача', limit: 2 } } }),
    listQueue: () => get('/queue'),
    listUnmatched: () => get('/unmatched'),
    listServiceProposals: () => get('/service-proposals'),
    createService: () => post('/services', { name: 'Услуга из теста контракта', category: 'Тест' }),
    exportWorkbook: () => get('/export.xlsx'),
  };
  const uploadForm = () => {
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode(CLINIC7_CSV)]), CLINIC7_CSV_NAME);
    return form;
  };
  const serviceId = async () => (ids['service'] ??= await firstId('/services?limit=1', (s) => s['service_id']));

  beforeAll(async () => {
    watchDir = await mkdtemp(join(tmpdir(), 'pricecat-contract-inbox-'));
    await writeFile(join(watchDir, NEXT_EDITION_NAME), NEXT_EDITION);
    const services = await loadDefaultDictionary();
    const folder = createNodeFolderAccess({ roots: [watchDir] });
    server = await startTestServer({ catalogue: await createCatalogue({ storage: createMemoryStorage(), services, folder }) });
  });
  afterAll(async () => {
    await server?.close();
    await rm(watchDir, { recursive: true, force: true });
  });

  it('calls every route of the table', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(routes).sort());
  });

  for (const name of Object.keys(calls) as RouteName[]) {
    const spec: RouteSpec = routes[name];
    it(`${spec.method.toUpperCase()} ${spec.path} (${name}) answers its schema`, async () => {
      const response = await calls[name]();
      const text = await response.clone().text();
      expect(response.status, text.slice(0, 500)).toBe(spec.status ?? 200);
      if (!('safeParse' in spec.response)) {
        expect(response.headers.get('content-type')).toBe(spec.response.contentType);
        return;
      }
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const parsed = exactShape(spec.response).safeParse(JSON.parse(text));
      expect(parsed.success, parsed.success ? '' : describeIssues(parsed.error)).toBe(true);
    });
  }

  it('found data behind the pages it read: a price change, a compared clinic, unmatched rows', async () => {
    const changes = (await (await get('/price-changes')).json()) as { total: number };
    expect(changes.total).toBeGreaterThan(0);
    const comparison = (await (await get(`/services/${await serviceId()}/partners`)).json()) as { clinics: number };
    expect(comparison.clinics).toBe(1);
    const unmatched = (await (await get('/unmatched')).json()) as { total: number };
    expect(unmatched.total).toBeGreaterThan(0);
  });

  it('answers refused input, an unknown id and a refused body with the Error schema, in Russian with its catalogue code', async () => {
    const answers = [
      await get('/queue?min_confidence=2'),
      await get('/positions/nope/context'),
      await post('/queue/accept-suggestions', { dry_run: true }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 404, 400]);
    for (const answer of answers) {
      const body: unknown = await answer.json();
      const parsed = exactShape(schemas.ErrorBody).safeParse(body);
      expect(parsed.success, parsed.success ? '' : describeIssues(parsed.error)).toBe(true);
      const { error } = body as { error: { message: string; message_code?: string } };
      expect(error.message_code).toMatch(/^[A-Z_]+$/);
      expect(error.message).toMatch(/[а-яё]/i);
    }
  });

  it('serves an OpenAPI operation, with its success answer, for every route of the table', async () => {
    const document = (await (await get('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    for (const [name, spec] of Object.entries(routes) as [RouteName, RouteSpec][]) {
      const operation = document.paths[spec.path]?.[spec.method];
      expect(operation?.operationId, `${spec.method} ${spec.path}`).toBe(name);
      expect(operation?.responses[String(spec.status ?? 200)]).toBeDefined();
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(Object.keys(routes).length);
  });

  it('serves a document whose every reference resolves inside it', async () => {
    const text = await (await get('/openapi.json')).text();
    const document = JSON.parse(text) as Record<string, Record<string, Record<string, unknown>>>;
    const references = new Set([...text.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!));
    expect(references.size).toBeGreaterThan(20);
    const dangling = [...references].filter((reference) => {
      const [, section, kind, name] = reference.split('/');
      return document[section!]?.[kind!]?.[name!] === undefined;
    });
    expect(dangling).toEqual([]);
    expect(text).not.toContain('$defs');
  });
});

describe('the route table against the routes Koa registers', () => {
  it('has an entry for every API route the app serves, and the app serves every entry', () => {
    const app = createApp({ catalogue: {} as never });
    const registered = new Set<string>();
    for (const middleware of (app as Koa & { middleware: unknown[] }).middleware) {
      const router = (middleware as { router?: Router }).router;
      for (const layer of router?.stack ?? []) {
        for (const method of layer.methods) if (method !== 'HEAD') registered.add(`${method} ${layer.path}`);
      }
    }
    const api = [...registered].filter((route) => !NOT_IN_TABLE.test(route)).sort();
    const table = Object.values(routes)
      .map((spec: RouteSpec) => `${spec.method.toUpperCase()} /api${spec.path.replace(/\{([^}]+)\}/g, ':$1')}`)
      .sort();
    expect(api).toEqual(table);
  });
});
