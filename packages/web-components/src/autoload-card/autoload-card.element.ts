import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { toApiError, type ApiError } from '../api/errors.js';
import { LoadController } from '../api/load-controller.js';
import { loadSettings, saveSettings, scanNow } from '../api/operator-api.js';
import type { ScanReport, ScanSummary, Settings, SettingsPatch } from '@pricecat/core/contract';
import { MAX_SCAN_INTERVAL_MINUTES } from '@pricecat/core/contract/limits';
import { formatCount, formatDateTime } from '../format/format.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { baseStyles } from '../theme/theme.js';
import { cardStyles } from './autoload-card.styles.js';

/** Payload of `pricecat-settings-change`. */
export interface SettingsChangeDetail {
  readonly settings: Settings;
}

/** Payload of `pricecat-scan-complete`. */
export interface ScanCompleteDetail {
  readonly report: ScanReport;
}

/** What the form checks before sending; the server checks that the folder exists and is readable. */
type FieldErrors = { readonly folder?: string; readonly interval?: string };

const t = messages.autoload;

/**
 * `<pricecat-autoload-card>`: the watched folder and the scan interval (with the server's validation
 * errors shown under the form), «Сканировать сейчас», and the last scan's result.
 *
 * @fires pricecat-settings-change - the server saved new settings; detail {@link SettingsChangeDetail}
 * @fires pricecat-scan-complete - a scan started here finished; detail {@link ScanCompleteDetail}
 * @csspart card - the card box
 * @cssproperty --danger - validation errors
 */
export class PricecatAutoloadCardElement extends LitElement {
  static override styles = [baseStyles, cardStyles];

  #api = new PricecatApi(() => this.apiBase);
  #settings = new LoadController<Settings>(this);

