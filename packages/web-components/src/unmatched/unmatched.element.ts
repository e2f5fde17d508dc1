import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { LoadController } from '../api/load-controller.js';
import { toApiError, type ApiError } from '../api/errors.js';
import { createService, loadUnmatched, matchPosition } from '../api/operator-api.js';
import '../service-picker/service-picker.js';
import type { ServiceCreateDetail, ServicePickDetail } from '../service-picker/service-picker.element.js';
import type { ClinicSummary, Page, UnmatchedPosition, UnmatchedStatus } from '@pricecat/core/contract';
import { UNMATCHED_STATUSES } from '@pricecat/core/contract/limits';
import { formatCount, formatPrice, formatShare } from '../format/format.js';
import { distinctFarPrice } from '../format/far-price.js';
import { kindLabel } from '../format/kind-label.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { pagerStyles, pagerView } from '../theme/pager.js';
import { baseStyles } from '../theme/theme.js';

/** Typing pauses this long before the list reloads. */
const TYPING_DELAY_MS = 250;
const STATUSES: readonly UnmatchedStatus[] = UNMATCHED_STATUSES;

const t = messages.unmatched;

/**
 * `<pricecat-unmatched>`: positions that are not normalized (queued and unrecognized), filtered by clinic,
 * status and a name substring, a page at a time with the nearest dictionary service for each. «Сопоставить» on any
 * row opens the dictionary picker: assign a service (identical names follow, as in the queue) or create a new one.
 *
 * @fires pricecat-decision - a position was assigned or a service created for it; detail `{ action, positionIds, serviceId }`
 * @csspart loading - the loading line
 * @csspart error - the error box
 * @cssproperty --warning - the «не распознана» status
 */
export class PricecatUnmatchedElement extends LitElement {
  static override styles = [
    baseStyles,
    pagerStyles,
    css`
      form {
        display: flex;
        flex-wrap: wrap;
        gap: 0.6rem 1rem;
        align-items: end;
        margin-bottom: 0.8rem;
      }
      label {
        display: grid;
        gap: 0.2rem;
        font-size: 0.875rem;
        color: var(--muted);
        flex: 1 1 12rem;
        max-width: 22rem;
      }
      td.name {
        overflow-wrap: anywhere;
        min-width: 12rem;
      }
      td.status {
        white-space: nowrap;
      }
      td.clinic {
        min-width: 9rem;
      }
      .status-unrecognized {
        color: var(--warning);
      }
      .small {
        font-size: 0.85rem;
      }
      .picker {
        border: 1px solid var(--border);
        border-radius: var(--radius);
        background: var(--surface);
        padding: 0.6rem 0.8rem;
        margin-bottom: 0.8rem;
      }
      .picker p {
        margin: 0 0 0.4rem;
      }
    `,
  ];

  #api = new PricecatApi(() => this.apiBase);
  #page = new LoadController<Page<UnmatchedPosition>>(this);
  #clinics = new LoadController<readonly ClinicSummary[]>(this);
  #timer: ReturnType<typeof setTimeout> | undefined;

  @state() private offset = 0;
  /** The position whose picker is open. */
  @state() private picking: string | null = null;
  @state() private feedback = '';
  @state() private actionError: ApiError | undefined;

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** Only this clinic (`clinic_id`); the user can change it. */
  @property({ attribute: 'clinic-id' }) clinicId = '';
  /** `queued`, `unrecognized`, or empty for both. */
  @property() status = '';
  /** Substring of the name. */
  @property() q = '';
  /** Rows per page. */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 50;

  // Untyped: `offset` is private state, which `PropertyValues<this>` cannot name.
  override willUpdate(changed: PropertyValues): void {
    if (changed.has('apiBase')) {
      this.#api = new PricecatApi(() => this.apiBase);
      void this.#clinics.run(async (signal) => (await this.#api.partners({ limit: 500 }, signal)).items);
    }
    if (['apiBase', 'clinicId', 'status', 'q', 'pageSize', 'offset'].some((key) => changed.has(key))) this.#load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
  }

  private handleClinic(event: Event): void {
    this.clinicId = (event.target as HTMLSelectElement).value;
    this.offset = 0;
  }

  private handleStatus(event: Event): void {
    this.status = (event.target as HTMLSelectElement).value;
    this.offset = 0;
  }

