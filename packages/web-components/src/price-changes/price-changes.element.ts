import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { LoadController } from '../api/load-controller.js';
import { loadPriceChanges } from '../api/operator-api.js';
import type { PriceChange, PriceKind } from '@pricecat/core/contract';
import type { ClinicSummary } from '@pricecat/core/contract';
import { cardStyles } from '../autoload-card/autoload-card.styles.js';
import { priceKinds, toPriceKindFilter } from '../comparison/price-kind.js';
import { formatCount, formatDate, formatPrice, formatPriceDelta, formatSignedShare } from '../format/format.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { baseStyles } from '../theme/theme.js';
import { MAX_THRESHOLD, isThreshold, type PriceChangesFilter } from './price-changes-filter.js';

/** Typing in the threshold pauses this long before the list reloads. */
const TYPING_DELAY_MS = 300;

/** Changes found so far and how many there are in all. */
interface Loaded {
  readonly items: readonly PriceChange[];
  readonly total: number;
}

const t = messages.priceChanges;

/**
 * `<pricecat-price-changes>`: per clinic, the services whose price changed between two consecutive price
 * lists by at least the threshold, biggest first: old and new price with their dates, the direction and
 * the change in percent. Filters: threshold, city, clinic, price kind.
 *
 * @fires pricecat-price-changes-filter-change - the user changed a filter; detail {@link PriceChangesFilter} (the app
 *   puts it in the address)
 * @csspart card - the card box
 * @cssproperty --danger - price rises
 * @cssproperty --success - price drops
 */
export class PricecatPriceChangesElement extends LitElement {
  static override styles = [
    baseStyles,
    cardStyles,
    css`
      .suspect {
        color: var(--pricecat-color-danger, #c62828);
        font-weight: 600;
        font-size: 0.85rem;
      }
      .signs {
        margin: 0.2rem 0 0;
        padding-left: 1rem;
      }
      details.lines {
        text-align: left;
        font-size: 0.8rem;
      }
      details.lines ul {
        margin: 0.2rem 0 0;
        padding-left: 1rem;
      }
      .filters {
        display: flex;
        flex-wrap: wrap;
        gap: 0.6rem 1rem;
        align-items: start;
        margin-bottom: 0.8rem;
      }
      .filters .field {
        flex: 1 1 10rem;
        max-width: 18rem;
      }
      /* «Резиденты, иначе нерезиденты» whole, not cut at «нерези». */
      .filters .field.kind-field {
        flex-basis: 20rem;
        max-width: 21rem;
      }
      .up {
        color: var(--danger);
      }
      .down {
        color: var(--success);
      }
      td.service {
        overflow-wrap: anywhere;
        min-width: 10rem;
      }
      .small {
        font-size: 0.8rem;
      }
    `,
  ];

  #api = new PricecatApi(() => this.apiBase);
  #changes = new LoadController<Loaded>(this);
  #clinics = new LoadController<readonly ClinicSummary[]>(this);
  #timer: ReturnType<typeof setTimeout> | undefined;

