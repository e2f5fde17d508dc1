/**
 * `POST {api-base}/ingest` and `POST {api-base}/ingest-jobs` through XMLHttpRequest, the only browser API that
 * reports upload progress.
 *
 * @module
 */
import { askForToken, authHeaders } from './auth-token.js';
import { errorFromAnswer, networkError, toApiError } from './errors.js';
import type { PricecatApi } from './client.js';
import type { IngestJob, IngestReport } from '@pricecat/core/contract';

/** Bytes sent so far of the whole multipart body. */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

/** A running upload: its result and a way to cancel it. */
export interface UploadHandle<T = IngestReport> {
  readonly done: Promise<T>;
  abort(): void;
}

/** `POST /ingest`: the server answers when the ingest is over, with the report. */
export function uploadArchive(api: PricecatApi, file: File, onProgress: (progress: UploadProgress) => void): UploadHandle {
  return uploadTo<IngestReport>(api.url('ingest'), file, onProgress);
}

/**
 * `POST /ingest-jobs`: the server answers as soon as the file is in, with the job to poll. `again`: store a file
 * already ingested as a new version instead of reporting it.
 */
export function uploadAsJob(api: PricecatApi, file: File, again: boolean, onProgress: (progress: UploadProgress) => void): UploadHandle<IngestJob> {
  return uploadTo<IngestJob>(api.url('ingest-jobs', { again: again ? 'true' : undefined }), file, onProgress);
}

/**
 * Sends `file` in the multipart field `file`; `onProgress` is called while bytes go out and once at the end.
 * A 401 asks the user for the API token once and sends the file again with it.
 */
function uploadTo<T>(url: string, file: File, onProgress: (progress: UploadProgress) => void): UploadHandle<T> {
  let current: XMLHttpRequest | null = null;
  let aborted = false;
  const send = (): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      current = xhr;
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
      xhr.upload.addEventListener('load', (event) => onProgress({ loaded: event.total || event.loaded, total: event.total || event.loaded }));
      xhr.addEventListener('load', () => resolve({ status: xhr.status, text: xhr.responseText }));
      xhr.addEventListener('error', () => reject(networkError(new Error('XMLHttpRequest failed'))));
      xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
      const body = new FormData();
      body.append('file', file, file.name);
      xhr.open('POST', url);
      xhr.setRequestHeader('accept', 'application/json');
      for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
      xhr.send(body);
    });
  const done = (async (): Promise<T> => {
    let answer = await send();
    if (answer.status === 401 && !aborted && (await askForToken())) answer = await send();
    if (answer.status < 200 || answer.status >= 300) throw errorFromAnswer(answer.status, answer.text);
    try {
      return JSON.parse(answer.text) as T;
    } catch (error) {
      throw toApiError(error);
    }
  })();
  return {
    done,
    abort: () => {
      aborted = true;
      current?.abort();
    },
  };
}
