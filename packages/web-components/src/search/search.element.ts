import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { LoadController } from '../api/load-controller.js';
import type { SearchHit } from '@pricecat/core/contract';
import { formatCount, formatPrice } from '../format/format.js';
import { highlightParts } from '../format/highlight.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { baseStyles } from '../theme/theme.js';
import { loadCities } from './cities.js';
import { searchStyles } from './search.styles.js';

/** Payload of `pricecat-service-select`. */
export interface ServiceSelectDetail {
  readonly serviceId: string;
  readonly name: string;
}

/** Typing pauses this long before a request, so fast typing sends one query, not one per letter. */
const TYPING_DELAY_MS = 200;
/** Fewer letters match too much to be useful. */
const MIN_QUERY_LENGTH = 2;
const SUGGESTIONS = 8;

const t = messages.search;

/**
 * `<pricecat-search>`: a search box with suggestions while typing, a city filter and the results as
 * services with the number of clinics and min / median / max price.
 *
 * @fires pricecat-service-select - the user picked a service (suggestion or result); detail {@link ServiceSelectDetail}
 * @csspart loading - the loading line
 * @csspart error - the error box
 * @cssproperty --accent - links and buttons
 */
export class PricecatSearchElement extends LitElement {
  static override styles = [baseStyles, searchStyles];

  #api = new PricecatApi('/api');
  #results = new LoadController<SearchHit[]>(this);
  #cities = new LoadController<string[]>(this);
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The query the current results answer. */
  #answered = '';

  @query('input[type="search"]') private input!: HTMLInputElement;

  @state() private text = '';
  @state() private suggestionsOpen = false;
  @state() private active = -1;
  @state() private submitted = false;

