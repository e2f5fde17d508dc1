/**
 * `GET {prefix}/export.xlsx`: the catalogue as an XLSX workbook, streamed as it is written.
 *
 * @module
 */
import { Readable } from 'node:stream';
import { Router } from '@koa/router';
import type { RouteDeps } from './route-deps.js';

/** The export download; the file name comes in `Content-Disposition`. */
export function createExportRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/export.xlsx', async (ctx) => {
    const exported = await catalogue.exportWorkbook();
    ctx.attachment(exported.file_name);
    ctx.type = exported.content_type;
    ctx.set('Cache-Control', 'no-store');
    // Chunked: the length is unknown until the last row is compressed, and nothing waits for it.
    ctx.body = Readable.from(exported.chunks, { objectMode: false });
  });
  return router;
}
