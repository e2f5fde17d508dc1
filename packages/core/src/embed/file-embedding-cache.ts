/**
 * An {@link EmbeddingCache} in one append-only JSON-lines file, so vectors survive restarts (Node only).
 * Each line is `{"model","text","vector"}` with the vector as base64 of little-endian float32 bytes
 * (exact, and about half the size of decimal text). A later line for the same key wins.
 *
 * @module
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PricecatError } from '../errors.js';
import type { EmbeddingCache, EmbeddingCacheEntry } from './embedding-cache.js';
import { detail } from '../messages/message-catalogue.js';

/**
 * Creates a file-backed {@link EmbeddingCache} at `path` (created, with its folder, on the first write).
 * The file is read once, lazily, on first use; each `set` appends its entries in one write, so a crash
 * loses at most the entries of that write, and a torn last line is skipped on the next load.
 * One process per file: two processes appending at once may interleave lines.
 */
export function createFileEmbeddingCache(path: string): EmbeddingCache {
  const byKey = new Map<string, Float32Array>();
  let loading: Promise<void> | undefined;
  let endsWithNewline = true;
  let writing: Promise<void> = Promise.resolve();

  function load(): Promise<void> {
    loading ??= readLines(path).then((content) => {
      endsWithNewline = content === '' || content.endsWith('\n');
      for (const line of content.split('\n')) {
        const entry = parseLine(line);
        if (entry) byKey.set(cacheKey(entry.model, entry.text), entry.vector);
      }
    }, (error: unknown) => {
      loading = undefined; // let the next call try again (the file may have been fixed)
      throw error;
    });
    return loading;
  }

  return {
    async get(model, texts) {
      await load();
      return texts.map((text) => byKey.get(cacheKey(model, text)));
    },
    async set(model, entries) {
      await load();
      if (entries.length === 0) return;
      for (const { text, vector } of entries) byKey.set(cacheKey(model, text), Float32Array.from(vector));
      const lines = entries.map((entry) => formatLine(model, entry)).join('');
      // Chained so concurrent sets never interleave partial writes.
      const write = writing.catch(() => undefined).then(async () => {
        const prefix = endsWithNewline ? '' : '\n'; // seal a torn line left by a crash
        try {
          await mkdir(dirname(path), { recursive: true });
          await appendFile(path, prefix + lines, 'utf8');
          endsWithNewline = true;
        } catch (error) {
          throw new PricecatError('STORAGE_FAILED', detail('EMBEDDING_CACHE_WRITE', { path }), { cause: error });
        }
      });
      writing = write; // the next write waits for this one, whether it fails or not
      return write;
    },
  };
}

// ---------------------------------------------------------------- internal helpers

function cacheKey(model: string, text: string): string {
  return `${model}\u0000${text}`;
}

async function readLines(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw new PricecatError('STORAGE_FAILED', detail('EMBEDDING_CACHE_READ', { path }), { cause: error });
  }
}

function formatLine(model: string, { text, vector }: EmbeddingCacheEntry): string {
  const bytes = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i]!, i * 4);
  return `${JSON.stringify({ model, text, vector: bytes.toString('base64') })}\n`;
}

function parseLine(line: string): { model: string; text: string; vector: Float32Array } | undefined {
  if (line.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { model, text, vector } = parsed as Record<string, unknown>;
    if (typeof model !== 'string' || typeof text !== 'string' || typeof vector !== 'string') return undefined;
    const bytes = Buffer.from(vector, 'base64');
    if (bytes.length % 4 !== 0) return undefined;
    const values = new Float32Array(bytes.length / 4);
    for (let i = 0; i < values.length; i++) values[i] = bytes.readFloatLE(i * 4);
    return { model, text, vector: values };
  } catch {
    return undefined; // a line torn by a crash mid-append
  }
}
