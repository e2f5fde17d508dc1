import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { LoadController } from '../api/load-controller.js';
import type { PartnerPrice, PriceKind, ServiceComparison } from '@pricecat/core/contract';
import { formatDate, formatPrice, formatPriceDelta, formatSignedShare } from '../format/format.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { baseStyles } from '../theme/theme.js';
import { comparisonStyles } from './comparison.styles.js';
import { loadPriceHistory, type PriceHistory } from './price-history.js';
import { spreadChart } from './spread-chart.js';

/** Payload of `pricecat-price-kind-change`. */
export interface PriceKindChangeDetail {
  readonly priceKind: PriceKind;
}

const t = messages.comparison;

/**
 * `<pricecat-comparison service-id="…">`: one service across clinics, cheapest first, with each clinic's
 * deviation from the median (overpayment red, saving green), a strip plot of the spread, the price
 * history of clinics with several lists, and a resident / non-resident switch.
 *
 * @fires pricecat-price-kind-change - the user switched resident / non-resident; detail {@link PriceKindChangeDetail}
 * @csspart loading - the loading line
 * @csspart error - the error box
 * @cssproperty --overpay - colour of prices above the median (default `--pricecat-color-danger`)
 * @cssproperty --saving - colour of prices below the median (default `--pricecat-color-success`)
 */
export class PricecatComparisonElement extends LitElement {
  static override styles = [baseStyles, comparisonStyles];

  #api = new PricecatApi('/api');
  #comparison = new LoadController<ServiceComparison>(this);
  #history = new LoadController<PriceHistory>(this);

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** The service to compare (`service_id`). */
  @property({ attribute: 'service-id' }) serviceId = '';
  /** Which price to compare; the user can switch it. */
  @property({ attribute: 'price-kind', reflect: true }) priceKind: PriceKind = 'resident';
  /** Only clinics of this city. */
  @property() city = '';

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apiBase')) this.#api = new PricecatApi(this.apiBase);
    if (!(changed.has('apiBase') || changed.has('serviceId') || changed.has('priceKind') || changed.has('city'))) return;
    if (!this.serviceId) {
      this.#comparison.reset();
      this.#history.reset();
      return;
    }
    const { serviceId, priceKind, city } = this;
    void this.#comparison.run((signal) => this.#api.compare(serviceId, { priceKind, city: city || undefined }, signal));
    void this.#history.run((signal) => loadPriceHistory(this.#api, serviceId, priceKind, signal));
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
      ${option('resident', t.resident)} ${option('nonresident', t.nonresident)}
    </fieldset>`;
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
            (partner) => html`<tr>
              <td class="clinic">${partner.clinic_name}</td>
              <td class="city">${partner.city ?? '—'}</td>
              <td class="num price">${formatPrice(partner.price)}</td>
              <td class="num deviation">${this.#renderDeviation(partner)}</td>
              <td>${partner.effective_date ? formatDate(partner.effective_date) : html`<span class="muted">${t.noDate}</span>`}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  #renderHistory(partners: readonly PartnerPrice[]) {
    const state = this.#history.state;
    if (state.kind === 'loading') return loadingView(t.historyLoading);
    if (state.kind === 'error') return errorView(state.error, () => void this.#history.retry(), t.history);
    if (state.kind !== 'done') return nothing;
    const names = new Map(partners.map((partner) => [partner.clinic_id, partner.clinic_name]));
    const clinics = [...state.value].filter(([clinicId]) => names.has(clinicId));
    if (clinics.length === 0) return html`<p class="muted">${t.historyNone}</p>`;
    return clinics.map(
      ([clinicId, points]) => html`<h3>${t.historyOf(names.get(clinicId) ?? clinicId)}</h3>
        <ol>
          ${points.map(
            (point) => html`<li>
              ${point.date ? formatDate(point.date) : t.noDate}: <b>${formatPrice(point.price)}</b>
              <span class="muted">(${point.fileName})</span>
            </li>`,
          )}
        </ol>`,
    );
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
      <dl class="summary">
        <div><dt>${t.median}:</dt> <dd>${formatPrice(data.median)}</dd></div>
        <div><dt>${t.min}:</dt> <dd>${formatPrice(data.min)}</dd></div>
        <div><dt>${t.max}:</dt> <dd>${formatPrice(data.max)}</dd></div>
        <div><dt>${t.spread}:</dt> <dd>${formatPrice(data.spread)}</dd></div>
      </dl>
      ${state.kind === 'loading' ? loadingView() : nothing}
      ${partners.length === 0
        ? html`<p class="muted">${t.noPrices}</p>`
        : html`${spreadChart(partners, data.median, t.chartTitle)} ${this.#renderTable(partners)}
            <section class="history"><h3>${t.history}</h3>${this.#renderHistory(partners)}</section>`}`;
  }
}
