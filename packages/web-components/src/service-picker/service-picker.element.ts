import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { LoadController } from '../api/load-controller.js';
import { findServices } from '../api/operator-api.js';
import type { Service } from '@pricecat/core/contract';
import { highlightParts } from '../format/highlight.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { baseStyles } from '../theme/theme.js';

/** Payload of `pricecat-service-pick`. */
export interface ServicePickDetail {
  readonly serviceId: string;
  readonly name: string;
}

/** Payload of `pricecat-service-create`. */
export interface ServiceCreateDetail {
  readonly name: string;
  readonly category: string;
}

/** Typing pauses this long before a request. */
const TYPING_DELAY_MS = 150;
const MIN_QUERY_LENGTH = 2;

const t = messages.picker;

/**
 * `<pricecat-service-picker>`: a searchable list over the dictionary (`GET /services?q=`). Arrow keys move
 * through the results, Enter or a click picks one, Escape cancels. The text starts as `q` (e.g. the raw
 * name of the position being verified).
 *
 * @fires pricecat-service-pick - the user picked a service; detail {@link ServicePickDetail}
 * @fires pricecat-pick-cancel - the user closed the picker without a choice
 * @fires pricecat-service-create - with `creatable`: the user asked for a new service; detail {@link ServiceCreateDetail}
 * @csspart input - the search box
 * @cssproperty --accent - the highlighted option
 */
export class PricecatServicePickerElement extends LitElement {
  static override styles = [
    baseStyles,
    css`
      .row {
        display: flex;
        gap: 0.5rem;
        flex-wrap: wrap;
      }
      .row input {
        flex: 1 1 14rem;
      }
      ul {
        list-style: none;
        margin: 0.4rem 0 0;
        padding: 0;
        max-height: 16rem;
        overflow-y: auto;
        border: 1px solid var(--border);
        border-radius: var(--radius);
        background: var(--surface);
      }
      li {
        padding: 0.35rem 0.6rem;
        cursor: pointer;
        display: flex;
        justify-content: space-between;
        gap: 0.6rem;
      }
      li[aria-selected='true'],
      li:hover {
        background: var(--surface-alt);
        box-shadow: inset 3px 0 0 var(--accent);
      }
      .category {
        color: var(--muted);
        font-size: 0.85rem;
        white-space: nowrap;
      }
      .create {
        margin-top: 0.5rem;
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: end;
      }
      .create label {
        display: flex;
        flex-direction: column;
        font-size: 0.85rem;
        color: var(--muted);
        flex: 1 1 12rem;
      }
      mark {
        background: none;
        font-weight: 700;
        color: inherit;
      }
    `,
  ];

  #api = new PricecatApi(() => this.apiBase);
  #results = new LoadController<readonly Service[]>(this);
  #timer: ReturnType<typeof setTimeout> | undefined;

  @query('input') private input!: HTMLInputElement;

  @state() private text = '';
  @state() private active = 0;
  /** The «new service» form is open. */
  @state() private creating = false;
  @state() private createProblem = '';

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** Initial search text. */
  @property() q = '';
  /** How many services to list. */
  @property({ type: Number }) limit = 20;
  /** Offer «Создать новую услугу» (the host creates it and assigns the position). */
  @property({ type: Boolean }) creatable = false;
  /** The category the new-service form starts with (e.g. the position's suggestion's). */
  @property({ attribute: 'default-category' }) defaultCategory = '';

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apiBase')) this.#api = new PricecatApi(() => this.apiBase);
    if (changed.has('q')) this.text = this.q;
    if (changed.has('apiBase') || changed.has('q')) this.#load();
  }

  override firstUpdated(): void {
    this.input.focus();
    this.input.select();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
  }

  private handleInput(event: Event): void {
    this.text = (event.target as HTMLInputElement).value;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#load(), TYPING_DELAY_MS);
  }

  private handleKeydown(event: KeyboardEvent): void {
    // Keys typed here belong to the picker, not to the shortcuts of a host screen (the queue).
    event.stopPropagation();
    const count = this.#results.value?.length ?? 0;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      this.active = (this.active + 1) % count;
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      this.active = (this.active - 1 + count) % count;
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const service = this.#results.value?.[this.active];
      if (service) this.#pick(service);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.#cancel();
    }
  }

  #load(): void {
    const q = this.text.trim();
    this.active = 0;
    if (q.length < MIN_QUERY_LENGTH) {
      this.#results.reset();
      return;
    }
    void this.#results.run((signal) => findServices(this.#api, q, this.limit, signal));
  }

  #pick(service: Service): void {
    const detail: ServicePickDetail = { serviceId: service.service_id, name: service.name };
    this.dispatchEvent(new CustomEvent('pricecat-service-pick', { detail, bubbles: true, composed: true }));
  }

  #submitCreate(event: Event): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const name = (form.elements.namedItem('name') as HTMLInputElement).value.trim();
    const category = (form.elements.namedItem('category') as HTMLInputElement).value.trim();
    if (!name || !category) {
      this.createProblem = t.createMissing;
      return;
    }
    this.createProblem = '';
    const detail: ServiceCreateDetail = { name, category };
    this.dispatchEvent(new CustomEvent('pricecat-service-create', { detail, bubbles: true, composed: true }));
  }

  #renderCreate() {
    if (!this.creatable) return nothing;
    if (!this.creating) {
      return html`<button type="button" class="secondary open-create" @click=${() => (this.creating = true)}>+ ${t.create}</button>`;
    }
    return html`<form class="create" @submit=${this.#submitCreate} @keydown=${(event: KeyboardEvent) => event.stopPropagation()}>
      <label>${t.createName}<input name="name" .value=${this.text.trim()} /></label>
      <label>${t.createCategory}<input name="category" .value=${this.defaultCategory} /></label>
      <button type="submit">${t.createSubmit}</button>
      ${this.createProblem ? html`<p class="problem" role="alert">${this.createProblem}</p>` : nothing}
    </form>`;
  }

  #cancel(): void {
    this.dispatchEvent(new CustomEvent('pricecat-pick-cancel', { bubbles: true, composed: true }));
  }

  #renderResults() {
    const state = this.#results.state;
    if (state.kind === 'idle') return html`<p class="muted">${t.hint}</p>`;
    if (state.kind === 'error') return errorView(state.error, () => void this.#results.retry());
    const services = this.#results.value;
    if (!services) return loadingView();
    if (services.length === 0) return html`<p class="muted" role="status">${t.nothing}</p>`;
    return html`<ul role="listbox" id="services" aria-label=${t.label}>
      ${services.map(
        (service, index) => html`<li role="option" id=${`service-${index}`} aria-selected=${index === this.active ? 'true' : 'false'}
          @mousedown=${(event: Event) => event.preventDefault()} @click=${() => this.#pick(service)}>
          <span class="name">${highlightParts(service.name, this.text).map((part) => (part.match ? html`<mark>${part.text}</mark>` : part.text))}</span>
          <span class="category">${service.category}</span>
        </li>`,
      )}
    </ul>`;
  }

  override render() {
    return html`<div class="row">
        <input part="input" type="search" autocomplete="off" aria-label=${t.label} placeholder=${t.placeholder}
          role="combobox" aria-controls="services" aria-expanded="true"
          aria-activedescendant=${(this.#results.value?.length ?? 0) > 0 ? `service-${this.active}` : nothing}
          .value=${this.text} @input=${this.handleInput} @keydown=${this.handleKeydown} />
        <button class="secondary" type="button" @click=${() => this.#cancel()}>${t.cancel}</button>
      </div>
      ${this.#renderResults()} ${this.#renderCreate()}`;
  }
}
