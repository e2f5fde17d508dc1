import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { ApiError, codeMessage, toApiError } from '../api/errors.js';
import type { FileReportError, FileReportOk, IngestJob, IngestReport } from '@pricecat/core/contract';
import { uploadAsJob, type UploadHandle, type UploadProgress } from '../api/upload.js';
import { formatCount, formatDate, formatShare } from '../format/format.js';
import { messages } from '../i18n/messages.js';
import { errorView } from '../theme/feedback.js';
import { baseStyles } from '../theme/theme.js';
import { warningsList } from '../theme/warnings.js';
import { uploadStyles } from './upload.styles.js';

/** Payload of `pricecat-ingest-complete`. */
export interface IngestCompleteDetail {
  readonly report: IngestReport;
}

/** Extensions the server reads; anything else is refused before a byte is sent. */
const ACCEPTED = ['.zip', '.xlsx', '.xls', '.xlsm', '.ods', '.csv', '.docx', '.doc', '.pdf'];

const t = messages.upload;

/** Where the running job's id is kept, so the screen finds it again after navigation or a reload. */
export const JOB_STORAGE_KEY = 'pricecat-ingest-job';
/** How often a running job is asked for its progress. */
const POLL_MS = 700;

type Phase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'uploading'; readonly name: string; readonly progress: UploadProgress | null }
  | { readonly kind: 'processing'; readonly job: IngestJob; readonly resumed: boolean }
  | { readonly kind: 'done'; readonly report: IngestReport }
  | { readonly kind: 'error'; readonly error: ApiError };

/**
 * `<pricecat-upload>`: drag a ZIP of price lists (or one price file) onto it or pick one; a progress bar
 * follows the upload, then each file's progress on the server (an ingest job, polled), then a per-file report:
 * recognised clinic, positions, normalized share, warnings, errors, files already ingested. The running job's id
 * is kept in `localStorage`, so leaving the screen or reloading the page shows the same job again.
 *
 * @fires pricecat-upload-progress - bytes sent so far; detail {@link UploadProgress}
 * @fires pricecat-ingest-complete - the server answered with the report; detail {@link IngestCompleteDetail}
 * @csspart error - the error box
 * @cssproperty --accent - the progress bar and the picker button
 */
export class PricecatUploadElement extends LitElement {
  static override styles = [baseStyles, uploadStyles];

  #api = new PricecatApi(() => this.apiBase);
  #handle: UploadHandle<IngestJob> | undefined;
  #poll: ReturnType<typeof setTimeout> | undefined;
  /** The last file picked, kept to send it again as a new version. */
  #lastFile: File | null = null;

  @state() private phase: Phase = { kind: 'idle' };
  @state() private over = false;
  @state() private again = false;

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';

  override connectedCallback(): void {
    super.connectedCallback();
    const saved = readSavedJob();
    if (saved && saved.apiBase === this.apiBase && this.phase.kind === 'idle') this.#follow(saved.jobId, true);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The upload itself must finish (the server has not the file yet); the polling stops, the job goes on.
    clearTimeout(this.#poll);
  }

  private handleDragOver(event: DragEvent): void {
    event.preventDefault();
    this.over = true;
  }

  private handleDrop(event: DragEvent): void {
    event.preventDefault();
    this.over = false;
    const file = event.dataTransfer?.files[0];
    if (file) void this.upload(file);
  }

  private handlePick(event: Event): void {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) void this.upload(file);
  }

