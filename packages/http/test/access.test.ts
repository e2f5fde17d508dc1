import { request as httpRequest } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { loadSecurityConfig } from '../src/index.js';
import { parseTokensFile } from '../src/security-config.js';
import { CLINIC7_CSV_NAME, clinic7CsvBytes } from './price-file.js';
import { startTestServer, type TestServer } from './test-server.js';

const ANNA = 'anna-0123456789abcdef0123';
const BORIS = 'boris-0123456789abcdef012';
const tokens = [
  { name: 'anna', token: ANNA },
  { name: 'boris', token: BORIS },
];

/** Every write endpoint of the API, with a body it would accept or answer 4xx to after authentication. */
const WRITES: readonly [string, () => RequestInit][] = [
  ['api/ingest', () => ({ method: 'POST', body: upload() })],
  ['api/settings', () => json({ scan_interval_minutes: 0 })],
  ['api/scan', () => json({})],
  ['api/match', () => json({ position_id: 'pos_x' })],
  ['api/skip', () => json({ position_id: 'pos_x' })],
  ['api/undo', () => json({})],
  ['api/services', () => json({ name: 'Новая услуга', position_ids: [] })],
];

function upload(): FormData {
  const form = new FormData();
  form.append('file', new Blob([clinic7CsvBytes()]), CLINIC7_CSV_NAME);
  return form;
}

function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

