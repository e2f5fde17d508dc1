import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { ApiError, codeMessage, toApiError } from '../api/errors.js';
import type { FileReportError, FileReportOk, IngestReport } from '@pricecat/core/contract';
import { uploadArchive, type UploadHandle, type UploadProgress } from '../api/upload.js';
import { formatCount, formatShare } from '../format/format.js';
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

type Phase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'uploading'; readonly name: string; readonly progress: UploadProgress | null }
  | { readonly kind: 'done'; readonly report: IngestReport }
  | { readonly kind: 'error'; readonly error: ApiError };

/**
 * `<pricecat-upload>`: drag a ZIP of price lists (or one price file) onto it or pick one; a progress bar
 * follows the upload, then a per-file report: recognised clinic, positions, normalized share, warnings,
 * errors.
 *
 * @fires pricecat-upload-progress - bytes sent so far; detail {@link UploadProgress}
 * @fires pricecat-ingest-complete - the server answered with the report; detail {@link IngestCompleteDetail}
 * @csspart error - the error box
 * @cssproperty --accent - the progress bar and the picker button
 */
export class PricecatUploadElement extends LitElement {
  static override styles = [baseStyles, uploadStyles];

  #api = new PricecatApi('/api');
  #handle: UploadHandle | undefined;

  @state() private phase: Phase = { kind: 'idle' };
  @state() private over = false;

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#handle?.abort();
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

  /** Uploads `file` as if the user had dropped it; resolves when the report (or an error) is shown. */
  async upload(file: File): Promise<void> {
    if (!ACCEPTED.some((extension) => file.name.toLowerCase().endsWith(extension))) {
      this.phase = { kind: 'error', error: new ApiError('UNSUPPORTED_FORMAT', t.notZip, 0) };
      return;
    }
    this.#api = new PricecatApi(this.apiBase);
    this.phase = { kind: 'uploading', name: file.name, progress: null };
    this.#handle = uploadArchive(this.#api, file, (progress) => {
      this.phase = { kind: 'uploading', name: file.name, progress };
      this.#emit<UploadProgress>('pricecat-upload-progress', progress);
    });
    try {
      const report = await this.#handle.done;
      this.phase = { kind: 'done', report };
      this.#emit<IngestCompleteDetail>('pricecat-ingest-complete', { report });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      this.phase = { kind: 'error', error: toApiError(error) };
    }
  }

  #renderProgress(name: string, progress: UploadProgress | null) {
    const sent = progress !== null && progress.loaded >= progress.total;
    return html`<p role="status">${sent ? t.processing : t.uploading(name)}</p>
      <progress max=${progress?.total ?? 1} .value=${sent ? (progress?.total ?? 1) : (progress?.loaded ?? 0)}
        aria-label=${t.uploading(name)}></progress>`;
  }

  #renderFile(file: FileReportOk | FileReportError) {
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
      <td class="num">${formatCount(file.positions)}<br /><span class="muted share">${share}</span></td>
      <td class="warnings-cell">${warningsList(file.warnings)}</td>
    </tr>`;
  }

  #renderReport(report: IngestReport) {
    return html`<p class="summary" role="status">${t.done(report.files.length, report.errors)}</p>
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
    const busy = phase.kind === 'uploading';
    return html`<div class="zone ${this.over ? 'over' : ''}" @dragover=${this.handleDragOver}
        @dragleave=${() => (this.over = false)} @drop=${this.handleDrop}>
        <p>${t.drop}</p>
        <label class="pick">${t.pick}<input type="file" accept=${ACCEPTED.join(',')} ?disabled=${busy}
          @change=${this.handlePick} /></label>
      </div>
      ${phase.kind === 'uploading' ? this.#renderProgress(phase.name, phase.progress) : nothing}
      ${phase.kind === 'error' ? errorView(phase.error, undefined, t.failed) : nothing}
      ${phase.kind === 'done' ? this.#renderReport(phase.report) : nothing}`;
  }
}
