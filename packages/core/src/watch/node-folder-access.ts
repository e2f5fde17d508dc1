/**
 * `FolderAccess` on Node's file system: the watched folder of a pricecat server.
 *
 * @module
 */
import { constants } from 'node:fs';
import { access, opendir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { PricecatError } from '../errors.js';
import type { FolderAccess, FolderFile } from '../catalogue/folder-access.js';

/** Options of {@link createNodeFolderAccess}. */
export interface NodeFolderAccessOptions {
  /** Deepest sub-folder level listed (the folder itself is 0). @default 16 */
  readonly maxDepth?: number;
}

/** Creates the Node implementation of {@link FolderAccess}. */
export function createNodeFolderAccess(options: NodeFolderAccessOptions = {}): FolderAccess {
  const maxDepth = options.maxDepth ?? 16;
  return {
    async checkFolder(path) {
      const trimmed = path.trim();
      if (trimmed === '') throw invalid('The watch folder is empty; give the absolute path of a directory on the server.');
      if (!isAbsolute(trimmed)) {
        throw invalid(`The watch folder "${path}" is not an absolute path; give the full path on the server, e.g. /srv/pricecat/inbox.`);
      }
      const absolute = resolve(trimmed);
      let info;
      try {
        info = await stat(absolute);
      } catch (error) {
        throw invalid(`The watch folder "${absolute}" ${describeFsError(error)}.`, error);
      }
      if (!info.isDirectory()) throw invalid(`The watch folder "${absolute}" is a file, not a directory; give the directory that holds the price lists.`);
      try {
        await access(absolute, constants.R_OK | constants.X_OK);
      } catch (error) {
        throw invalid(`The watch folder "${absolute}" cannot be read by the server (${codeOf(error)}); grant the server's user read access.`, error);
      }
      return absolute;
    },

    async listFiles(folder) {
      const files: FolderFile[] = [];
      await walk(folder, '', 0, maxDepth, files);
      return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },

    async readFile(folder, relativePath) {
      const absolute = resolve(folder, relativePath);
      // Paths come from listFiles, but a caller could pass anything: never read outside the folder.
      if (!absolute.startsWith(resolve(folder) + sep)) throw invalid(`"${relativePath}" is not inside the watch folder.`);
      try {
        return new Uint8Array(await readFile(absolute));
      } catch (error) {
        throw invalid(`The file "${absolute}" ${describeFsError(error)}.`, error);
      }
    },
  };
}

// ---- internal helpers ----

async function walk(folder: string, relative: string, depth: number, maxDepth: number, into: FolderFile[]): Promise<void> {
  let directory;
  try {
    directory = await opendir(join(folder, relative));
  } catch (error) {
    if (depth === 0) throw invalid(`The watch folder "${folder}" ${describeFsError(error)}.`, error);
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
    // Symbolic links, sockets and devices are left out on purpose (see FolderAccess.listFiles).
  }
}

function invalid(message: string, cause?: unknown): PricecatError {
  return new PricecatError('INVALID_INPUT', message, cause === undefined ? undefined : { cause });
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : String(error);
}

function describeFsError(error: unknown): string {
  switch (codeOf(error)) {
    case 'ENOENT':
      return 'does not exist; create it or correct the path';
    case 'EACCES':
    case 'EPERM':
      return "cannot be read by the server (permission denied); grant the server's user read access";
    case 'ENOTDIR':
      return 'has a file where a directory should be in its path; correct the path';
    default:
      return `cannot be read (${codeOf(error)})`;
  }
}