function withToken(init: RequestInit, token: string): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` } };
}

/** A raw request, so the Host header can be anything (fetch always sends the URL's host). */
function rawRequest(url: string, headers: Record<string, string>, path = '/api/stats'): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('access: tokens, Host and Origin', () => {
  let services: Service[];
  let server: TestServer | undefined;
  beforeAll(async () => {
    services = await loadDefaultDictionary();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  // Regression: #18, every write endpoint was open to anyone who could reach the port.
  it('answers 401 with WWW-Authenticate to every write without a valid token, and stores nothing', async () => {
    server = await startTestServer({ services, access: { tokens } });
    for (const [path, init] of WRITES) {
      for (const attempt of [init(), withToken(init(), 'wrong-token-0123456789abc')]) {
        const response = await fetch(server.at(path), attempt);
        expect([path, response.status]).toEqual([path, 401]);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="pricecat"/);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
      }
    }
    expect((await server.catalogue.listPriceLists()).length).toBe(0);
    expect((await fetch(server.at('api/stats'))).status).toBe(200);
  });

  it('lets a write with a valid token through and attributes decisions to the token\'s name', async () => {
    server = await startTestServer({ services, access: { tokens } });
    const ingest = await fetch(server.at('api/ingest'), withToken({ method: 'POST', body: upload() }, ANNA));
    expect(ingest.status).toBe(200);
    const queue = (await (await fetch(server.at('api/queue'))).json()) as { items: { position_id: string }[] };
    const positions = (await (await fetch(server.at('api/positions'))).json()) as { items: { position_id: string; status: string }[] };
    const undecided = queue.items[0]?.position_id ?? positions.items.find((p) => p.status !== 'normalized')?.position_id;
    if (undecided) {
      const skip = await fetch(server.at('api/skip'), withToken(json({ position_id: undecided }), BORIS));
      expect(((await skip.json()) as { decided_by: string }).decided_by).toBe('boris');
    }
    for (const [path, init] of WRITES) expect([path, (await fetch(server.at(path), withToken(init(), ANNA))).status]).not.toEqual([path, 401]);
  });

  it('asks a token for reads too when told to protect everything, but not for the docs', async () => {
    server = await startTestServer({ services, access: { tokens, protect: 'all' } });
    expect((await fetch(server.at('api/stats'))).status).toBe(401);
    expect((await fetch(server.at('api/stats'), { headers: { authorization: `Bearer ${ANNA}` } })).status).toBe(200);
    expect((await fetch(server.at('api/openapi.json'))).status).toBe(200);
  });

  // Regression: #18, a request with `Host: attacker.example` was served (DNS rebinding).
  it('answers 403 to a foreign Host and serves the loopback names', async () => {
    server = await startTestServer({ services });
    const port = new URL(server.url).port;
    const foreign = await rawRequest(server.url, { host: `attacker.example:${port}` });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ error: { code: 'FORBIDDEN', message: expect.stringContaining('PRICECAT_ALLOWED_HOSTS') } });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect([host, (await rawRequest(server.url, { host })).status]).toEqual([host, 200]);
    }
  });

  it('serves a host added to the allowed hosts', async () => {
    server = await startTestServer({ services, access: { allowedHosts: ['127.0.0.1', 'Pricecat.Clinic.kz:8443'] } });
    expect((await rawRequest(server.url, { host: 'pricecat.clinic.kz' })).status).toBe(200);
    expect((await rawRequest(server.url, { host: 'localhost' })).status).toBe(403);
  });

  // Regression: #18, any web page the analyst opened could POST a multipart ingest (no preflight needed).
  it('answers 403 to a cross-origin upload and stores nothing; the page\'s own origin is served', async () => {
    server = await startTestServer({ services });
    const evil = await fetch(server.at('api/ingest'), { method: 'POST', body: upload(), headers: { origin: 'http://evil.example' } });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    expect((await fetch(server.at('api/stats'), { headers: { origin: 'null' } })).status).toBe(403);
    expect((await server.catalogue.listPriceLists()).length).toBe(0);
    const own = new URL(server.url).origin;
    expect((await fetch(server.at('api/ingest'), { method: 'POST', body: upload(), headers: { origin: own } })).status).toBe(200);
  });

  it('answers an allowed portal\'s preflight and requests with CORS headers, and no other origin', async () => {
    server = await startTestServer({ services, access: { allowedOrigins: ['https://portal.example'], tokens } });
    const preflight = await fetch(server.at('api/match'), {
      method: 'OPTIONS',
      headers: { origin: 'https://portal.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://portal.example');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    // A refusal reaches the portal's page as a readable answer.
    const refused = await fetch(server.at('api/match'), json({ position_id: 'pos_x' }, { origin: 'https://portal.example' }));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://portal.example');
    const read = await fetch(server.at('api/stats'), { headers: { origin: 'https://portal.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBe('https://portal.example');
    expect(read.headers.get('vary')).toContain('Origin');

    const other = await fetch(server.at('api/stats'), { headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves an allowed origin, and the reconciliation service to any origin', async () => {
    server = await startTestServer({ services, access: { allowedOrigins: ['https://portal.example'] } });
    expect((await fetch(server.at('api/stats'), { headers: { origin: 'https://portal.example' } })).status).toBe(200);
    expect((await fetch(server.at('api/reconcile'), { headers: { origin: 'https://openrefine.example' } })).status).toBe(200);
  });

  // Regression: #18, a query over 16 KB got an empty 431 instead of the API's JSON error.
  it('answers a query over 16 KiB with 431 and the JSON error body', async () => {
    server = await startTestServer({ services });
    const response = await fetch(server.at(`api/search?q=${'а'.repeat(20_000)}`));
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ error: { code: 'HEADERS_TOO_LARGE', message: expect.stringContaining('16 КБ') } });
  });
});

describe('access: security settings from the environment', () => {
  const options = { host: '127.0.0.1', dataDir: '/srv/pricecat/data' };

  it('defaults the watch roots to the data directory\'s inbox and reads PRICECAT_WATCH_ROOTS as a path list', async () => {
    expect((await loadSecurityConfig({}, options)).watchRoots).toEqual(['/srv/pricecat/data/inbox']);
    expect((await loadSecurityConfig({ PRICECAT_WATCH_ROOTS: '/srv/a:/srv/b/' }, options)).watchRoots).toEqual(['/srv/a', '/srv/b']);
  });

  it('refuses a non-loopback address without a token unless PRICECAT_ALLOW_INSECURE=1', async () => {
    await expect(loadSecurityConfig({}, { ...options, host: '0.0.0.0' })).rejects.toThrow(/Сервер не будет слушать 0\.0\.0\.0 без токена API.*PRICECAT_ALLOW_INSECURE=1/);
    await expect(loadSecurityConfig({ PRICECAT_ALLOW_INSECURE: '1' }, { ...options, host: '0.0.0.0' })).resolves.toBeDefined();
    const withToken = await loadSecurityConfig({ PRICECAT_TOKEN: ANNA }, { ...options, host: '192.168.1.5' });
    expect(withToken.access.tokens).toEqual([{ name: 'token', token: ANNA }]);
    expect(withToken.access.allowedHosts).toContain('192.168.1.5');
  });

  it('reads a tokens file of "name token" lines and refuses short or malformed ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pricecat-tokens-'));
    try {
      const file = join(dir, 'tokens');
      await writeFile(file, `# analysts\nanna ${ANNA}\n\nboris ${BORIS}\n`);
      expect((await loadSecurityConfig({ PRICECAT_TOKENS_FILE: file }, options)).access.tokens).toEqual(tokens);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(() => parseTokensFile('anna short\n', 'tokens')).toThrow(/строка 1: токен короче 16/);
    expect(() => parseTokensFile(`anna ${ANNA} extra\n`, 'tokens')).toThrow(/строка 1: ожидается «имя токен»/);
    expect(() => parseTokensFile(`anna ${ANNA}\nanna ${BORIS}\n`, 'tokens')).toThrow(/встречается дважды/);
    await expect(loadSecurityConfig({ PRICECAT_AUTH: 'some' }, options)).rejects.toThrow(/PRICECAT_AUTH/);
  });
});
