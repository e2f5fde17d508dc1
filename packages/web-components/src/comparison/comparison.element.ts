import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { toApiError, type ApiError } from '../api/errors.js';
import { LoadController } from '../api/load-controller.js';
import { matchPosition, skipPosition } from '../api/operator-api.js';
import type { PartnerPrice, PriceKind, ServiceComparison, ServicePriceHistory } from '@pricecat/core/contract';
import '../service-picker/service-picker.js';
import type { ServicePickDetail } from '../service-picker/service-picker.element.js';
import { formatDate, formatPrice, formatPriceDelta, formatSignedShare } from '../format/format.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { baseStyles } from '../theme/theme.js';
import { comparisonStyles } from './comparison.styles.js';
import { historyChart, lineColour, pointDay } from './history-chart.js';
import { loadPriceHistory } from './price-history.js';
import { priceKinds } from './price-kind.js';
import { spreadChart } from './spread-chart.js';

/** Payload of `pricecat-price-kind-change`. */
export interface PriceKindChangeDetail {
  readonly priceKind: PriceKind;
}

const t = messages.comparison;

/**
 * `<pricecat-comparison service-id="…">`: one service across clinics, cheapest first, with each clinic's
 * deviation from the median (overpayment red, saving green), outliers and stale lists marked, the lines behind each
 * clinic's price (each can be matched to another service or withdrawn), a strip plot of the spread, a chart of the
 * price history per clinic (served by the API), and a resident / non-resident switch.
 *
 * @fires pricecat-price-kind-change - the user switched resident / non-resident / far abroad; detail {@link PriceKindChangeDetail}
 * @csspart loading - the loading line
 * @csspart error - the error box
 * @cssproperty --overpay - colour of prices above the median (default `--pricecat-color-danger`)
 * @cssproperty --saving - colour of prices below the median (default `--pricecat-color-success`)
 */
export class PricecatComparisonElement extends LitElement {
  static override styles = [baseStyles, comparisonStyles];

  #api = new PricecatApi(() => this.apiBase);
  #comparison = new LoadController<ServiceComparison>(this);
  #history = new LoadController<ServicePriceHistory>(this);

