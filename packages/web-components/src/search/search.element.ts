import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { LoadController } from '../api/load-controller.js';
import type { SearchHit, SearchPage } from '@pricecat/core/contract';
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

/** Payload of `pricecat-search-change`: the query and city a submitted search shows (for the URL). */
export interface SearchChangeDetail {
  readonly q: string;
  readonly city: string;
}

/** Results per page. */
const PAGE_SIZE = 50;
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
 * @fires pricecat-search-change - the user submitted a query or changed the city; detail {@link SearchChangeDetail}
 * @csspart loading - the loading line
 * @csspart error - the error box
 * @cssproperty --accent - links and buttons
 */
export class PricecatSearchElement extends LitElement {
  static override styles = [baseStyles, searchStyles];

  #api = new PricecatApi(() => this.apiBase);
  #results = new LoadController<SearchPage>(this);
  #cities = new LoadController<string[]>(this);
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The query the current results answer. */
  #answered = '';
  /** The city the current results answer. */
  #answeredCity = '';
  /** The first result shown (paging). */
  #offset = 0;

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
      this.#api = new PricecatApi(() => this.apiBase);
      void this.#cities.run((signal) => loadCities(this.#api, signal));
    }
    if (changed.has('q') && this.q !== this.text) {
      this.text = this.q;
      this.submitted = this.q.trim().length >= MIN_QUERY_LENGTH;
    }
    // A new query or city from outside (the URL, Back): answer it; one the user submitted here is answered already.
    const unanswered = this.text.trim() !== this.#answered || this.city !== this.#answeredCity;
    if (this.submitted && (changed.has('apiBase') || unanswered)) this.#load(this.text);
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
    if (this.#answered !== this.text.trim() || this.#offset !== 0 || this.#results.state.kind === 'error') this.#load(this.text);
    this.#announce();
  }

  private handleCity(event: Event): void {
    this.city = (event.target as HTMLSelectElement).value;
    if (this.text.trim().length >= MIN_QUERY_LENGTH) {
      this.#load(this.text);
      if (this.submitted) this.#announce();
    }
  }

  private handlePage(offset: number): void {
    this.#load(this.text, offset);
  }

  #announce(): void {
    const detail: SearchChangeDetail = { q: this.text.trim(), city: this.city };
    this.dispatchEvent(new CustomEvent('pricecat-search-change', { detail, bubbles: true, composed: true }));
  }

  private handleResultClick(event: MouseEvent, hit: SearchHit): void {
    if (!this.serviceHref) event.preventDefault();
    this.#select(hit);
  }

  #load(text: string, offset = 0): void {
    const q = text.trim();
    this.#answered = q;
    this.#answeredCity = this.city;
    this.#offset = offset;
    const options = { city: this.city || undefined, limit: PAGE_SIZE, offset };
    void this.#results.run((signal) => this.#api.searchPage(q, options, signal));
  }

  #suggestions(): readonly SearchHit[] {
    return (this.#results.value?.items ?? []).slice(0, SUGGESTIONS);
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
    // A server before 0.x answers `items` alone: its count is what it sent.
    const { items } = state.value;
    const total = state.value.total ?? items.length;
    const offset = state.value.offset ?? 0;
    if (total === 0) return html`<p class="muted" role="status">${t.nothing(this.#answered)}</p>`;
    const corrections = state.value.corrections ?? [];
    return html`<p class="muted" role="status">
        ${t.found(total)}${total > items.length ? html` · ${t.shown(offset + 1, offset + items.length, total)}` : nothing}
      </p>
      ${corrections.length > 0
        ? html`<p class="muted corrections">${t.corrected(corrections.map((c) => `«${c.from}» → «${c.to}»`).join(', '))}</p>`
        : nothing}
      <ul class="results">
        ${items.map(
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
      </ul>
      ${total > items.length ? this.#renderPager(offset, items.length, total) : nothing}`;
  }

  #renderPager(offset: number, shown: number, total: number) {
    return html`<nav class="pager" aria-label=${t.found(total)}>
      <button type="button" ?disabled=${offset === 0} @click=${() => this.handlePage(Math.max(0, offset - PAGE_SIZE))}>
        ${t.previous}
      </button>
      <button type="button" ?disabled=${offset + shown >= total} @click=${() => this.handlePage(offset + PAGE_SIZE)}>
        ${t.next}
      </button>
    </nav>`;
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
