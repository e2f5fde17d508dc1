/**
 * Test support (Node side): a Vite plugin that answers `POST /__fake-api/ok/ingest` with a fixed per-file
 * report and `POST /__fake-api/too-large/ingest` with a 413 error, after reading the whole body so the
 * browser reports real upload progress. Not a test file and not shipped.
 *
 * @module
 */
import type { Plugin } from 'vite';
import type { IngestReport } from '@pricecat/core/contract';

/** Base URL (api-base) whose ingest succeeds. */
export const FAKE_API_OK = '/__fake-api/ok';
/** Base URL (api-base) whose ingest answers 413 UPLOAD_TOO_LARGE. */
export const FAKE_API_TOO_LARGE = '/__fake-api/too-large';

/** The report the fake server returns: one good file and one broken file (typed: the contract's shape). */
export const FAKE_INGEST_REPORT: IngestReport = {
  source: 'archive',
  files: [
    {
      file: 'Алматы/Клиника «Здоровье» 2024.xlsx',
      status: 'warnings',
      format: 'xlsx',
      price_list_id: 'pl-1',
      clinic_id: 'c-1',
      clinic_name: 'ТОО «Клиника Здоровье»',
      city: 'Алматы',
      effective_date: '2024-03-01',
      positions: 200,
      normalized: 150,
      queued: 30,
      unrecognized: 20,
      skipped: 0,
      price_columns: [{ header: 'Цена, тг', role: 'resident' }],
      warnings: ['Строка 17: цена «договорная» пропущена'],
    },
    { file: 'scan.pdf', status: 'error', code: 'NO_PRICE_TABLE', message: 'No price table found in scan.pdf.' },
  ],
  positions: 200,
  normalized: 150,
  errors: 1,
  duration_ms: 1234,
};

/** The Vite plugin; add it to `plugins` of the vitest config. */
export function fakeIngestServer(): Plugin {
  return {
    name: 'pricecat-fake-ingest',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (req.method !== 'POST' || !url.startsWith('/__fake-api/')) return next();
        let bytes = 0;
        req.on('data', (chunk: { length: number }) => {
          bytes += chunk.length;
        });
        req.on('end', () => {
          res.setHeader('content-type', 'application/json; charset=utf-8');
          if (url === `${FAKE_API_OK}/ingest` && bytes > 0) {
            res.end(JSON.stringify(FAKE_INGEST_REPORT));
          } else if (url === `${FAKE_API_TOO_LARGE}/ingest`) {
            res.statusCode = 413;
            res.end(JSON.stringify({ error: { code: 'UPLOAD_TOO_LARGE', message: 'The upload exceeds 200 MiB.' } }));
          } else {
            res.statusCode = 404;
            res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: `No fake route ${url}` } }));
          }
        });
      });
    },
  };
}