  /** The line whose match is being corrected (its picker is open). */
  @state() private correcting: string | null = null;
  @state() private correction: { readonly text: string; readonly error?: ApiError } | null = null;

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** The service to compare (`service_id`). */
  @property({ attribute: 'service-id' }) serviceId = '';
  /** Which price to compare; the user can switch it. */
  @property({ attribute: 'price-kind', reflect: true }) priceKind: PriceKind = 'resident';
  /** Only clinics of this city. */
  @property() city = '';

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apiBase')) this.#api = new PricecatApi(() => this.apiBase);
    if (!(changed.has('apiBase') || changed.has('serviceId') || changed.has('priceKind') || changed.has('city'))) return;
    if (!this.serviceId) {
      this.#comparison.reset();
      this.#history.reset();
      return;
    }
    const { serviceId, priceKind, city } = this;
    // The dictionary's duplicate entries of the service (the same service under another specialty) are one service
    // to an analyst: their clinics are compared together.
    void this.#comparison.run((signal) => this.#api.compare(serviceId, { priceKind, city: city || undefined, poolClass: true }, signal));
    void this.#history.run((signal) => loadPriceHistory(this.#api, serviceId, priceKind, city || undefined, signal));
  }

  /** Matches the line to another service (`serviceId`) or withdraws its match, then shows the comparison anew. */
  async #correct(positionId: string, rawName: string, serviceId: string | null, serviceName = ''): Promise<void> {
    this.correcting = null;
    try {
      if (serviceId === null) await skipPosition(this.#api, positionId);
      else await matchPosition(this.#api, positionId, serviceId);
      this.correction = { text: serviceId === null ? t.withdrawn(rawName) : t.moved(rawName, serviceName) };
      void this.#comparison.retry();
      void this.#history.retry();
    } catch (error) {
      this.correction = { text: t.correctionFailed, error: toApiError(error) };
    }
  }

  private handleKind(event: Event): void {
    const priceKind = (event.target as HTMLInputElement).value as PriceKind;
    if (priceKind === this.priceKind) return;
    this.priceKind = priceKind;
    const detail: PriceKindChangeDetail = { priceKind };
    this.dispatchEvent(new CustomEvent('pricecat-price-kind-change', { detail, bubbles: true, composed: true }));
  }

  #renderKindSwitch() {
    const option = (kind: PriceKind, label: string) =>
      html`<label><input type="radio" name="kind" value=${kind} .checked=${this.priceKind === kind}
        @change=${this.handleKind} /><span>${label}</span></label>`;
    return html`<fieldset class="kind">
      <legend>${t.priceKind}</legend>
      ${priceKinds.map((kind) => option(kind, t.kinds[kind]))}
    </fieldset>`;
  }

  /** The duplicate entries compared with the service, when there are any. */
  #renderClass(data: ServiceComparison) {
    // `class` is absent in answers of servers older than classes.
    const others = (data.class?.services ?? []).filter((entry) => entry.service_id !== data.service.service_id);
    if (!data.class?.pooled || others.length === 0) return nothing;
    return html`<p class="class muted">${t.pooledWith}
      ${others.map((entry, i) => html`${i > 0 ? ', ' : ''}«${entry.name}» (${entry.category})`)}. ${t.historyOwn}</p>`;
  }

  #renderDeviation(partner: PartnerPrice) {
    if (Math.round(partner.deviation) === 0) return html`<span class="muted">${t.atMedian}</span>`;
    const over = partner.deviation > 0;
    return html`<span class=${over ? 'overpay' : 'saving'} title=${over ? t.overpay : t.saving}
      >${formatSignedShare(partner.deviation_share)}<br /><small>${formatPriceDelta(partner.deviation)}</small></span
    >`;
  }

  #renderTable(partners: readonly PartnerPrice[]) {
    return html`<div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th>${t.clinic}</th>
            <th class="city">${t.city}</th>
            <th class="num">${t.price}</th>
            <th class="num">${t.deviation}</th>
            <th>${t.date}</th>
          </tr>
        </thead>
        <tbody>
          ${partners.map(
            (partner) => html`<tr class=${partner.outlier ? 'outlier' : ''}>
              <td class="clinic">${partner.clinic_name}${this.#renderLines(partner)}</td>
              <td class="city">${partner.city ?? '—'}</td>
              <td class="num price">${formatPrice(partner.price)}</td>
              <td class="num deviation">${this.#renderDeviation(partner)}${partner.outlier
                ? html`<br /><span class="badge outlier-badge" title=${t.outlierHint}>${t.outlier}</span>`
                : nothing}</td>
              <td class="date">${partner.effective_date ? formatDate(partner.effective_date) : html`<span class="muted">${t.noDate}</span>`}
                ${partner.stale ? html`<br /><span class="badge stale-badge" title=${t.staleHint}>${t.stale}</span>` : nothing}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  /** The lines of the clinic's list behind its price, each with a way to correct its match. */
  #renderLines(partner: PartnerPrice) {
    if (partner.positions.length === 0) return nothing;
    return html`<details class="lines">
      <summary>${t.lines(partner.positions.length)}</summary>
      <ul>
        ${partner.positions.map(
          (line) => html`<li>
            <span class="line-name">${line.raw_name}</span> <b class="line-price">${formatPrice(line.price)}</b>
            <button type="button" class="link correct" @click=${() => (this.correcting = line.position_id)}>${t.correct}</button>
            ${this.correcting === line.position_id
              ? html`<div class="correcting">
                  <pricecat-service-picker api-base=${this.apiBase} q=${this.#data()?.service.name ?? ''}
                    @pricecat-service-pick=${(event: CustomEvent<ServicePickDetail>) =>
                      void this.#correct(line.position_id, line.raw_name, event.detail.serviceId, event.detail.name)}
                    @pricecat-pick-cancel=${() => (this.correcting = null)}></pricecat-service-picker>
                  <button type="button" class="secondary withdraw" @click=${() => void this.#correct(line.position_id, line.raw_name, null)}>
                    ${t.withdraw}
                  </button>
                </div>`
              : nothing}
          </li>`,
        )}
      </ul>
    </details>`;
  }

  #data(): ServiceComparison | undefined {
    return this.#comparison.value;
  }

  #renderHistory(partners: readonly PartnerPrice[]) {
    const state = this.#history.state;
    if (state.kind === 'loading') return loadingView(t.historyLoading);
    if (state.kind === 'error') return errorView(state.error, () => void this.#history.retry(), t.history);
    if (state.kind !== 'done') return nothing;
    const compared = new Set(partners.map((partner) => partner.clinic_id));
    const clinics = state.value.clinics.filter((clinic) => compared.has(clinic.clinic_id) && clinic.points.length > 0);
    if (!clinics.some((clinic) => clinic.points.length > 1)) return html`<p class="muted">${t.historyNone}</p>`;
    return html`${historyChart(clinics, t.history)}
      <ul class="legend">
        ${clinics.map(
          (clinic, index) => html`<li>
            <span class="swatch" style=${`background:${lineColour(index)}`}></span>
            <b>${clinic.clinic_name}</b>:
            ${clinic.points.map(
              (point, at) => html`${at > 0 ? ' → ' : ''}<span class="point" title=${point.file_name}
                >${formatDate(pointDay(point))}: ${formatPrice(point.price)}</span>`,
            )}
          </li>`,
        )}
      </ul>`;
  }

  override render() {
    if (!this.serviceId) return html`<p class="muted">${t.noService}</p>`;
    const state = this.#comparison.state;
    if (state.kind === 'error') return errorView(state.error, () => void this.#comparison.retry());
    const data = this.#comparison.value;
    if (!data) return loadingView();
    const partners = [...data.partners].sort((a, b) => a.price - b.price);
    return html`<div class="head">
        <h2>${data.service.name}</h2>
        ${this.#renderKindSwitch()}
      </div>
      ${this.#renderClass(data)}
      <dl class="summary">
        <div><dt>${t.median}:</dt> <dd>${formatPrice(data.median)}</dd></div>
        <div><dt>${t.min}:</dt> <dd>${formatPrice(data.min)}</dd></div>
        <div><dt>${t.max}:</dt> <dd>${formatPrice(data.max)}</dd></div>
        <div><dt>${t.spread}:</dt> <dd>${formatPrice(data.spread)}</dd></div>
      </dl>
      ${state.kind === 'loading' ? loadingView() : nothing}
      ${this.correction
        ? html`<p class=${this.correction.error ? 'correction failed' : 'correction'} role="status">${this.correction.text}
            ${this.correction.error ? html`<span class="muted">${this.correction.error.message}</span>` : nothing}</p>`
        : nothing}
      ${partners.length === 0
        ? html`<p class="muted">${t.noPrices}</p>`
        : html`${spreadChart(partners, data.median, t.chartTitle)} ${this.#renderTable(partners)}
            <section class="history"><h3>${t.history}</h3>${this.#renderHistory(partners)}</section>`}`;
  }
}
