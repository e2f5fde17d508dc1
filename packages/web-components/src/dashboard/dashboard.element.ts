import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { LoadController } from '../api/load-controller.js';
import type { PriceList, Stats } from '@pricecat/core/contract';
import { formatCount, formatDate, formatDateTime, formatShare } from '../format/format.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { baseStyles } from '../theme/theme.js';
import { warningsList } from '../theme/warnings.js';
import { loadDashboard, type DashboardData } from './dashboard-data.js';

const t = messages.dashboard;

/**
 * `<pricecat-dashboard>`: documents, clinics, positions, the normalized share over all extracted
 * positions, the queue size, positions per matching method and the latest ingests with their status and
 * warnings. Call `refresh()` after an upload.
 *
 * @csspart loading - the loading line
 * @csspart error - the error box
 * @cssproperty --accent - the bars of the per-method chart
 */
export class PricecatDashboardElement extends LitElement {
  static override styles = [
    baseStyles,
    css`
      .cards {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
        gap: 0.6rem;
        margin: 0 0 1.2rem;
        padding: 0;
      }
      .card {
        border: 1px solid var(--border);
        border-radius: var(--radius);
        padding: 0.6rem 0.8rem;
        background: var(--surface);
      }
      .card dt {
        color: var(--muted);
        font-size: 0.875rem;
      }
      .card dd {
        margin: 0.2rem 0 0;
        font-size: 1.5rem;
        font-weight: 600;
        font-variant-numeric: tabular-nums;
      }
      h3 {
        font-size: 1rem;
        margin: 1rem 0 0.5rem;
      }
      .methods {
        display: grid;
        grid-template-columns: minmax(7rem, max-content) 1fr max-content;
        gap: 0.3rem 0.6rem;
        align-items: center;
        max-width: 40rem;
      }
      .bar {
        height: 0.7rem;
        background: var(--accent);
        border-radius: 2px;
        min-width: 2px;
      }
      .status-ok {
        color: var(--success);
      }
      .status-warnings {
        color: var(--warning);
      }
      .status-error {
        color: var(--danger);
      }
      td.file {
        overflow-wrap: anywhere;
      }
      ul.warnings {
        margin: 0;
        padding-left: 1rem;
        font-size: 0.875rem;
      }
    `,
  ];

  #api = new PricecatApi('/api');
  #data = new LoadController<DashboardData>(this);

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** How many of the latest ingests to list. */
  @property({ type: Number }) latest = 10;

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apiBase')) this.#api = new PricecatApi(this.apiBase);
    if (changed.has('apiBase') || changed.has('latest')) void this.refresh();
  }

  /** Loads the figures again (e.g. after an upload elsewhere on the page). */
  refresh(): Promise<void> {
    return this.#data.run((signal) => loadDashboard(this.#api, this.latest, signal));
  }

  #renderCards(stats: Stats) {
    const card = (label: string, value: string, key: string) =>
      html`<div class="card" data-figure=${key}><dt>${label}</dt><dd>${value}</dd></div>`;
    return html`<dl class="cards">
      ${card(t.documents, formatCount(stats.price_lists), 'documents')} ${card(t.clinics, formatCount(stats.clinics), 'clinics')}
      ${card(t.positions, formatCount(stats.positions), 'positions')}
      ${card(t.normalizedShare, formatShare(stats.normalized_share), 'normalized-share')}
      ${card(t.queue, formatCount(stats.queued), 'queue')} ${card(t.unrecognized, formatCount(stats.unrecognized), 'unrecognized')}
      ${card(t.services, formatCount(stats.services), 'services')}
    </dl>`;
  }

  #renderMethods(byMethod: Readonly<Record<string, number>>) {
    const entries = Object.entries(byMethod).sort((a, b) => b[1] - a[1]);
    if (entries.length === 0) return nothing;
    const top = entries.reduce((top, [, count]) => Math.max(top, count), 1);
    return html`<h3>${t.byMethod}</h3>
      <div class="methods">
        ${entries.map(
          ([method, count]) => html`<span class="method">${t.methods[method] ?? method}</span>
            <span class="bar" style=${`width: ${(count / top) * 100}%`}></span>
            <span class="num">${formatCount(count)}</span>`,
        )}
      </div>`;
  }

  #renderLatest(lists: readonly PriceList[], names: ReadonlyMap<string, string>) {
    if (lists.length === 0) return html`<h3>${t.latest}</h3><p class="muted">${t.noIngests}</p>`;
    return html`<h3>${t.latest}</h3>
      <div class="table-wrap">
        <table>
          <thead>
            <tr><th>${t.file}</th><th>${t.date}</th><th>${t.status}</th><th class="num">${t.positionsShort}</th><th>${t.warnings}</th></tr>
          </thead>
          <tbody>
            ${lists.map(
              (list) => html`<tr>
                <td class="file">${list.file_name}<br /><span class="muted">${names.get(list.clinic_id) ?? ''}
                  ${list.effective_date ? `· ${formatDate(list.effective_date)}` : ''}</span></td>
                <td>${formatDateTime(list.ingested_at)}</td>
                <td class=${`status-${list.status}`}>${t.statuses[list.status] ?? list.status}</td>
                <td class="num">${formatCount(list.position_count)}</td>
                <td class="warnings-cell">${warningsList(list.warnings)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>`;
  }

  override render() {
    const state = this.#data.state;
    if (state.kind === 'error') return errorView(state.error, () => void this.#data.retry());
    const data = this.#data.value;
    if (!data) return loadingView();
    return html`${this.#renderCards(data.stats)} ${this.#renderMethods(data.stats.by_method)}
    ${this.#renderLatest(data.latest, data.clinicNames)}`;
  }
}