  #emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /**
   * Uploads `file` as if the user had dropped it (`again`: store it even if its content was ingested before);
   * resolves when the server has it and the job runs. `pricecat-ingest-complete` fires when the report is in.
   */
  async upload(file: File, again = this.again): Promise<void> {
    if (!ACCEPTED.some((extension) => file.name.toLowerCase().endsWith(extension))) {
      this.phase = { kind: 'error', error: new ApiError('UNSUPPORTED_FORMAT', t.notZip, 0) };
      return;
    }
    clearTimeout(this.#poll);
    this.#lastFile = file;
    this.#api = new PricecatApi(() => this.apiBase);
    this.phase = { kind: 'uploading', name: file.name, progress: null };
    this.#handle = uploadAsJob(this.#api, file, again, (progress) => {
      this.phase = { kind: 'uploading', name: file.name, progress };
      this.#emit<UploadProgress>('pricecat-upload-progress', progress);
    });
    try {
      const job = await this.#handle.done;
      localStorage.setItem(JOB_STORAGE_KEY, JSON.stringify({ apiBase: this.apiBase, jobId: job.job_id }));
      this.#show(job, false);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      this.phase = { kind: 'error', error: toApiError(error) };
    }
  }

  /** Polls the job until it ends. */
  #follow(jobId: string, resumed: boolean): void {
    this.#api = new PricecatApi(() => this.apiBase);
    const ask = async () => {
      try {
        this.#show(await this.#api.ingestJob(jobId), resumed);
      } catch (error) {
        const apiError = toApiError(error);
        // Forgotten by the server (a restart): nothing to resume.
        if (apiError.status === 404) {
          localStorage.removeItem(JOB_STORAGE_KEY);
          if (resumed) this.phase = { kind: 'idle' };
          else this.phase = { kind: 'error', error: apiError };
          return;
        }
        if (this.isConnected) this.#poll = setTimeout(() => void ask(), POLL_MS * 3);
      }
    };
    void ask();
  }

  #show(job: IngestJob, resumed: boolean): void {
    if (job.status === 'running') {
      this.phase = { kind: 'processing', job, resumed };
      if (this.isConnected) this.#poll = setTimeout(() => this.#follow(job.job_id, resumed), POLL_MS);
      return;
    }
    if (job.status === 'failed' || !job.report) {
      this.phase = { kind: 'error', error: jobError(job) };
      return;
    }
    const report = job.report;
    const first = this.phase.kind !== 'done';
    this.phase = { kind: 'done', report };
    if (first) this.#emit<IngestCompleteDetail>('pricecat-ingest-complete', { report });
  }

  #renderJob(job: IngestJob, resumed: boolean) {
    const total = job.files.length;
    return html`${resumed ? html`<p class="muted">${t.resumed}</p>` : nothing}
      <p role="status">${total === 0 ? t.opening : t.progress(job.done_files, total)}</p>
      <progress max=${Math.max(total, 1)} .value=${job.done_files} aria-label=${job.file_name}></progress>
      <ol class="job-files">
        ${job.files.map(
          (file) => html`<li class=${file.state}>
            <span class="file">${file.file}</span>
            <span class="muted">${file.report?.status === 'error' ? t.errorLabel : (t.fileStates[file.state] ?? file.state)}</span>
          </li>`,
        )}
      </ol>`;
  }

  #renderProgress(name: string, progress: UploadProgress | null) {
    const sent = progress !== null && progress.loaded >= progress.total;
    return html`<p role="status">${sent ? t.processing : t.uploading(name)}</p>
      <progress max=${progress?.total ?? 1} .value=${sent ? (progress?.total ?? 1) : (progress?.loaded ?? 0)}
        aria-label=${t.uploading(name)}></progress>`;
  }

  #renderFile(file: FileReportOk | FileReportError) {
    if (file.status === 'error' && file.duplicate_of) {
      const first = file.duplicate_of;
      return html`<tr class="duplicate">
        <td class="file">${file.file}</td>
        <td colspan="3">${t.duplicate(formatDate(first.ingested_at), first.file_name)}
          ${this.#lastFile
            ? html`<button type="button" class="again" @click=${() => this.#lastFile && void this.upload(this.#lastFile, true)}>
                ${t.ingestAgain}
              </button>`
            : nothing}</td>
      </tr>`;
    }
    if (file.status === 'error') {
      return html`<tr class="failed">
        <td class="file">${file.file}</td>
        <td colspan="3">${t.errorLabel}: ${codeMessage(file.code) ?? ''}
          <span class="muted">${file.message}</span></td>
      </tr>`;
    }
    const share = file.positions > 0 ? formatShare(file.normalized / file.positions) : '—';
    return html`<tr>
      <td class="file">${file.file}</td>
      <td>${file.clinic_name}${file.city ? html`<br /><span class="muted">${file.city}</span>` : nothing}</td>
      <td class="num">${formatCount(file.positions)}<br /><span class="muted share">${share}</span>
        <br /><span class="muted to-review">${t.toReview(formatCount(file.queued), formatCount(file.unrecognized))}</span></td>
      <td class="warnings-cell">${warningsList(file.warnings, file.file)}</td>
    </tr>`;
  }

  #renderReport(report: IngestReport) {
    // A file already ingested is reported as an error on the wire (ALREADY_INGESTED) but nothing went wrong:
    // counted apart, so «с ошибками» means files a person has to look at.
    const already = report.files.filter((file) => file.status === 'error' && file.duplicate_of).length;
    return html`<p class="summary" role="status">${t.done(report.files.length, report.errors - already, already)}</p>
      <div class="table-wrap">
        <table>
          <thead>
            <tr><th>${t.file}</th><th>${t.clinic}</th><th class="num">${t.positions} / ${t.normalizedShare}</th><th>${t.warnings}</th></tr>
          </thead>
          <tbody>${report.files.map((file) => this.#renderFile(file))}</tbody>
        </table>
      </div>`;
  }

  override render() {
    const phase = this.phase;
    const busy = phase.kind === 'uploading' || phase.kind === 'processing';
    return html`<div class="zone ${this.over ? 'over' : ''}" @dragover=${this.handleDragOver}
        @dragleave=${() => (this.over = false)} @drop=${this.handleDrop}>
        <p>${t.drop}</p>
        <label class="pick">${t.pick}<input type="file" accept=${ACCEPTED.join(',')} ?disabled=${busy}
          @change=${this.handlePick} /></label>
        <p class="again-choice"><label><input type="checkbox" .checked=${this.again}
          @change=${(event: Event) => (this.again = (event.target as HTMLInputElement).checked)} /> ${t.again}</label></p>
      </div>
      ${phase.kind === 'uploading' ? this.#renderProgress(phase.name, phase.progress) : nothing}
      ${phase.kind === 'processing' ? this.#renderJob(phase.job, phase.resumed) : nothing}
      ${phase.kind === 'error' ? errorView(phase.error, undefined, t.failed) : nothing}
      ${phase.kind === 'done' ? this.#renderReport(phase.report) : nothing}`;
  }
}

// ---- internal helpers ----

/**
 * Why a job failed, as the answer of a request would say it (`errorFromAnswer`): the server's own Russian text when it
 * comes from its catalogue (it says what broke and what to do), else the UI's text for the code with the server's
 * text under «Подробности».
 */
function jobError(job: IngestJob): ApiError {
  const failure = job.error ?? { code: 'INTERNAL', message: '' };
  if (failure.message_code !== undefined && failure.message) {
    return new ApiError(failure.code, failure.message, 0, undefined, failure.message_code, failure.params);
  }
  const known = codeMessage(failure.code);
  return new ApiError(failure.code, known ?? failure.message, 0, known !== undefined && failure.message ? failure.message : undefined);
}

function readSavedJob(): { apiBase: string; jobId: string } | null {
  try {
    const saved = JSON.parse(localStorage.getItem(JOB_STORAGE_KEY) ?? 'null') as { apiBase?: unknown; jobId?: unknown } | null;
    return saved && typeof saved.apiBase === 'string' && typeof saved.jobId === 'string' ? { apiBase: saved.apiBase, jobId: saved.jobId } : null;
  } catch {
    return null;
  }
}
