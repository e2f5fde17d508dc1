import { LitElement, css, html, nothing, svg, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { LoadController } from '../api/load-controller.js';
import type { Dashboard, PriceList, Stats } from '@pricecat/core/contract';
import { formatCount, formatDate, formatDateTime, formatShare } from '../format/format.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { baseStyles } from '../theme/theme.js';
import { warningsList } from '../theme/warnings.js';
import { loadDashboard, type DashboardData } from './dashboard-data.js';

const t = messages.dashboard;

/**
 * `<pricecat-dashboard>`: documents, clinics, positions, the normalized share over all extracted
 * positions, the queue size, positions per matching method, figures per clinic and per category, the normalized
 * share over time (per ingest) and the latest ingests with their status and warnings. The figures are links to the
 * lists behind them (the queue, the unmatched positions of a clinic or status, a search). Call `refresh()` after an
 * upload.
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
      .share-chart {
        width: 100%;
        max-width: 40rem;
        height: auto;
      }
      .share-chart .axis {
        stroke: var(--border);
      }
      .share-chart .tick {
        font-size: 11px;
        fill: var(--muted);
      }
      .share-chart .list-share {
        fill: var(--accent);
        opacity: 0.35;
      }
      .share-chart .cumulative {
        stroke: var(--accent);
        stroke-width: 2.5;
      }
      details.by-category summary h3 {
        display: inline;
      }
      ul.warnings {
        margin: 0;
        padding-left: 1rem;
        font-size: 0.875rem;
      }
    `,
  ];

  #api = new PricecatApi(() => this.apiBase);
  #data = new LoadController<DashboardData>(this);

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** How many of the latest ingests to list. */
  @property({ type: Number }) latest = 10;

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apiBase')) this.#api = new PricecatApi(() => this.apiBase);
    if (changed.has('apiBase') || changed.has('latest')) void this.refresh();
  }

  /** Loads the figures again (e.g. after an upload elsewhere on the page). */
  refresh(): Promise<void> {
    return this.#data.run((signal) => loadDashboard(this.#api, this.latest, signal));
  }

  #renderCards(stats: Stats) {
    const card = (label: string, value: string, key: string, href?: string) =>
      html`<div class="card" data-figure=${key}><dt>${label}</dt>
        <dd>${href ? html`<a href=${href} title=${t.open}>${value}</a>` : value}</dd></div>`;
    return html`<dl class="cards">
      ${card(t.documents, formatCount(stats.price_lists), 'documents', '#/upload')}
      ${card(t.clinics, formatCount(stats.clinics), 'clinics')}
      ${card(t.positions, formatCount(stats.positions), 'positions')}
      ${card(t.normalizedShare, formatShare(stats.normalized_share), 'normalized-share')}
      ${card(t.queue, formatCount(stats.queued), 'queue', '#/queue')}
      ${card(t.unrecognized, formatCount(stats.unrecognized), 'unrecognized', '#/unmatched?status=unrecognized')}
      ${card(t.services, formatCount(stats.services), 'services', '#/search')}
    </dl>`;
  }

  #renderClinics(clinics: Dashboard['clinics']) {
    if (clinics.length === 0) return nothing;
    const unmatched = (clinicId: string, status?: string) =>
      `#/unmatched?clinic_id=${encodeURIComponent(clinicId)}${status ? `&status=${status}` : ''}`;
    return html`<h3>${t.byClinic}</h3>
      <div class="table-wrap">
        <table class="by-clinic">
          <thead>
            <tr><th>${t.clinic}</th><th class="num">${t.lists}</th><th class="num">${t.positionsShort}</th>
              <th class="num">${t.normalizedShare}</th><th class="num">${t.queue}</th><th class="num">${t.unrecognized}</th>
              <th>${t.latestList}</th></tr>
          </thead>
          <tbody>
            ${clinics.map(
              (c) => html`<tr data-clinic=${c.clinic_id}>
                <td><a href=${unmatched(c.clinic_id)}>${c.name}</a>${c.city ? html`<br /><span class="muted">${c.city}</span>` : nothing}</td>
                <td class="num">${formatCount(c.price_lists)}</td>
                <td class="num">${formatCount(c.positions)}</td>
                <td class="num share">${formatShare(c.normalized_share)}</td>
                <td class="num"><a class="queued" href=${unmatched(c.clinic_id, 'queued')}>${formatCount(c.queued)}</a></td>
                <td class="num"><a class="unrecognized" href=${unmatched(c.clinic_id, 'unrecognized')}>${formatCount(c.unrecognized)}</a></td>
                <td>${c.latest_list_date ? formatDate(c.latest_list_date) : '—'}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>`;
  }

  #renderCategories(categories: Dashboard['categories']) {
    if (categories.length === 0) return nothing;
    return html`<details class="by-category">
      <summary><h3>${t.byCategory}</h3></summary>
      <div class="table-wrap">
        <table>
          <thead><tr><th>${t.category}</th><th class="num">${t.services}</th><th class="num">${t.offered}</th><th class="num">${t.clinicsOffering}</th></tr></thead>
          <tbody>
            ${categories.map(
              (c) => html`<tr>
                <td><a href=${`#/search?q=${encodeURIComponent(c.category)}`}>${c.category}</a></td>
                <td class="num">${formatCount(c.services)}</td>
                <td class="num">${formatCount(c.offered)}</td>
                <td class="num">${formatCount(c.clinics)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </details>`;
  }

  #renderShareOverTime(ingests: Dashboard['ingests']) {
    if (ingests.length === 0) return nothing;
    const width = 600;
    const height = 160;
    const pad = 24;
    const step = (width - 2 * pad) / ingests.length;
    const y = (share: number) => height - pad - share * (height - 2 * pad);
    const line = ingests.map((i, at) => `${(pad + step * (at + 0.5)).toFixed(1)},${y(i.cumulative_share).toFixed(1)}`).join(' ');
    return html`<h3>${t.shareOverTime}</h3>
      ${svg`<svg class="share-chart" viewBox="0 0 ${width} ${height}" role="img" aria-label=${t.shareChart}>
        <line class="axis" x1=${pad} x2=${width - pad} y1=${height - pad} y2=${height - pad}></line>
        <text class="tick" x="2" y=${y(1) + 4}>100 %</text>
        <text class="tick" x="2" y=${y(0) + 4}>0 %</text>
        ${ingests.map(
          (i, at) => svg`<rect class="list-share" x=${pad + step * at + step * 0.15} width=${step * 0.7}
            y=${y(i.normalized_share)} height=${height - pad - y(i.normalized_share)}>
            <title>${i.file_name} (${i.clinic_name}), ${formatDateTime(i.ingested_at)}: ${formatShare(i.normalized_share)}</title>
          </rect>`,
        )}
        <polyline class="cumulative" points=${line} fill="none"></polyline>
      </svg>`}
      <p class="muted">${t.shareChart}</p>`;
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
        <table class="latest">
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
                <td class="warnings-cell">${warningsList(list.warnings, list.file_name)}</td>
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
      ${data.figures ? this.#renderShareOverTime(data.figures.ingests) : nothing}
      ${data.figures ? this.#renderClinics(data.figures.clinics) : nothing}
      ${data.figures ? this.#renderCategories(data.figures.categories) : nothing}
      ${this.#renderLatest(data.latest, data.clinicNames)}`;
  }
}
