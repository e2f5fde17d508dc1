import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage/memory.js';
import { createCatalogue } from '../catalogue/create-catalogue.js';
import { createNodeFolderAccess } from './node-folder-access.js';

describe('watch: the watched folder confined to its roots', () => {
  let base: string;
  let inbox: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'pricecat-roots-'));
    inbox = join(base, 'inbox');
    await mkdir(join(inbox, 'Алматы'), { recursive: true });
    await mkdir(join(base, 'inbox2'));
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  const access = () => createNodeFolderAccess({ roots: [inbox] });
  const refused = (path: string) =>
    expect(access().checkFolder(path)).rejects.toMatchObject({ code: 'FOLDER_NOT_ALLOWED', message: expect.stringContaining('вне папок, которые этому серверу разрешено читать') });

  it('accepts the root and a folder below it, however the path is spelled', async () => {
    expect(await access().checkFolder(inbox)).toBe(inbox);
    expect(await access().checkFolder(`${inbox}///`)).toBe(inbox);
    expect(await access().checkFolder(join(inbox, 'Алматы', '..', 'Алматы'))).toBe(join(inbox, 'Алматы'));
  });

  // Regression: #18, `watch_folder` accepted /etc, /, /proc and <folder>/../../etc.
  it('refuses /etc, /, /proc/self and a climb out with ..', async () => {
    await refused('/etc');
    await refused('/');
    await refused('/proc/self');
    await refused(`${inbox}/../../../../../../etc`);
    await refused(`${inbox}/..`);
  });

  it('refuses a sibling whose name merely starts like the root', async () => {
    await refused(join(base, 'inbox2'));
  });

  it('refuses a symbolic link inside the root that leads out of it', async () => {
    await symlink('/etc', join(inbox, 'etc-link'));
    await refused(join(inbox, 'etc-link'));
    await refused(join(inbox, 'etc-link') + '/');
  });

  it('refuses every folder when no root exists', async () => {
    await expect(createNodeFolderAccess({ roots: [join(base, 'missing')] }).checkFolder(inbox)).rejects.toMatchObject({ code: 'FOLDER_NOT_ALLOWED' });
  });

  it('refuses to scan a folder stored before the roots were narrowed', async () => {
    const storage = createMemoryStorage();
    const wide = await createCatalogue({ storage, folder: createNodeFolderAccess({ roots: [base] }) });
    await wide.updateSettings({ watch_folder: join(base, 'inbox2') });
    const narrow = await createCatalogue({ storage, folder: access() });
    await expect(narrow.scan()).rejects.toMatchObject({ code: 'FOLDER_NOT_ALLOWED' });
  });

  // Regression: #18, the size limit trusted `stat`, which says 0 for /proc files (4 GiB read from /proc/self).
  it('bounds a read by the bytes read, not by the size stat reports', async () => {
    const proc = createNodeFolderAccess({ roots: ['/proc/self'] });
    await expect(proc.readFile('/proc/self', 'status', 16)).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    await writeFile(join(inbox, 'big.csv'), 'x'.repeat(5000));
    await expect(access().readFile(inbox, 'big.csv', 4096)).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect((await access().readFile(inbox, 'big.csv', 5000)).length).toBe(5000);
  });

  it('neither lists nor reads a FIFO or a link, and does not hang on a FIFO', async () => {
    execFileSync('mkfifo', [join(inbox, 'pipe.csv')]);
    await symlink('/etc/passwd', join(inbox, 'passwd.csv'));
    await writeFile(join(inbox, 'прайс.csv'), 'a;1\n');
    expect((await access().listFiles(inbox)).map((f) => f.path)).toEqual(['прайс.csv']);
    await expect(access().readFile(inbox, 'pipe.csv', 1024)).rejects.toMatchObject({ message: expect.stringContaining('не обычный файл') });
    await expect(access().readFile(inbox, 'passwd.csv', 1024)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