  @state() private folder = '';
  @state() private interval = '0';
  @state() private fieldErrors: FieldErrors = {};
  @state() private saving = false;
  @state() private saved = false;
  @state() private saveError: ApiError | undefined;
  /** The server's own words for a rejected value, shown under the field error. */
  @state() private serverDetail = '';
  @state() private scanning = false;
  @state() private scanError: ApiError | undefined;
  @state() private scan: ScanReport | undefined;

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apiBase')) {
      this.#api = new PricecatApi(() => this.apiBase);
      void this.#settings.run((signal) => loadSettings(this.#api, signal)).then(() => this.#fill(this.#settings.value));
    }
  }

  #fill(settings: Settings | undefined): void {
    if (!settings) return;
    this.folder = settings.watch_folder ?? '';
    this.interval = String(settings.scan_interval_minutes);
  }

  private async handleSave(event: Event): Promise<void> {
    event.preventDefault();
    this.saved = false;
    this.saveError = undefined;
    this.serverDetail = '';
    const { patch, errors } = readForm(this.folder, this.interval);
    this.fieldErrors = errors;
    if (!patch) return;
    this.saving = true;
    try {
      const settings = await saveSettings(this.#api, patch);
      await this.#settings.run(async () => settings);
      this.#fill(settings);
      this.saved = true;
      const detail: SettingsChangeDetail = { settings };
      this.dispatchEvent(new CustomEvent('pricecat-settings-change', { detail, bubbles: true, composed: true }));
    } catch (error) {
      const apiError = toApiError(error);
      // The server names the rejected field in its message; show the rejection under that field.
      if (apiError.code === 'INVALID_INPUT') {
        const interval = apiError.messageCode === 'SCAN_INTERVAL_INVALID' || /scan_interval/.test(apiError.detail ?? '');
        this.fieldErrors = interval ? { interval: t.intervalInvalid } : { folder: t.folderRejected };
        this.serverDetail = apiError.detail ?? (apiError.messageCode ? apiError.message : '');
      } else this.saveError = apiError;
    } finally {
      this.saving = false;
    }
  }

  private async handleScan(): Promise<void> {
    this.scanError = undefined;
    this.scanning = true;
    try {
      const report = await scanNow(this.#api);
      this.scan = report;
      const detail: ScanCompleteDetail = { report };
      this.dispatchEvent(new CustomEvent('pricecat-scan-complete', { detail, bubbles: true, composed: true }));
    } catch (error) {
      this.scanError = toApiError(error);
    } finally {
      this.scanning = false;
    }
  }

  #renderField(id: string, label: string, hint: string, error: string | undefined, input: unknown) {
    return html`<div class="field ${error ? 'invalid' : ''}">
      <label for=${id}>${label}</label>
      ${input}
      ${error
        ? html`<span class="field-error" id=${`${id}-error`} role="alert">${error}</span>
            ${this.serverDetail ? html`<span class="hint server-detail">${t.serverSaid} ${this.serverDetail}</span>` : nothing}`
        : html`<span class="hint">${hint}</span>`}
    </div>`;
  }

  #renderLastScan(summary: ScanSummary | null) {
    const report = this.scan;
    const shown = report ? summarize(report) : summary;
    if (!shown) return html`<p class="muted last-scan">${t.never}</p>`;
    return html`<p class="last-scan" role="status">
        ${formatDateTime(shown.finished_at)} (${t.triggers[shown.trigger] ?? shown.trigger}), <code>${shown.folder}</code><br />
        ${t.scanSummary(shown.files, shown.errors, shown.skipped, shown.positions)}
      </p>
      ${report && report.files.length > 0
        ? html`<ul class="files">
            ${report.files.map((file) =>
              file.status === 'error'
                ? html`<li class="failed">${file.file}: ${file.message}</li>`
                : html`<li>${file.file}: ${file.clinic_name}, ${formatCount(file.positions)}</li>`,
            )}
          </ul>`
        : nothing}`;
  }

  override render() {
    const state = this.#settings.state;
    const settings = this.#settings.value;
    let body: unknown;
    if (state.kind === 'error' && !settings) body = errorView(state.error, () => void this.#settings.retry().then(() => this.#fill(this.#settings.value)));
    else if (!settings) body = loadingView();
    else {
      body = html`<form @submit=${this.handleSave} novalidate>
          ${this.#renderField('folder', t.folder, t.folderHint, this.fieldErrors.folder,
            html`<input id="folder" class="folder" type="text" autocomplete="off" spellcheck="false" .value=${this.folder}
              placeholder=${t.folderPlaceholder} aria-invalid=${this.fieldErrors.folder ? 'true' : 'false'}
              @input=${(event: Event) => (this.folder = (event.target as HTMLInputElement).value)} />`)}
          ${this.#renderField('interval', t.interval, t.intervalHint, this.fieldErrors.interval,
            html`<input id="interval" class="interval" type="number" min="0" max=${MAX_SCAN_INTERVAL_MINUTES} step="1" .value=${this.interval}
              aria-invalid=${this.fieldErrors.interval ? 'true' : 'false'}
              @input=${(event: Event) => (this.interval = (event.target as HTMLInputElement).value)} />`)}
          ${this.saveError ? errorView(this.saveError, undefined, t.saveFailed) : nothing}
          <div class="buttons">
            <button type="submit" class="save" ?disabled=${this.saving}>${t.save}</button>
            ${this.saved ? html`<span class="ok" role="status">${t.saved}</span>` : nothing}
          </div>
        </form>
        <h4>${t.lastScan}</h4>
        ${this.#renderLastScan(settings.last_scan)}
        ${this.scanError ? errorView(this.scanError, undefined, t.scanFailed) : nothing}
        <div class="buttons">
          <button type="button" class="secondary scan" ?disabled=${this.scanning || !settings.watch_folder}
            @click=${() => void this.handleScan()}>${t.scan}</button>
          ${this.scanning ? html`<span class="muted" role="status">${t.scanning}</span>` : nothing}
          ${!settings.watch_folder ? html`<span class="hint">${t.noFolder}</span>` : nothing}
        </div>`;
    }
    return html`<section class="card" part="card"><h3>${t.title}</h3>${body}</section>`;
  }
}

/** The form as a settings patch, or the field errors that keep it from being sent. */
export function readForm(folder: string, interval: string): { patch?: SettingsPatch; errors: FieldErrors } {
  const path = folder.trim();
  const minutes = Number(interval.trim());
  const errors: { folder?: string; interval?: string } = {};
  // Absolute POSIX path, or a Windows drive / UNC path for a server on Windows.
  if (path !== '' && !/^(\/|[A-Za-z]:[\\/]|\\\\)/.test(path)) errors.folder = t.folderNotAbsolute;
  if (interval.trim() === '' || !Number.isInteger(minutes) || minutes < 0 || minutes > MAX_SCAN_INTERVAL_MINUTES) errors.interval = t.intervalInvalid;
  if (errors.folder || errors.interval) return { errors };
  return { patch: { watch_folder: path === '' ? null : path, scan_interval_minutes: minutes }, errors };
}

function summarize(report: ScanReport): ScanSummary {
  return {
    folder: report.folder,
    trigger: report.trigger,
    started_at: report.started_at,
    finished_at: report.finished_at,
    files: report.files.length,
    errors: report.errors,
    skipped: report.skipped.length,
    positions: report.positions,
  };
}
