/**
 * Test support (Node side): a Vite plugin that answers `POST /__fake-api/ok/ingest` with a fixed per-file
 * report and `POST /__fake-api/too-large/ingest` with a 413 error, after reading the whole body so the
 * browser reports real upload progress. `POST …/ok/ingest-jobs` answers 202 with a running job; the first
 * `GET …/ok/ingest-jobs/{id}` shows it half done, the next ones done with the same report (`again=true` in the
 * upload's query is echoed in the job's file name). Under `…/broken/` the job fails as the real server's does for a
 * truncated ZIP. Not a test file and not shipped.
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

/** Base URL (api-base) whose jobs report the upload as already ingested, unless sent with `again=true`. */
export const FAKE_API_DUPLICATE = '/__fake-api/dup';

/** The report of a file already ingested. */
export const FAKE_DUPLICATE_REPORT = {
  files: [
    {
      file: 'Клиника «Здоровье» 2024.xlsx',
      status: 'error',
      code: 'ALREADY_INGESTED',
      message: 'Клиника «Здоровье» 2024.xlsx: this content was already ingested on 2026-02-10.',
      duplicate_of: {
        price_list_id: 'pl-1',
        file_name: 'Здоровье 2024.xlsx',
        clinic_id: 'c-1',
        clinic_name: 'ТОО «Клиника Здоровье»',
        ingested_at: '2026-02-10T09:00:00.000Z',
        effective_date: '2024-03-01',
      },
    },
  ],
  positions: 0,
  normalized: 0,
  errors: 1,
  duration_ms: 12,
} as const;

/** Base URL (api-base) whose jobs fail: the upload is not a readable ZIP. */
export const FAKE_API_BROKEN = '/__fake-api/broken';

/** The failed job of a truncated ZIP, its error as the real server words it (message from its catalogue). */
export function fakeBrokenJob(jobId: string) {
  return {
    job_id: jobId,
    file_name: 'прайсы.zip',
    status: 'failed',
    created_at: '2026-03-02T10:00:00.000Z',
    finished_at: '2026-03-02T10:00:00.000Z',
    files: [],
    done_files: 0,
    report: null,
    error: {
      code: 'ARCHIVE_INVALID',
      message:
        'Загруженный файл не читается как ZIP-архив: файл обрезан (нет его конца со списком файлов). Создайте архив заново и загрузите его ещё раз.',
      message_code: 'ARCHIVE_UNREADABLE',
      params: { why: 'файл обрезан (нет его конца со списком файлов)' },
    },
  };
}

/** The job the fake server runs, as its n-th poll shows it (0: the upload's answer). */
export function fakeJob(jobId: string, poll: number, again: boolean, duplicate = false) {
  const files = FAKE_INGEST_REPORT.files;
  if (duplicate && !again) {
    return {
      job_id: jobId,
      file_name: 'Клиника «Здоровье» 2024.xlsx',
      status: 'done',
      created_at: '2026-03-02T10:00:00.000Z',
      finished_at: '2026-03-02T10:00:01.000Z',
      files: [{ file: FAKE_DUPLICATE_REPORT.files[0].file, state: 'done', report: FAKE_DUPLICATE_REPORT.files[0] }],
      done_files: 1,
      report: FAKE_DUPLICATE_REPORT,
      error: null,
    };
  }
  const states = poll === 0 ? ['waiting', 'waiting'] : poll === 1 ? ['done', 'running'] : ['done', 'done'];
  return {
    job_id: jobId,
    file_name: again ? 'прайсы.zip (again)' : 'прайсы.zip',
    status: poll >= 2 ? 'done' : 'running',
    created_at: '2026-03-02T10:00:00.000Z',
    finished_at: poll >= 2 ? '2026-03-02T10:00:30.000Z' : null,
    files: files.map((report, i) => ({ file: report.file, state: states[i], report: states[i] === 'done' ? report : null })),
    done_files: states.filter((s) => s === 'done').length,
    report: poll >= 2 ? FAKE_INGEST_REPORT : null,
    error: null,
  };
}

/** The Vite plugin; add it to `plugins` of the vitest config. */
export function fakeIngestServer(): Plugin {
  const polls = new Map<string, { count: number; again: boolean; duplicate: boolean }>();
  let jobs = 0;
  return {
    name: 'pricecat-fake-ingest',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        const jobPath = [FAKE_API_OK, FAKE_API_DUPLICATE, FAKE_API_BROKEN].map((base) => `${base}/ingest-jobs/`).find((path) => url.startsWith(path));
        if (req.method === 'GET' && jobPath) {
          const id = decodeURIComponent(url.slice(jobPath.length));
          const seen = polls.get(id);
          res.setHeader('content-type', 'application/json; charset=utf-8');
          if (!seen) {
            res.statusCode = 404;
            res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: `No ingest job "${id}"` } }));
            return;
          }
          seen.count += 1;
          if (jobPath.startsWith(FAKE_API_BROKEN)) {
            res.end(JSON.stringify(fakeBrokenJob(id)));
            return;
          }
          res.end(JSON.stringify(fakeJob(id, seen.count, seen.again, seen.duplicate)));
          return;
        }
        if (req.method !== 'POST' || !url.startsWith('/__fake-api/')) return next();
        let bytes = 0;
        req.on('data', (chunk: { length: number }) => {
          bytes += chunk.length;
        });
        req.on('end', () => {
          res.setHeader('content-type', 'application/json; charset=utf-8');
          const path = url.split('?')[0];
          if (url === `${FAKE_API_OK}/ingest` && bytes > 0) {
            res.end(JSON.stringify(FAKE_INGEST_REPORT));
          } else if ((path === `${FAKE_API_OK}/ingest-jobs` || path === `${FAKE_API_DUPLICATE}/ingest-jobs`) && bytes > 0) {
            const id = `job-${++jobs}`;
            const again = url.includes('again=true');
            const duplicate = path.startsWith(FAKE_API_DUPLICATE);
            polls.set(id, { count: 0, again, duplicate });
            res.statusCode = 202;
            res.end(JSON.stringify(fakeJob(id, 0, again, duplicate)));
          } else if (path === `${FAKE_API_BROKEN}/ingest-jobs` && bytes > 0) {
            const id = `job-${++jobs}`;
            polls.set(id, { count: 0, again: false, duplicate: false });
            res.statusCode = 202;
            res.end(JSON.stringify({ ...fakeBrokenJob(id), status: 'running', finished_at: null, error: null }));
          } else if (path === `${FAKE_API_TOO_LARGE}/ingest` || path === `${FAKE_API_TOO_LARGE}/ingest-jobs`) {
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
