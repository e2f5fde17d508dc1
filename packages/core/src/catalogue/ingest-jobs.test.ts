import { describe, expect, it } from 'vitest';
import { xlsxFile, zipFiles } from '../../test/helpers/files.js';
import { TEST_SERVICES } from '../match/test-services.js';
import { createCatalogue } from './create-catalogue.js';
import type { IngestJob } from './ingest-jobs.js';

const LIST = xlsxFile([
  ['№', 'Наименование услуги', 'Цена, тенге'],
  [1, 'Прием терапевта', 5000],
  [2, 'МРТ головного мозга', 25000],
]);
const OTHER = xlsxFile([
  ['№', 'Наименование услуги', 'Цена, тенге'],
  [1, 'Прием терапевта', 5500],
]);

async function finished(catalogue: Awaited<ReturnType<typeof createCatalogue>>, job: IngestJob): Promise<IngestJob> {
  for (;;) {
    const now = await catalogue.ingestJob(job.job_id);
    if (now.status !== 'running') return now;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('catalogue: ingest jobs', () => {
  it('answers with a running job at once and ends with each file done and the report', async () => {
    const catalogue = await createCatalogue({ services: TEST_SERVICES });
    const job = await catalogue.startIngestJob({ fileName: 'прайсы.zip', bytes: zipFiles({ 'Клиника А 2025.xlsx': LIST, 'Клиника Б 2025.xlsx': OTHER }) });
    expect(job.status).toBe('running');
    const done = await finished(catalogue, job);
    expect(done.status).toBe('done');
    expect(done.files.map((f) => [f.file, f.state, f.report?.status])).toEqual([
      ['Клиника А 2025.xlsx', 'done', 'ok'],
      ['Клиника Б 2025.xlsx', 'done', 'ok'],
    ]);
    expect(done.done_files).toBe(2);
    expect(done.report?.positions).toBe(3);
  });

  it('reports a file already ingested with its first date and stores nothing, unless asked to store it again', async () => {
    const catalogue = await createCatalogue({ services: TEST_SERVICES, now: () => new Date('2026-03-02T10:00:00Z') });
    const first = await catalogue.ingest({ fileName: 'Клиника А 2025.xlsx', bytes: LIST });
    const again = await finished(catalogue, await catalogue.startIngestJob({ fileName: 'копия.xlsx', bytes: LIST }));
    const entry = again.report!.files[0]!;
    expect(entry).toMatchObject({ status: 'error', code: 'ALREADY_INGESTED' });
    expect(entry.status === 'error' && entry.duplicate_of).toMatchObject({
      file_name: 'Клиника А 2025.xlsx',
      ingested_at: '2026-03-02T10:00:00.000Z',
      price_list_id: first.files[0]!.status !== 'error' ? first.files[0]!.price_list_id : '',
    });
    expect((await catalogue.stats()).positions).toBe(2);
    const forced = await finished(catalogue, await catalogue.startIngestJob({ fileName: 'копия.xlsx', bytes: LIST, duplicates: 'ingest' }));
    expect(forced.report!.files[0]!.status).toBe('ok');
    expect((await catalogue.stats()).positions).toBe(4);
  });

  it('fails the job, storing nothing, when the upload is empty', async () => {
    const catalogue = await createCatalogue({ services: TEST_SERVICES });
    const done = await finished(catalogue, await catalogue.startIngestJob({ fileName: 'пусто.zip', bytes: new Uint8Array() }));
    expect(done).toMatchObject({ status: 'failed', error: { code: 'INVALID_INPUT' } });
    await expect(catalogue.ingestJob('job_nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
