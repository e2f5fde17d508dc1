/**
 * One process owns a data directory: `<dir>/pricecat.lock` names it (pid, host, URL when serving, start
 * time, command). A second writer gets an error naming the owner; a lock whose process is gone (same
 * host, dead pid: a crash or `kill -9`) is taken over. Node only.
 */
import { open, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PricecatError } from '../errors.js';
import { detail } from '../messages/message-catalogue.js';

/** The lock file's name inside the data directory. */
export const LOCK_FILE_NAME = 'pricecat.lock';

/** What the lock file says about its owner. */
export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly started_at: string;
  /** The command line (`pricecat serve`, `pricecat ingest …`). */
  readonly command: string;
  /** Where the owner serves the API, once it listens. */
  readonly url: string | null;
}

/** A held lock. */
export interface DataDirLock {
  readonly file: string;
  /** Records the URL the owner serves at, so a second writer's error can name it. */
  setUrl(url: string): Promise<void>;
  /** Removes the lock file (only if it is still ours). */
  release(): Promise<void>;
}

/** Takes the lock of `dir`, or throws `STORAGE_FAILED` naming the process that holds it. */
export async function acquireDataDirLock(dir: string): Promise<DataDirLock> {
  const file = join(dir, LOCK_FILE_NAME);
  let owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    started_at: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
    url: null,
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify(owner, null, 2));
      await handle.close();
      let released = false;
      return {
        file,
        async setUrl(url) {
          owner = { ...owner, url };
          if (!released) await writeFile(file, JSON.stringify(owner, null, 2));
        },
        async release() {
          if (released) return;
          released = true;
          const current = await readOwner(file);
          if (current?.pid === owner.pid && current.host === owner.host) await unlink(file).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new PricecatError('STORAGE_FAILED', detail('LOCK_FILE_FAILED', { file, why: (error as Error).message }), { cause: error });
      }
    }
    const holder = await readOwner(file);
    if (holder && isAlive(holder)) throw lockedError(dir, holder);
    // Stale: its process is gone (or the file is unreadable, e.g. cut short by a crash). Take it over.
    await unlink(file).catch(() => undefined);
  }
  throw new PricecatError('STORAGE_FAILED', detail('LOCK_CONTENDED', { file }));
}

// ---- internal helpers ----

async function readOwner(file: string): Promise<LockOwner | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf-8')) as LockOwner;
    return typeof parsed?.pid === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** True unless the owner is on this host and its pid is gone. Another host's process cannot be checked. */
function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockedError(dir: string, owner: LockOwner): PricecatError {
  const who = { dir, pid: owner.pid, host: owner.host, since: owner.started_at, command: owner.command };
  return new PricecatError(
    'STORAGE_FAILED',
    owner.url ? detail('DATA_DIR_IN_USE_SERVING', { ...who, url: owner.url.replace(/\/$/, '') }) : detail('DATA_DIR_IN_USE', who),
  );
}
