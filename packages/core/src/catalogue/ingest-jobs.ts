/**
 * Ingest as a job: an upload is answered at once with a job id, and the ingest runs on; the job tells which file
 * is being read, each finished file's report, and at the end the whole report. Jobs live in the process (the last
 * {@link KEPT_JOBS}, finished or not): a restart forgets them, while what they stored stays stored.
 */
import { isPricecatError, renderErrorDetail } from '../errors.js';
import type { FileReport, IngestProgress, IngestReport, IngestSource } from '../model/catalogue-types.js';
import { newId } from './ids.js';
import { detail } from '../messages/message-catalogue.js';

/** How many jobs are remembered; older finished ones are forgotten first. */
export const KEPT_JOBS = 50;

/** One file of a job: waiting, being read and matched, or done with its report. */
export interface IngestJobFile {
  readonly file: string;
  readonly state: 'waiting' | 'running' | 'done';
  readonly report: FileReport | null;
}

/** A job as its owner polls it. */
export interface IngestJob {
  readonly job_id: string;
  /** The uploaded file's name. */
  readonly file_name: string;
  /** `running` until the report is in; `failed`: the upload itself was refused (an empty file, a broken ZIP). */
  readonly status: 'running' | 'done' | 'failed';
  readonly created_at: string;
  readonly finished_at: string | null;
  /** Empty until the upload's files are known (a ZIP is opened first). */
  readonly files: readonly IngestJobFile[];
  /** Files done so far. */
  readonly done_files: number;
  readonly report: IngestReport | null;
  /** Why a `failed` job stored nothing. */
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly message_code?: string;
    readonly params?: Readonly<Record<string, string | number>>;
  } | null;
}

/** The job registry of one catalogue. */
export interface IngestJobs {
  /** Starts `ingest(source)` and returns the job at once. */
  start(source: IngestSource): IngestJob;
  /** The job, or `null` for an unknown (or forgotten) id. */
  get(jobId: string): IngestJob | null;
  /** Resolves when the job ends (tests, and callers that want to wait). */
  settled(jobId: string): Promise<IngestJob | null>;
}

/** A registry over `ingest` (the catalogue's serialized ingest). */
export function createIngestJobs(ingest: (source: IngestSource) => Promise<IngestReport>, now: () => Date): IngestJobs {
  const jobs = new Map<string, { job: IngestJob; done: Promise<void> }>();
  const update = (jobId: string, change: (job: IngestJob) => IngestJob) => {
    const entry = jobs.get(jobId);
    if (entry) entry.job = change(entry.job);
  };
  const forgetOld = () => {
    for (const [id, entry] of jobs) {
      if (jobs.size <= KEPT_JOBS) break;
      if (entry.job.status !== 'running') jobs.delete(id);
    }
  };
  return {
    start(source) {
      const job: IngestJob = {
        job_id: newId('job'),
        file_name: source.fileName,
        status: 'running',
        created_at: now().toISOString(),
        finished_at: null,
        files: [],
        done_files: 0,
        report: null,
        error: null,
      };
      const id = job.job_id;
      const onProgress = (event: IngestProgress) => update(id, (current) => withProgress(current, event));
      const done = ingest({ ...source, onProgress }).then(
        (report) => update(id, (current) => ({ ...current, status: 'done', finished_at: now().toISOString(), report })),
        (error: unknown) =>
          update(id, (current) => ({
            ...current,
            status: 'failed',
            finished_at: now().toISOString(),
            error: isPricecatError(error)
              ? { code: error.code, message: error.message, ...(error.detail && { message_code: error.detail.code, params: error.detail.params }) }
              : { code: 'INTERNAL', message: renderErrorDetail(detail('INGEST_UNEXPECTED_ERROR')), message_code: 'INGEST_UNEXPECTED_ERROR', params: {} },
          })),
      );
      jobs.set(id, { job, done });
      forgetOld();
      return job;
    },
    get: (jobId) => jobs.get(jobId)?.job ?? null,
    async settled(jobId) {
      await jobs.get(jobId)?.done;
      return jobs.get(jobId)?.job ?? null;
    },
  };
}

// ---- internal helpers ----

function withProgress(job: IngestJob, event: IngestProgress): IngestJob {
  if (event.type === 'files') return { ...job, files: event.files.map((file) => ({ file, state: 'waiting', report: null })) };
  const files = [...job.files];
  const current = files[event.index];
  if (!current) return job;
  if (event.type === 'file-start') {
    files[event.index] = { ...current, state: 'running' };
    return { ...job, files };
  }
  files[event.index] = { ...current, state: 'done', report: event.report };
  return { ...job, files, done_files: files.filter((f) => f.state === 'done').length };
}
