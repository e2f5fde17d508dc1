/**
 * `POST {api-base}/ingest` through XMLHttpRequest, the only browser API that reports upload progress.
 *
 * @module
 */
import { errorFromAnswer, networkError, toApiError } from './errors.js';
import type { PricecatApi } from './client.js';
import type { IngestReport } from './types.js';

/** Bytes sent so far of the whole multipart body. */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

/** A running upload: its result and a way to cancel it. */
export interface UploadHandle {
  readonly done: Promise<IngestReport>;
  abort(): void;
}

/** Sends `file` in the multipart field `file`; `onProgress` is called while bytes go out and once at the end. */
export function uploadArchive(api: PricecatApi, file: File, onProgress: (progress: UploadProgress) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<IngestReport>((resolve, reject) => {
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.upload.addEventListener('load', (event) => onProgress({ loaded: event.total || event.loaded, total: event.total || event.loaded }));
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromAnswer(xhr.status, xhr.responseText));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as IngestReport);
      } catch (error) {
        reject(toApiError(error));
      }
    });
    xhr.addEventListener('error', () => reject(networkError(new Error('XMLHttpRequest failed'))));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
  });
  const body = new FormData();
  body.append('file', file, file.name);
  xhr.open('POST', api.url('ingest'));
  xhr.setRequestHeader('accept', 'application/json');
  xhr.send(body);
  return { done, abort: () => xhr.abort() };
}
