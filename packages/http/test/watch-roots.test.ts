import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCatalogue, createMemoryStorage } from '@pricecat/core';
import { createNodeFolderAccess } from '@pricecat/core/node';
import { startTestServer, type TestServer } from './test-server.js';

describe('POST /api/settings: the watched folder stays inside the allowed roots', () => {
  let base: string;
  let inbox: string;
  let server: TestServer;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'pricecat-watch-'));
    inbox = join(base, 'inbox');
    await mkdir(join(inbox, 'Алматы'), { recursive: true });
    await symlink('/etc', join(inbox, 'etc'));
    const catalogue = await createCatalogue({ storage: createMemoryStorage(), folder: createNodeFolderAccess({ roots: [inbox] }) });
    server = await startTestServer({ catalogue, scanSchedule: false });
  });
  afterEach(async () => {
    await server.close();
    await rm(base, { recursive: true, force: true });
  });

  const setFolder = (watch_folder: string) =>
    fetch(server.at('api/settings'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ watch_folder }) });

  // Regression: #18, a scan of /etc read 1,761 files and stored 576 «positions» from system files.
  it('answers 400 FOLDER_NOT_ALLOWED for a folder outside the roots, however it is spelled', async () => {
    for (const path of ['/etc', '/', '/proc/self', '/dev', `${inbox}/../../../../../etc`, `${inbox}/..`, `${inbox}/etc`, `${inbox}/etc/`, `${inbox}//etc///`]) {
      const response = await setFolder(path);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect([path, response.status, body.error.code]).toEqual([path, 400, 'FOLDER_NOT_ALLOWED']);
      expect(body.error.message).toContain('PRICECAT_WATCH_ROOTS');
    }
    expect(((await (await fetch(server.at('api/settings'))).json()) as { watch_folder: string | null }).watch_folder).toBeNull();
    const scan = await fetch(server.at('api/scan'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(scan.status).toBe(400);
  });

  it('accepts the root and its sub-folders, stored by their real path', async () => {
    for (const [path, stored] of [[`${inbox}/`, inbox], [`${inbox}/Алматы/../Алматы//`, join(inbox, 'Алматы')]] as const) {
      const response = await setFolder(path);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { watch_folder: string }).watch_folder).toBe(stored);
    }
  });
});
