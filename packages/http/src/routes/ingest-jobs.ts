/**
 * `POST {prefix}/ingest-jobs` (multipart field `file`, `?again=true`) and `GET {prefix}/ingest-jobs/:id`: an
 * upload answered at once with a job, polled for each file's progress and the final report.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { Router } from '@koa/router';
import { PricecatError } from '@pricecat/core';
import { optionalString, pathParam } from '../query.js';
import { pickUploadedFile, receiveUpload, type UploadSettings, type UploadedFiles } from './ingest.js';
import type { RouteDeps } from './route-deps.js';

/** Ingest jobs: 202 with the job and its `Location`, then the job as it goes. */
export function createIngestJobsRouter({ catalogue, prefix }: RouteDeps, upload: UploadSettings): Router {
  const router = new Router({ prefix });
  router.post('/ingest-jobs', receiveUpload(upload), async (ctx) => {
    const again = againParam(optionalString(ctx.query, 'again'));
    const file = pickUploadedFile(ctx.request.files as UploadedFiles | undefined);
    // Read before answering: the temporary file is removed when this request ends.
    const bytes = new Uint8Array(await readFile(file.filepath));
    const job = await catalogue.startIngestJob({
      fileName: file.originalFilename ?? 'upload',
      bytes,
      duplicates: again ? 'ingest' : 'report',
    });
    ctx.status = 202;
    ctx.set('Location', `${prefix}/ingest-jobs/${encodeURIComponent(job.job_id)}`);
    ctx.body = job;
  });
  router.get('/ingest-jobs/:id', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await catalogue.ingestJob(pathParam(ctx.params, 'id'));
  });
  return router;
}

// ---- internal helpers ----

function againParam(text: string | undefined): boolean {
  if (text === undefined || text === 'false') return false;
  if (text === 'true') return true;
  throw new PricecatError('INVALID_INPUT', `Query parameter \`again\` must be true or false; got "${text}".`);
}
