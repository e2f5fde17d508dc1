/**
 * The two uploads, `POST {prefix}/ingest` (answered when the ingest is over) and `POST {prefix}/ingest-jobs`
 * (answered at once with a job to poll): multipart field `file`, a ZIP of price lists or one price file.
 * Their query parameters are read by the route table (route-input.ts); the multipart body here.
 *
 * @module
 */
import { readFile, rm } from 'node:fs/promises';
import { Router } from '@koa/router';
import { koaBody } from 'koa-body';
import type { Middleware } from 'koa';
import { detail, type IngestReport } from '@pricecat/core';
import { routes, type Wire } from '@pricecat/core/contract';
import { errorBody, statusForCode, type ErrorBody } from '../errors.js';
import { invalid, readQuery } from '../route-input.js';
import type { RouteDeps } from './route-deps.js';

/** Where and how large uploads may be. */
export interface UploadSettings {
  /** Largest accepted file in bytes; larger uploads get 413 `UPLOAD_TOO_LARGE`. */
  readonly maxFileSize: number;
  /** Directory for formidable's temporary files. */
  readonly uploadDir: string;
}

/** The multipart field that carries the file. */
export const UPLOAD_FIELD = routes.ingest.upload.field;

/**
 * Ingest an uploaded file. A ZIP answers 200 with the per-file report even when some of its files failed:
 * the report says which (CONVENTIONS.md §6, one bad file does not fail the rest). A single file that
 * cannot be ingested answers the status of its error code (415, 422, 413), and a store that failed
 * mid-way answers 500; both carry the report beside the error (docs/api.md, «Statuses»).
 */
export function createIngestRouter({ catalogue, prefix }: RouteDeps, upload: UploadSettings): Router {
  const router = new Router({ prefix });
  router.post('/ingest', receiveUpload(upload), async (ctx) => {
    // `?duplicates=report`: a file already ingested is reported, not stored again; the default keeps the old answer.
    const { duplicates } = readQuery(routes.ingest, ctx.query) as Wire<typeof routes.ingest.query>;
    const file = pickUploadedFile(ctx.request.files);
    const bytes = new Uint8Array(await readFile(file.filepath));
    const report = await catalogue.ingest({ fileName: file.originalFilename ?? 'upload', bytes, duplicates });
    const answer = ingestAnswer(report);
    ctx.status = answer.status;
    ctx.body = answer.body;
  });
  router.post('/ingest-jobs', receiveUpload(upload), async (ctx) => {
    const { again } = readQuery(routes.startIngestJob, ctx.query) as Wire<typeof routes.startIngestJob.query>;
    const file = pickUploadedFile(ctx.request.files);
    // Read before answering: the temporary file is removed when this request ends.
    const bytes = new Uint8Array(await readFile(file.filepath));
    const job: Wire<typeof routes.startIngestJob.response> = await catalogue.startIngestJob({
      fileName: file.originalFilename ?? 'upload',
      bytes,
      duplicates: again ? 'ingest' : 'report',
    });
    ctx.status = routes.startIngestJob.status;
    ctx.set('Location', `${prefix}/ingest-jobs/${encodeURIComponent(job.job_id)}`);
    ctx.body = job;
  });
  return router;
}

/**
 * The status and body for an ingest report: 200 and the report, or the error status with
 * `{"error": {"code", "message"}, "report": …}` when the store failed (500) or the one file uploaded
 * could not be ingested (415 / 422 / 413 / 500, by its code).
 */
export function ingestAnswer(report: IngestReport): { status: number; body: IngestReport | (ErrorBody & { report: IngestReport }) } {
  if (report.failure) {
    return { status: 500, body: { ...errorBody(report.failure.code, report.failure.message), report } };
  }
  const only = report.files.length === 1 ? report.files[0] : undefined;
  if (report.source === 'file' && only?.status === 'error') {
    return { status: statusForCode(only.code), body: { ...errorBody(only.code, only.message), report } };
  }
  return { status: 200, body: report };
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
  const got = others.length > 0 ? ` (пришло поле ${others.map((name) => `\`${name}\``).join(', ')})` : '';
  throw invalid(detail('UPLOAD_FIELD_MISSING', { field: UPLOAD_FIELD, got }));
}
