import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { createCatalogue, createMemoryStorage, type Catalogue } from '@pricecat/core';
import { startTestServer, type TestServer } from './test-server.js';

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

describe('HTTP errors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ services: await loadDefaultDictionary() });
  });
  afterAll(() => server.close());

  it('answers 404 NOT_FOUND with the id for an unknown service', async () => {
    const response = await fetch(server.at('api/services/svc_does_not_exist'));
    expect(response.status).toBe(404);
    const error = await errorOf(response);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('svc_does_not_exist');
    // Beside the Russian text, its code in the catalogue and the values it names, for a client in another language.
    expect(error).toMatchObject({ message: expect.stringMatching(/^Нет услуги/), message_code: 'SERVICE_NOT_FOUND', params: { id: 'svc_does_not_exist' } });
  });

  it('answers 404 for the partners of an unknown service and the services of an unknown clinic', async () => {
    expect((await fetch(server.at('api/services/nope/partners'))).status).toBe(404);
    const response = await fetch(server.at('api/partners/nope/services'));
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe('NOT_FOUND');
  });

  it('answers 404 JSON for an unknown path under /api', async () => {
    const response = await fetch(server.at('api/no-such-thing'));
    expect(response.status).toBe(404);
    const error = await errorOf(response);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('GET /api/no-such-thing');
  });

  it.each([
    ['api/services?limit=abc', 'limit'],
    ['api/services?limit=0', 'limit'],
    ['api/services?limit=501', 'limit'],
    ['api/services?offset=-1', 'offset'],
    ['api/services?origin=imported', 'origin'],
    ['api/positions?status=done', 'status'],
    ['api/positions?method=magic', 'method'],
    ['api/services/x/partners?price_kind=tourist', 'price_kind'],
    ['api/search', 'q'],
    ['api/search?q=%20%20', 'q'],
    ['api/partners?limit=10&limit=20', 'limit'],
  ])('answers 400 INVALID_INPUT naming the parameter for %s', async (path, parameter) => {
    const response = await fetch(server.at(path));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain(`\`${parameter}\``);
  });

  it('answers 400 for a missing required query parameter in Russian only, without the English of the API document', async () => {
    const response = await fetch(server.at('api/search?q='));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('Нужен параметр запроса `q`');
    expect(error.message.replace(/`[^`]*`/g, '').replace(/\bAPI\b/g, '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('shows the example of a refused decision with its optional field marked in Russian', async () => {
    const response = await fetch(server.at('api/match'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.message).toContain('Нужно поле `position_id`');
    expect(error.message).toContain('"service_id": "…" (необязательно)');
  });

  it('answers 405 with the allowed methods for a wrong method', async () => {
    const response = await fetch(server.at('api/services'), { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    const error = await errorOf(response);
    expect(error.code).toBe('METHOD_NOT_ALLOWED');
    expect(error.message).toContain('GET');
  });

  it('answers 405 for GET on the upload endpoint', async () => {
    const response = await fetch(server.at('api/ingest'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('POST');
    expect((await errorOf(response)).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers 400 INVALID_JSON for a malformed JSON body', async () => {
    const response = await fetch(server.at('api/ingest'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"file": ',
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('INVALID_JSON');
  });

  it('answers health and paged lists with the documented shapes', async () => {
    expect(await (await fetch(server.at('api/health'))).json()).toEqual({ status: 'ok' });
    const page = (await (await fetch(server.at('api/services?limit=2&offset=1'))).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ total: 1281, limit: 2, offset: 1 });
    expect(page.items).toHaveLength(2);
    const positions = (await (await fetch(server.at('api/positions'))).json()) as Record<string, unknown>;
    expect(positions).toEqual({ items: [], total: 0, limit: 50, offset: 0 });
  });
});

describe('HTTP errors: unexpected failures', () => {
  it('answers 500 INTERNAL without details and logs the error once', async () => {
    const logged: unknown[] = [];
    const failure = new TypeError('cannot read properties of undefined (secret detail)');
    const real = await createCatalogue({ storage: createMemoryStorage() });
    // The real catalogue, except that its statistics break the way a bug would.
    const broken: Catalogue = { ...real, stats: () => Promise.reject(failure) };
    const server = await startTestServer({ catalogue: broken, logUnexpected: (error) => logged.push(error) });
    try {
      const response = await fetch(server.at('api/stats'));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        error: {
          code: 'INTERNAL',
          message: 'Внутренняя ошибка сервера; подробности в журнале сервера. Попробуйте ещё раз или сообщите администратору.',
          message_code: 'INTERNAL',
          params: {},
        },
      });
      expect(logged).toEqual([failure]);
    } finally {
      await server.close();
    }
  });
});