  /** Base URL of the pricecat API, e.g. `/api` or `https://host/pricecat/api`. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** Only clinics of this city; the user can change it. */
  @property({ reflect: true }) city = '';
  /** Initial query; results are shown at once when given. */
  @property() q = '';
  /** Link of a result, `{id}` replaced by the service id (e.g. `#/service/{id}`); without it only the event fires. */
  @property({ attribute: 'service-href' }) serviceHref = '';

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apiBase')) {
      this.#api = new PricecatApi(this.apiBase);
      void this.#cities.run((signal) => loadCities(this.#api, signal));
    }
    if (changed.has('q') && this.q !== this.text) {
      this.text = this.q;
      this.submitted = this.q.trim().length >= MIN_QUERY_LENGTH;
    }
    if ((changed.has('apiBase') || changed.has('q') || changed.has('city')) && this.submitted) this.#load(this.text);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
  }

  private handleInput(event: Event): void {
    this.text = (event.target as HTMLInputElement).value;
    this.submitted = false;
    this.active = -1;
    this.suggestionsOpen = true;
    clearTimeout(this.#timer);
    if (this.text.trim().length < MIN_QUERY_LENGTH) {
      this.#results.reset();
      return;
    }
    this.#timer = setTimeout(() => this.#load(this.text), TYPING_DELAY_MS);
  }

  private handleKeydown(event: KeyboardEvent): void {
    const count = this.#suggestions().length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      this.suggestionsOpen = true;
      this.active = (this.active + 1) % count;
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      this.active = (this.active - 1 + count) % count;
    } else if (event.key === 'Escape') {
      this.suggestionsOpen = false;
    } else if (event.key === 'Enter' && this.suggestionsOpen && this.active >= 0) {
      event.preventDefault();
      const hit = this.#suggestions()[this.active];
      if (hit) this.#select(hit);
    }
  }

  private handleSubmit(event: Event): void {
    event.preventDefault();
    clearTimeout(this.#timer);
    this.suggestionsOpen = false;
    if (this.text.trim().length < MIN_QUERY_LENGTH) return;
    this.submitted = true;
    if (this.#answered !== this.text.trim() || this.#results.state.kind === 'error') this.#load(this.text);
  }

  private handleCity(event: Event): void {
    this.city = (event.target as HTMLSelectElement).value;
    if (this.text.trim().length >= MIN_QUERY_LENGTH) this.#load(this.text);
  }

  private handleResultClick(event: MouseEvent, hit: SearchHit): void {
    if (!this.serviceHref) event.preventDefault();
    this.#select(hit);
  }

  #load(text: string): void {
    const q = text.trim();
    this.#answered = q;
    void this.#results.run((signal) => this.#api.search(q, { city: this.city || undefined, limit: 50 }, signal));
  }

  #suggestions(): SearchHit[] {
    return (this.#results.value ?? []).slice(0, SUGGESTIONS);
  }

  #select(hit: SearchHit): void {
    this.suggestionsOpen = false;
    const detail: ServiceSelectDetail = { serviceId: hit.service.service_id, name: hit.service.name };
    this.dispatchEvent(new CustomEvent('pricecat-service-select', { detail, bubbles: true, composed: true }));
  }

  #href(hit: SearchHit): string {
    return this.serviceHref ? this.serviceHref.replace('{id}', encodeURIComponent(hit.service.service_id)) : '#';
  }

  /** Moves the keyboard focus to the search box. */
  override focus(): void {
    this.input?.focus();
  }

  #renderName(name: string) {
    return highlightParts(name, this.text).map((part) => (part.match ? html`<mark>${part.text}</mark>` : part.text));
  }

  #renderSuggestions() {
    const hits = this.#suggestions();
    if (!this.suggestionsOpen || this.submitted || hits.length === 0) return nothing;
    return html`<ul role="listbox" id="suggestions" aria-label=${t.suggestions}>
      ${hits.map(
        (hit, index) =>
          html`<li role="option" id=${`option-${index}`} aria-selected=${index === this.active ? 'true' : 'false'}
            @mousedown=${(event: Event) => event.preventDefault()} @click=${() => this.#select(hit)}>
            ${this.#renderName(hit.service.name)}
          </li>`,
      )}
    </ul>`;
  }

  #renderResults() {
    if (!this.submitted) return nothing;
    const state = this.#results.state;
    if (state.kind === 'loading') return loadingView();
    if (state.kind === 'error') return errorView(state.error, () => void this.#results.retry());
    if (state.kind !== 'done') return nothing;
    if (state.value.length === 0) return html`<p class="muted" role="status">${t.nothing(this.#answered)}</p>`;
    return html`<p class="muted" role="status">${t.found(state.value.length)}</p>
      <ul class="results">
        ${state.value.map(
          (hit) => html`<li class="hit">
            <a href=${this.#href(hit)} @click=${(event: MouseEvent) => this.handleResultClick(event, hit)}
              >${this.#renderName(hit.service.name)}</a
            >
            <div class="figures">
              <span>${t.clinics}: <b>${formatCount(hit.prices.clinics)}</b></span>
              <span>${t.min}: <b>${formatPrice(hit.prices.min)}</b></span>
              <span>${t.median}: <b>${formatPrice(hit.prices.median)}</b></span>
              <span>${t.max}: <b>${formatPrice(hit.prices.max)}</b></span>
            </div>
          </li>`,
        )}
      </ul>`;
  }

  override render() {
    const cities = this.#cities.value ?? [];
    const tooShort = this.text.length > 0 && this.text.trim().length < MIN_QUERY_LENGTH;
    return html`<form role="search" @submit=${this.handleSubmit}>
        <div class="box">
          <label for="q">${t.label}</label>
          <input id="q" type="search" autocomplete="off" .value=${this.text} placeholder=${t.placeholder}
            role="combobox" aria-autocomplete="list" aria-controls="suggestions"
            aria-expanded=${this.suggestionsOpen && this.#suggestions().length > 0 ? 'true' : 'false'}
            aria-activedescendant=${this.active >= 0 ? `option-${this.active}` : nothing}
            @input=${this.handleInput} @keydown=${this.handleKeydown} @blur=${() => (this.suggestionsOpen = false)} />
          ${this.#renderSuggestions()}
        </div>
        <div class="city" ?hidden=${cities.length === 0}>
          <label for="city">${t.city}</label>
          <select id="city" @change=${this.handleCity}>
            <option value="" ?selected=${this.city === ''}>${t.allCities}</option>
            ${cities.map((city) => html`<option .value=${city} ?selected=${city === this.city}>${city}</option>`)}
          </select>
        </div>
        <button type="submit">${t.submit}</button>
      </form>
      ${tooShort ? html`<p class="muted">${t.hint}</p>` : nothing} ${this.#renderResults()}`;
  }
}
