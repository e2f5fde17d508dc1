/**
 * A lowdb adapter for one JSON file that survives `kill -9` and power loss: a write goes to a temporary
 * file beside it, is fsync'ed, renamed over the file, and the directory is fsync'ed, so the file is
 * always either the old or the new content, complete. A file that does not parse is reported with its
 * path, never treated as empty. Node only.
 */
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Adapter } from 'lowdb';

/** The file could not be parsed: truncated, corrupt, or not JSON. */
export class CorruptFileError extends Error {
  readonly file: string;
  constructor(file: string, why: string, options?: { cause?: unknown }) {
    super(`${file}: ${why}`, options);
    this.name = 'CorruptFileError';
    this.file = file;
  }
}

/** A lowdb `Adapter` with durable atomic writes (see the module comment). `read()` is `null` when missing. */
export class DurableJsonFile<T> implements Adapter<T> {
  readonly file: string;
  constructor(file: string) {
    this.file = file;
  }

  async read(): Promise<T | null> {
    let text: string;
    try {
      // NOTE: one decode of the whole buffer; `readFile(file, 'utf-8')` decodes chunk by chunk through a
      // StringDecoder, several times slower on Cyrillic text (measured: 13 % of a 1M-position start-up).
      text = (await readFile(this.file)).toString('utf-8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new CorruptFileError(this.file, `не корректный JSON (${(error as Error).message}; символов: ${text.length})`, { cause: error });
    }
  }

  async write(data: T): Promise<void> {
    await writeFileDurably(this.file, JSON.stringify(data));
  }
}

/** Writes `text` to `file` atomically and durably: temp file, fsync, rename, fsync of the directory. */
export async function writeFileDurably(file: string, text: string | Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await (typeof text === 'string' ? handle.writeFile(text, 'utf-8') : handle.writeFile(text));
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, file);
  } catch (error) {
    // A temp file left behind would keep the space a full disk needs to recover (issue 18).
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(file));
}

/** fsync of a directory, so a rename in it is on disk; not supported everywhere (Windows): ignored there. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // NOTE: some platforms cannot open or fsync a directory; the rename is still atomic there.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
