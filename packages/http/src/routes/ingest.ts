/**
 * `POST {prefix}/ingest`: multipart field `file`, a ZIP of price lists or one price file.
 *
 * @module
 */
import { readFile, rm } from 'node:fs/promises';
import { Router } from '@koa/router';
import { koaBody } from 'koa-body';
import type { Middleware } from 'koa';
import { PricecatError } from '@pricecat/core';
import type { RouteDeps } from './route-deps.js';

/** Where and how large uploads may be. */
export interface UploadSettings {
  /** Largest accepted file in bytes; larger uploads get 413 `UPLOAD_TOO_LARGE`. */
  readonly maxFileSize: number;
  /** Directory for formidable's temporary files. */
  readonly uploadDir: string;
}

/** The multipart field that carries the file. */
export const UPLOAD_FIELD = 'file';

/**
 * Ingest an uploaded file. Answers 200 with the per-file report whenever the ingest ran, even when some
 * files of a ZIP failed: the report says which (CONVENTIONS.md §6, one bad file does not fail the rest).
 */
export function createIngestRouter({ catalogue, prefix }: RouteDeps, upload: UploadSettings): Router {
  const router = new Router({ prefix });
  router.post('/ingest', receiveUpload(upload), async (ctx) => {
    const file = pickUploadedFile(ctx.request.files);
    const bytes = new Uint8Array(await readFile(file.filepath));
    ctx.body = await catalogue.ingest({ fileName: file.originalFilename ?? 'upload', bytes });
  });
  return router;
}

// ---- internal helpers ----

interface UploadedFile {
  readonly filepath: string;
  readonly originalFilename: string | null;
}

type UploadedFiles = Readonly<Record<string, UploadedFile | readonly UploadedFile[]>>;

/**
 * Parses the multipart body with formidable (streamed to a temp file, not held in memory) and removes
 * every temp file once the request is done, whatever happened: formidable never deletes them itself
 * on success (STACK.md, "Uploads").
 */
function receiveUpload(upload: UploadSettings): Middleware {
  return async (ctx, next) => {
    const tempPaths: string[] = [];
    // A parser per request, so `onFileBegin` records this request's temp files only.
    const parse = koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        uploadDir: upload.uploadDir,
        maxFileSize: upload.maxFileSize,
        maxTotalFileSize: upload.maxFileSize,
        maxFiles: 1,
        maxFields: 20,
        onFileBegin: (_name, file) => {
          tempPaths.push(file.filepath);
        },
      },
    });
    try {
      await parse(ctx, next);
    } finally {
      await Promise.all(tempPaths.map((path) => rm(path, { force: true })));
    }
  };
}

function pickUploadedFile(files: UploadedFiles | undefined): UploadedFile {
  const entry = files?.[UPLOAD_FIELD];
  const file = Array.isArray(entry) ? (entry as readonly UploadedFile[])[0] : (entry as UploadedFile | undefined);
  if (file) return file;
  const others = Object.keys(files ?? {});
  const got = others.length > 0 ? ` (got the field ${others.map((name) => `\`${name}\``).join(', ')})` : '';
  throw new PricecatError(
    'INVALID_INPUT',
    `Send the price list or ZIP as multipart/form-data in the field \`${UPLOAD_FIELD}\`${got}.`,
  );
}