  private handleText(event: Event): void {
    const text = (event.target as HTMLInputElement).value;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.q = text;
      this.offset = 0;
    }, TYPING_DELAY_MS);
  }

  #load(): void {
    const status = (STATUSES as readonly string[]).includes(this.status) ? (this.status as UnmatchedStatus) : undefined;
    const filter = { clinicId: this.clinicId || undefined, status, q: this.q.trim() || undefined, limit: this.pageSize, offset: this.offset };
    void this.#page.run((signal) => loadUnmatched(this.#api, filter, signal));
  }

  async #assign(position: UnmatchedPosition, choice: { serviceId: string; name: string } | ServiceCreateDetail): Promise<void> {
    this.actionError = undefined;
    try {
      let serviceId: string | null;
      let positionIds: readonly string[];
      if ('serviceId' in choice) {
        const result = await matchPosition(this.#api, position.position_id, choice.serviceId, undefined, position.status);
        serviceId = choice.serviceId;
        positionIds = result.position_ids;
      } else {
        serviceId = (await createService(this.#api, { ...choice, position_ids: [position.position_id] })).service_id;
        positionIds = [position.position_id];
      }
      this.picking = null;
      this.feedback = t.assigned(position.raw_name, choice.name);
      this.dispatchEvent(
        new CustomEvent('pricecat-decision', { detail: { action: 'match', positionIds, serviceId }, bubbles: true, composed: true }),
      );
      await this.#page.retry();
    } catch (error) {
      this.actionError = toApiError(error);
    }
  }

  /** Loads the current page again (e.g. after decisions in the queue). */
  refresh(): Promise<void> {
    return this.#page.retry();
  }

  #renderFilters() {
    const clinics = this.#clinics.value ?? [];
    return html`<form @submit=${(event: Event) => event.preventDefault()}>
      <label>${t.clinic}
        <select class="clinic" @change=${this.handleClinic}>
          <option value="" ?selected=${this.clinicId === ''}>${t.allClinics}</option>
          ${clinics.map((clinic) => html`<option .value=${clinic.clinic_id} ?selected=${clinic.clinic_id === this.clinicId}>${clinic.name}</option>`)}
        </select>
      </label>
      <label>${t.status}
        <select class="status" @change=${this.handleStatus}>
          <option value="" ?selected=${this.status === ''}>${t.allStatuses}</option>
          ${STATUSES.map((status) => html`<option .value=${status} ?selected=${status === this.status}>${t.statuses[status]}</option>`)}
        </select>
      </label>
      <label>${t.text}
        <input class="text" type="search" .value=${this.q} placeholder=${t.textPlaceholder} @input=${this.handleText} />
      </label>
    </form>`;
  }

  #renderFarPrice(position: UnmatchedPosition) {
    const far = distinctFarPrice(position);
    return far === null
      ? nothing
      : html`<br /><span class="far-price">${formatPrice(far)}</span><br /><span class="muted small">${messages.queue.nonresidentFar}</span>`;
  }

  #renderRow(position: UnmatchedPosition) {
    const best = position.candidates[0];
    return html`<tr data-position-id=${position.position_id}>
      <td class="name"><span class="raw">${position.raw_name}</span>${kindLabel(position.kind)}
        ${position.section ? html`<br /><span class="muted small">${position.section}</span>` : nothing}</td>
      <td class="clinic">${position.clinic_name}${position.file_name ? html`<br /><span class="muted small">${position.file_name}</span>` : nothing}</td>
      <td class="num">${position.price !== null || position.price_nonresident === null
        ? formatPrice(position.price)
        : html`${formatPrice(position.price_nonresident)}<br /><span class="muted small">${messages.queue.nonresident}</span>`}${this.#renderFarPrice(position)}</td>
      <td class=${`status status-${position.status}`}>${t.statuses[position.status] ?? position.status}</td>
      <td>${best ? html`${best.name} <span class="muted small">${formatShare(best.score)}</span>` : '—'}</td>
      <td><button type="button" class="secondary assign" @click=${() => (this.picking = this.picking === position.position_id ? null : position.position_id)}>
        ${t.assign}</button></td>
    </tr>`;
  }

  /** The picker for the chosen row, above the table: a table cell would make it as wide as the table on a phone. */
  #renderPicker(page: Page<UnmatchedPosition>) {
    const position = page.items.find((p) => p.position_id === this.picking);
    if (!position) return nothing;
    const best = position.candidates[0];
    return html`<section class="picker" aria-label=${t.assign}>
      <p><b>${position.raw_name}</b> <span class="muted small">${position.clinic_name}</span></p>
      <pricecat-service-picker api-base=${this.apiBase} q=${position.raw_name.split(/[\s,.;:()«»"]+/).find((w) => w.length >= 3) ?? ''}
        creatable default-category=${best?.category ?? ''}
        @pricecat-service-pick=${(event: CustomEvent<ServicePickDetail>) => void this.#assign(position, event.detail)}
        @pricecat-service-create=${(event: CustomEvent<ServiceCreateDetail>) => void this.#assign(position, event.detail)}
        @pricecat-pick-cancel=${() => (this.picking = null)}></pricecat-service-picker>
    </section>`;
  }

  #renderPage(page: Page<UnmatchedPosition>) {
    if (page.items.length === 0) return html`<p class="muted" role="status">${t.none}</p>`;
    return html`${this.#renderPicker(page)}<div class="table-wrap">
        <table>
          <thead><tr><th>${t.name}</th><th>${t.clinic}</th><th class="num">${t.price}</th><th>${t.status}</th><th>${t.candidate}</th><th></th></tr></thead>
          <tbody>${page.items.map((position) => this.#renderRow(position))}</tbody>
        </table>
      </div>
      ${pagerView(page, this.pageSize, (offset) => (this.offset = offset), html`<span class="muted small">${formatCount(page.total)}</span>`)}`;
  }

  override render() {
    const state = this.#page.state;
    const page = this.#page.value;
    return html`${this.#renderFilters()}
    ${this.actionError ? errorView(this.actionError, undefined, t.actionFailed) : nothing}
    ${this.feedback ? html`<p class="feedback" role="status">${this.feedback}</p>` : nothing}
    ${state.kind === 'error' ? errorView(state.error, () => void this.#page.retry()) : page ? this.#renderPage(page) : loadingView()}`;
  }
}
