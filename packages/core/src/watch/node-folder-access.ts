/**
 * `FolderAccess` on Node's file system: the watched folder of a pricecat server, confined to the
 * allowed roots configured at start-up (`PRICECAT_WATCH_ROOTS`; the CLI defaults to `<data dir>/inbox`).
 *
 * @module
 */
import { constants } from 'node:fs';
import { access, open, opendir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { PricecatError } from '../errors.js';
import type { FolderAccess, FolderFile } from '../catalogue/folder-access.js';
import { detail, type ErrorDetail } from '../messages/message-catalogue.js';

/** Options of {@link createNodeFolderAccess}. */
export interface NodeFolderAccessOptions {
  /**
   * Directories the watch folder must lie in (itself or below), compared by real path, so `..`,
   * symbolic links and trailing slashes cannot lead out. Roots that do not exist allow nothing.
   * Required: an empty list refuses every folder.
   */
  readonly roots: readonly string[];
  /** Deepest sub-folder level listed (the folder itself is 0). @default 16 */
  readonly maxDepth?: number;
}

/** Bytes read per call while reading a file: the limit is checked between chunks. */
const CHUNK_BYTES = 1024 * 1024;

/** Creates the Node implementation of {@link FolderAccess}. */
export function createNodeFolderAccess(options: NodeFolderAccessOptions): FolderAccess {
  const maxDepth = options.maxDepth ?? 16;
  const rootsText = options.roots.length > 0 ? options.roots.join(', ') : 'не заданы';
  return {
    async checkFolder(path) {
      const trimmed = path.trim();
      if (trimmed === '') throw invalid(detail('WATCH_FOLDER_EMPTY'));
      if (!isAbsolute(trimmed)) {
        throw invalid(detail('WATCH_FOLDER_NOT_ABSOLUTE', { path }));
      }
      let real: string;
      try {
        real = await realpath(resolve(trimmed));
      } catch (error) {
        throw invalid(detail('WATCH_FOLDER_UNREADABLE', { path: resolve(trimmed), why: describeFsError(error) }), error);
      }
      if (!(await isInsideRoots(real, options.roots))) {
        throw new PricecatError(
          'FOLDER_NOT_ALLOWED',
          detail('WATCH_FOLDER_NOT_ALLOWED', { path, real, roots: rootsText }),
        );
      }
      const info = await stat(real);
      if (!info.isDirectory()) throw invalid(detail('WATCH_FOLDER_IS_FILE', { path: real }));
      try {
        await access(real, constants.R_OK | constants.X_OK);
      } catch (error) {
        throw invalid(detail('WATCH_FOLDER_NO_ACCESS', { path: real, why: codeOf(error) }), error);
      }
      return real;
    },

    async listFiles(folder) {
      const files: FolderFile[] = [];
      await walk(folder, '', 0, maxDepth, files);
      return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },

    async readFile(folder, relativePath, maxBytes) {
      const absolute = resolve(folder, relativePath);
      // Paths come from listFiles, but a caller could pass anything: never read outside the folder.
      if (!absolute.startsWith(resolve(folder) + sep)) throw invalid(detail('SCAN_PATH_OUTSIDE', { path: relativePath }));
      return readBounded(absolute, maxBytes);
    },
  };
}

// ---- internal helpers ----

async function isInsideRoots(real: string, roots: readonly string[]): Promise<boolean> {
  for (const root of roots) {
    const realRoot = await realpath(resolve(root)).catch(() => null);
    if (realRoot === null) continue;
    if (real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep)) return true;
  }
  return false;
}

/**
 * Reads a regular file, refusing anything else (FIFOs, sockets, devices: O_NONBLOCK keeps a FIFO from
 * hanging the open; O_NOFOLLOW refuses a link put in place after the listing) and stopping once more
 * than `maxBytes` came back, whatever `stat` claimed.
 */
async function readBounded(absolute: string, maxBytes: number): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(absolute, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    throw invalid(detail('SCAN_FILE_UNREADABLE', { path: absolute, why: describeFsError(error) }), error);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw invalid(detail('SCAN_NOT_REGULAR_FILE', { path: absolute }));
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const chunk = new Uint8Array(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) {
        throw new PricecatError('LIMIT_EXCEEDED', detail('SCAN_FILE_TOO_LARGE', { path: absolute, max: maxBytes }));
      }
      chunks.push(chunk.subarray(0, bytesRead));
    }
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return bytes;
  } catch (error) {
    if (error instanceof PricecatError) throw error;
    throw invalid(detail('SCAN_FILE_UNREADABLE', { path: absolute, why: describeFsError(error) }), error);
  } finally {
    await handle.close();
  }
}

async function walk(folder: string, relative: string, depth: number, maxDepth: number, into: FolderFile[]): Promise<void> {
  let directory;
  try {
    directory = await opendir(join(folder, relative));
  } catch (error) {
    if (depth === 0) throw invalid(detail('WATCH_FOLDER_UNREADABLE', { path: folder, why: describeFsError(error) }), error);
    // An unreadable sub-folder must not stop the scan of the others.
    return;
  }
  for await (const entry of directory) {
    if (entry.name.startsWith('.') || entry.name.startsWith('~$')) continue;
    const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      if (depth < maxDepth) await walk(folder, path, depth + 1, maxDepth, into);
    } else if (entry.isFile()) {
      const info = await stat(join(folder, path)).catch(() => null);
      if (info) into.push({ path, size: info.size });
    }
    // Symbolic links, sockets, FIFOs and devices are left out on purpose (see FolderAccess.listFiles).
  }
}

function invalid(message: ErrorDetail, cause?: unknown): PricecatError {
  return new PricecatError('INVALID_INPUT', message, cause === undefined ? undefined : { cause });
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : String(error);
}

function describeFsError(error: unknown): string {
  switch (codeOf(error)) {
    case 'ENOENT':
      return 'не существует; создайте его или исправьте путь';
    case 'EACCES':
    case 'EPERM':
      return 'недоступен серверу для чтения (нет прав); дайте пользователю сервера право чтения';
    case 'ENOTDIR':
      return 'в пути на месте папки стоит файл; исправьте путь';
    case 'ELOOP':
      return 'это символическая ссылка, по которой просмотр не переходит';
    default:
      return `не читается (${codeOf(error)})`;
  }
}