  @state() private thresholdText = '20';
  @state() private thresholdError = '';

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** Smallest relative change listed, in percent (20 = 20 %). */
  @property({ type: Number }) threshold = 20;
  /** Only clinics of this city. */
  @property() city = '';
  /** Only this clinic (`clinic_id`). */
  @property({ attribute: 'clinic-id' }) clinicId = '';
  /**
   * Only this price kind (`resident`, `nonresident`, `nonresident_far`); empty: resident prices where both lists have
   * them, else non-resident (the server's default); an unknown value is read as empty.
   */
  @property({ attribute: 'price-kind', converter: { fromAttribute: toPriceKindFilter } }) priceKind: PriceKind | '' = '';
  /** Changes per portion. */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 50;
  /**
   * Link to a service's comparison, `{id}` and `{kind}` replaced (e.g. `#/service/{id}?price_kind={kind}`); without
   * it the service name is plain text.
   */
  @property({ attribute: 'service-href' }) serviceHref = '';

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apiBase')) {
      this.#api = new PricecatApi(() => this.apiBase);
      void this.#clinics.run(async (signal) => (await this.#api.partners({ limit: 500 }, signal)).items);
    }
    if (changed.has('threshold')) this.thresholdText = String(this.threshold);
    if (['apiBase', 'threshold', 'city', 'clinicId', 'priceKind', 'pageSize'].some((key) => changed.has(key as keyof PricecatPriceChangesElement))) {
      void this.#changes.run((signal) => this.#fetch(0, signal));
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
  }

  private handleThreshold(event: Event): void {
    this.thresholdText = (event.target as HTMLInputElement).value;
    clearTimeout(this.#timer);
    const value = Number(this.thresholdText.replace(',', '.'));
    if (!isThreshold(value)) {
      this.thresholdError = t.thresholdInvalid;
      return;
    }
    this.thresholdError = '';
    this.#timer = setTimeout(() => this.#filter({ threshold: value }), TYPING_DELAY_MS);
  }

  private handleCity(event: Event): void {
    this.#filter({ city: (event.target as HTMLSelectElement).value, clinicId: '' });
  }

  private handleClinic(event: Event): void {
    this.#filter({ clinicId: (event.target as HTMLSelectElement).value });
  }

  private handleKind(event: Event): void {
    this.#filter({ priceKind: toPriceKindFilter((event.target as HTMLSelectElement).value) });
  }

  /** Applies the user's change of filters and announces all of them. */
  #filter(change: Partial<PriceChangesFilter>): void {
    const detail: PriceChangesFilter = { threshold: this.threshold, city: this.city, clinicId: this.clinicId, priceKind: this.priceKind, ...change };
    if (Object.entries(change).every(([key, value]) => this[key as keyof PriceChangesFilter] === value)) return;
    Object.assign(this, detail);
    this.dispatchEvent(new CustomEvent('pricecat-price-changes-filter-change', { detail, bubbles: true, composed: true }));
  }

  async #fetch(offset: number, signal: AbortSignal): Promise<Loaded> {
    const page = await loadPriceChanges(
      this.#api,
      {
        threshold: this.threshold / 100,
        city: this.city || undefined,
        clinicId: this.clinicId || undefined,
        priceKind: this.priceKind || undefined,
        limit: this.pageSize,
        offset,
      },
      signal,
    );
    return { items: page.items, total: page.total };
  }

  #loadMore(): void {
    const shown = this.#changes.value;
    if (!shown) return;
    void this.#changes.run(async (signal) => {
      const next = await this.#fetch(shown.items.length, signal);
      return { items: [...shown.items, ...next.items], total: next.total };
    });
  }

  #cities(): string[] {
    const cities = new Set<string>();
    for (const clinic of this.#clinics.value ?? []) if (clinic.city) cities.add(clinic.city);
    return [...cities].sort((a, b) => a.localeCompare(b, 'ru'));
  }

  #renderFilters() {
    const clinics = (this.#clinics.value ?? []).filter((clinic) => !this.city || clinic.city === this.city);
    return html`<div class="filters">
      <div class="field ${this.thresholdError ? 'invalid' : ''}">
        <label for="threshold">${t.threshold}</label>
        <input id="threshold" class="threshold" type="number" min="1" max=${MAX_THRESHOLD} step="1" .value=${this.thresholdText}
          aria-invalid=${this.thresholdError ? 'true' : 'false'} @input=${this.handleThreshold} />
        ${this.thresholdError ? html`<span class="field-error" role="alert">${this.thresholdError}</span>` : nothing}
      </div>
      <div class="field">
        <label for="city">${t.city}</label>
        <select id="city" class="city" @change=${this.handleCity}>
          <option value="" ?selected=${this.city === ''}>${t.allCities}</option>
          ${this.#cities().map((city) => html`<option .value=${city} ?selected=${city === this.city}>${city}</option>`)}
        </select>
      </div>
      <div class="field">
        <label for="clinic">${t.clinic}</label>
        <select id="clinic" class="clinic" @change=${this.handleClinic}>
          <option value="" ?selected=${this.clinicId === ''}>${t.allClinics}</option>
          ${clinics.map((clinic) => html`<option .value=${clinic.clinic_id} ?selected=${clinic.clinic_id === this.clinicId}>${clinic.name}</option>`)}
        </select>
      </div>
      <div class="field kind-field">
        <label for="kind">${t.priceKind}</label>
        <select id="kind" class="kind" @change=${this.handleKind}>
          <option value="" ?selected=${this.priceKind === ''}>${t.anyKind}</option>
          ${priceKinds.map((kind) => html`<option .value=${kind} ?selected=${kind === this.priceKind}>${messages.comparison.kinds[kind]}</option>`)}
        </select>
      </div>
    </div>`;
  }

  #renderPrice(price: number, date: string | null, file: string, lines: PriceChange['old_positions']) {
    return html`<span class="price">${formatPrice(price)}</span><br />
      <span class="muted small" title=${file}>${date ? formatDate(date) : t.noDate}</span>
      ${lines && lines.length > 0
        ? html`<details class="lines small">
            <summary>${t.lines(lines.length)}</summary>
            <ul>${lines.map((line) => html`<li><span class="line-name">${line.raw_name}</span> — ${formatPrice(line.price)}</li>`)}</ul>
          </details>`
        : nothing}`;
  }

  #renderService(change: PriceChange) {
    if (!this.serviceHref) return change.service_name;
    const href = this.serviceHref.replace('{id}', encodeURIComponent(change.service_id)).replace('{kind}', change.price_kind);
    return html`<a class="compare" href=${href} title=${t.compare}>${change.service_name}</a>`;
  }

  #renderSigns(change: PriceChange) {
    const signs = change.mismatch_signs ?? [];
    if (signs.length === 0) return nothing;
    return html`<br /><span class="suspect" title=${signs.map((sign) => t.signs[sign] ?? sign).join('; ')}>⚠ ${t.suspect}</span>
      <ul class="signs small">${signs.map((sign) => html`<li>${t.signs[sign] ?? sign}</li>`)}</ul>`;
  }

  #renderRow(change: PriceChange) {
    const signs = change.mismatch_signs ?? [];
    return html`<tr class="change ${signs.length > 0 ? 'suspect-row' : ''}" data-direction=${change.direction}>
      <td class="service">${this.#renderService(change)}<br /><span class="muted small">${change.category} ·
        ${t.kinds[change.price_kind] ?? change.price_kind}</span>${this.#renderSigns(change)}</td>
      <td>${change.clinic_name}${change.city ? html`<br /><span class="muted small">${change.city}</span>` : nothing}</td>
      <td class="num old">${this.#renderPrice(change.old_price, change.old_effective_date, change.old_file_name, change.old_positions)}</td>
      <td class="num new">${this.#renderPrice(change.new_price, change.new_effective_date, change.new_file_name, change.new_positions)}</td>
      <td class="num delta ${change.direction}">
        <span aria-label=${change.direction === 'up' ? t.up : t.down}>${change.direction === 'up' ? '▲' : '▼'}</span>
        <b class="share">${formatSignedShare(change.change_share)}</b><br />
        <span class="small">${formatPriceDelta(change.change)}</span>
      </td>
    </tr>`;
  }

  #renderList() {
    const state = this.#changes.state;
    if (state.kind === 'error') return errorView(state.error, () => void this.#changes.retry());
    const loaded = this.#changes.value;
    if (!loaded) return loadingView();
    if (loaded.items.length === 0) return html`<p class="muted" role="status">${t.none}</p>`;
    return html`<p class="muted found" role="status">${t.found(loaded.total)}</p>
      <div class="table-wrap">
        <table>
          <thead><tr><th>${t.service}</th><th>${t.clinic}</th><th class="num">${t.old}</th><th class="num">${t.new}</th><th class="num">${t.change}</th></tr></thead>
          <tbody>${loaded.items.map((change) => this.#renderRow(change))}</tbody>
        </table>
      </div>
      ${loaded.items.length < loaded.total
        ? html`<p><button type="button" class="secondary more" ?disabled=${state.kind === 'loading'} @click=${() => this.#loadMore()}>
            ${t.more} (${formatCount(loaded.total - loaded.items.length)})</button></p>`
        : nothing}`;
  }

  override render() {
    return html`<section class="card" part="card"><h3>${t.title}</h3>${this.#renderFilters()} ${this.#renderList()}</section>`;
  }
}
