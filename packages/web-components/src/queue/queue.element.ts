import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { toApiError, type ApiError } from '../api/errors.js';
import { acceptSuggestions, createService, loadPositionContext, loadQueue, matchPosition, skipPosition, undoDecision } from '../api/operator-api.js';
import type { Candidate, PositionContext, QueueFilters, QueueItem, Stats } from '@pricecat/core/contract';
import { formatCount, formatPrice, formatShare } from '../format/format.js';
import { distinctFarPrice } from '../format/far-price.js';
import { kindLabel } from '../format/kind-label.js';
import { messages } from '../i18n/messages.js';
import '../service-picker/service-picker.js';
import { traceText } from './trace-text.js';
import type { ServiceCreateDetail, ServicePickDetail } from '../service-picker/service-picker.element.js';
import { readFilterForm, renderQueueToolbar, shareOfPercent, type ClinicOption } from './queue-toolbar.js';
import { renderPositionContext } from './position-context-view.js';
import { sameQueueFilters } from './queue-filters-query.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { baseStyles } from '../theme/theme.js';
import { firstClick } from '../theme/clicks.js';
import { isOnControl, isTyping, queueKeyAction } from './queue-keys.js';
import { queueStyles } from './queue.styles.js';

/** Payload of `pricecat-decision`. */
export interface DecisionDetail {
  readonly action: 'match' | 'skip' | 'undo';
  /** Every position the server decided (or put back), the requested one first. */
  readonly positionIds: readonly string[];
  /** The service assigned, for `match`. */
  readonly serviceId: string | null;
}

/** Payload of `pricecat-queue-filters-change`. */
export interface QueueFiltersChangeDetail {
  readonly filters: QueueFilters;
}

/** What the user decided for one item: confirm the suggestion, assign a service, or skip. */
type Decision =
  | { readonly kind: 'confirm' }
  | { readonly kind: 'assign'; readonly serviceId: string; readonly name: string }
  | { readonly kind: 'create'; readonly name: string; readonly category: string }
  | { readonly kind: 'skip' };

const t = messages.queue;

/**
 * `<pricecat-queue>`: the verification queue, most confident first, filtered on the server (clinic, the
 * suggestion's specialty, method, confidence). Further portions load when the end of the list scrolls into view
 * and with «Загрузить ещё». Each item shows the raw name, clinic, price, the suggested service, alternatives with
 * their specialty and confidence, the match's reasons and, on request, its neighbouring rows in the file; with
 * confirm / another service (or a new one) / skip buttons and keyboard shortcuts (listed on screen). A decided
 * item leaves the list at once and the counters update; «Отменить» (Ctrl+Z) undoes the last decision, or the last
 * bulk «принять все предложения выше X %» as a whole. Applying a decision to identical names is a visible choice.
 *
 * @fires pricecat-decision - the server accepted a match, skip or undo; detail {@link DecisionDetail}
 * @fires pricecat-queue-filters-change - the filter form was applied or reset; detail {@link QueueFiltersChangeDetail}
 * @csspart loading - the loading line
 * @csspart error - the error box
 * @cssproperty --accent - the current item, buttons
 */
export class PricecatQueueElement extends LitElement {
  static override styles = [baseStyles, queueStyles];

  #api = new PricecatApi(() => this.apiBase);
  #observer: IntersectionObserver | undefined;
  /** Bumped by every reload, so a portion requested before it is dropped. */
  #generation = 0;
  /** Decisions sent and not answered yet; server counters are applied only when none is pending. */
  #pending = 0;
  #scrollToActive = false;
  /** An undo was sent and not answered yet. */
  #undoing = false;
  #onKeydown = (event: KeyboardEvent) => this.handleKeydown(event);

  @state() private items: QueueItem[] = [];
  /** Size of the queue on the server (page total, kept up to date locally). */
  @state() private total = 0;
  @state() private stats: Stats | undefined;
  @state() private loading: 'first' | 'more' | null = null;
  @state() private loadError: ApiError | undefined;
  @state() private actionError: ApiError | undefined;
  @state() private feedback = '';
  @state() private canUndo = false;
  @state() private active = 0;
  /** The position whose service picker is open. */
  @state() private picking: string | null = null;
  @state() private filterProblem = '';
  @state() private clinics: readonly ClinicOption[] = [];
  @state() private applyToIdentical = true;
  @state() private bulkPercent = '90';
  @state() private bulkPreview: { readonly count: number; readonly percent: string; readonly share: number } | null = null;
  @state() private bulkBusy = false;
  @state() private toolbarOpen = false;
  /** Contexts shown, by position id. */
  @state() private contexts: ReadonlyMap<string, PositionContext | ApiError> = new Map();

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** Items per portion. */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 20;
  /**
   * The server-side filters (`GET /api/queue`): set by the filter form, or from outside (the app reads them from the
   * address); the queue loads again when they ask for other items.
   */
  @property({ attribute: false, hasChanged: (value: QueueFilters, old: QueueFilters | undefined) => !sameQueueFilters(value, old) })
  filters: QueueFilters = {};

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.#onKeydown);
    void this.#api
      .partners({ limit: 500 })
      .then((page) => (this.clinics = page.items.map((c) => ({ clinic_id: c.clinic_id, name: c.name }))))
      .catch(() => undefined);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.#onKeydown);
    this.#observer?.disconnect();
    this.#observer = undefined;
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apiBase')) this.#api = new PricecatApi(() => this.apiBase);
    if (changed.has('filters') && changed.get('filters') !== undefined) {
      // Other items: start from the top with none shown, so the first portion is not as long as the old list.
      this.items = [];
      this.active = 0;
      this.bulkPreview = null;
    }
    if (changed.has('apiBase') || changed.has('pageSize') || changed.has('filters')) void this.reload();
  }

  override updated(): void {
    const sentinel = this.renderRoot.querySelector('.sentinel');
    if (sentinel && typeof IntersectionObserver !== 'undefined') {
      this.#observer ??= new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void this.loadMore();
      });
      this.#observer.disconnect();
      this.#observer.observe(sentinel);
    }
    if (this.#scrollToActive) {
      this.#scrollToActive = false;
      this.renderRoot.querySelector('.item[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
    }
  }

  private handleKeydown(event: KeyboardEvent): void {
    if (event.defaultPrevented || this.picking !== null || this.getClientRects().length === 0) return;
    const path = event.composedPath();
    if (isTyping(path)) return;
    const action = queueKeyAction(event, isOnControl(path));
    if (action === undefined) return;
    if (action === 'undo') {
      event.preventDefault();
      void this.undo();
      return;
    }
    const item = this.items[this.active];
    if (!item) return;
    event.preventDefault();
    if (action === 'next' || action === 'previous') {
      this.active = Math.max(0, Math.min(this.items.length - 1, this.active + (action === 'next' ? 1 : -1)));
      this.#scrollToActive = true;
    } else if (action === 'choose') this.picking = item.position.position_id;
    else void this.#decide(item, action === 'skip' ? { kind: 'skip' } : { kind: 'confirm' });
  }

  /** Loads the queue from its start again (as many items as are shown, at least one portion) and the counters. */
  async reload(): Promise<void> {
    const generation = ++this.#generation;
    this.loading = 'first';
    this.loadError = undefined;
    const limit = Math.min(500, Math.max(this.pageSize, this.items.length));
    try {
      const [page, stats] = await Promise.all([
        loadQueue(this.#api, { limit, offset: 0 }, undefined, this.filters),
        this.#api.stats().catch(() => undefined),
      ]);
      if (generation !== this.#generation) return;
      this.items = [...page.items];
      this.total = page.total;
      this.stats = stats;
      this.active = Math.min(this.active, Math.max(0, this.items.length - 1));
    } catch (error) {
      if (generation === this.#generation) this.loadError = toApiError(error);
    } finally {
      if (generation === this.#generation) this.loading = null;
    }
  }

  /** Appends the next portion; does nothing while a load runs or when everything is shown. */
  async loadMore(): Promise<void> {
    if (this.loading !== null || this.loadError || this.items.length >= this.total) return;
    const generation = this.#generation;
    this.loading = 'more';
    try {
      // Decided items are gone from the server's queue, so the items still shown are exactly its first ones.
      const page = await loadQueue(this.#api, { limit: this.pageSize, offset: this.items.length }, undefined, this.filters);
      if (generation !== this.#generation) return;
      const shown = new Set(this.items.map((item) => item.position.position_id));
      this.items = [...this.items, ...page.items.filter((item) => !shown.has(item.position.position_id))];
      this.total = page.total;
    } catch (error) {
      if (generation === this.#generation) this.loadError = toApiError(error);
    } finally {
      if (generation === this.#generation) this.loading = null;
    }
  }

  /** Undoes the last decision on the server and shows the queue as it is now. */
  async undo(): Promise<void> {
    // One undo at a time: a second click (or Ctrl+Z) before the answer would take back the decision before it too.
    if (this.#undoing) return;
    this.#undoing = true;
    this.actionError = undefined;
    try {
      const result = await undoDecision(this.#api);
      this.feedback = (result.decisions ?? 1) > 1 ? t.bulkUndone(result.decisions ?? 1) : t.undone(result.position_ids.length);
      this.canUndo = false;
      this.#fire({ action: 'undo', positionIds: result.position_ids, serviceId: result.service_id });
      await this.reload();
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === 'CONFLICT') {
        this.feedback = t.nothingToUndo;
        this.canUndo = false;
      } else this.actionError = apiError;
    } finally {
      this.#undoing = false;
    }
  }

  /**
   * Takes items off the list and keeps the current one current: the same item when it stays, else the item that
   * now stands where it stood (an answer that takes the current item's twins off must not leave none current, nor
   * jump over the next one).
   */
  #removeItems(gone: (item: QueueItem) => boolean): void {
    const current = this.items[this.active];
    const keptBefore = this.items.slice(0, this.active).filter((other) => !gone(other)).length;
    this.items = this.items.filter((other) => !gone(other));
    const stays = current === undefined ? -1 : this.items.indexOf(current);
    this.active = stays >= 0 ? stays : Math.min(keptBefore, Math.max(0, this.items.length - 1));
  }

  async #decide(item: QueueItem, decision: Decision): Promise<void> {
    if (decision.kind === 'confirm' && !item.suggestion) {
      this.picking = item.position.position_id;
      return;
    }
    const id = item.position.position_id;
    const index = this.items.indexOf(item);
    if (index < 0) return;
    // The item leaves at once; the answer only adjusts (identical names decided too) or puts it back.
    this.#removeItems((other) => other === item);
    this.picking = null;
    this.actionError = undefined;
    const matched = decision.kind !== 'skip';
    this.#adjustCounters(-1, matched ? 1 : 0);
    this.#pending += 1;
    try {
      if (decision.kind === 'create') {
        await createService(this.#api, { name: decision.name, category: decision.category, position_ids: [id] });
        this.feedback = t.created(decision.name);
        // A created service is not in the decision log: nothing to undo here.
        this.canUndo = false;
        this.#fire({ action: 'match', positionIds: [id], serviceId: null });
      } else {
        const result =
          decision.kind === 'skip'
            ? await skipPosition(this.#api, id, 'queued')
            : await matchPosition(this.#api, id, decision.kind === 'assign' ? decision.serviceId : undefined, this.applyToIdentical, 'queued');
        const decided = new Set(result.position_ids);
        this.#removeItems((other) => decided.has(other.position.position_id));
        const extra = result.position_ids.length - 1;
        const serviceName = result.service?.name ?? (decision.kind === 'assign' ? decision.name : item.suggestion?.name ?? '');
        this.feedback = result.already_decided
          ? t.alreadyDecided(item.position.raw_name)
          : matched
            ? `${t.matched(item.position.raw_name, serviceName)}${extra > 0 ? ` ${t.matchedMore(extra)}` : ''}`
            : t.skipped(item.position.raw_name);
        this.canUndo = true;
        this.#fire({ action: result.action, positionIds: result.position_ids, serviceId: result.service?.service_id ?? null });
      }
    } catch (error) {
      if (!this.items.some((other) => other.position.position_id === id)) {
        const items = [...this.items];
        items.splice(Math.min(index, items.length), 0, item);
        this.items = items;
      }
      this.#adjustCounters(1, matched ? -1 : 0);
      this.actionError = toApiError(error);
    } finally {
      this.#pending -= 1;
    }
    await this.#refreshCounters();
  }

  #applyFilters(form: HTMLFormElement): void {
    const read = readFilterForm(form);
    if ('problem' in read) {
      this.filterProblem = read.problem;
      return;
    }
    this.filterProblem = '';
    this.#setFilters(read.filters);
  }

  /** New filters from the form: the queue loads again (the same ones too: «Применить» also refreshes). */
  #setFilters(filters: QueueFilters): void {
    const same = sameQueueFilters(this.filters, filters);
    this.filters = filters;
    this.bulkPreview = null;
    this.items = [];
    this.active = 0;
    if (same) void this.reload();
    this.dispatchEvent(
      new CustomEvent<QueueFiltersChangeDetail>('pricecat-queue-filters-change', { detail: { filters }, bubbles: true, composed: true }),
    );
  }

  /** «Посчитать»: how many suggestions the bulk acceptance would accept, nothing written. */
  async #countBulk(): Promise<void> {
    const share = shareOfPercent(this.bulkPercent);
    if (share === undefined || Number.isNaN(share)) {
      this.filterProblem = t.confidenceInvalid;
      return;
    }
    this.filterProblem = '';
    this.bulkBusy = true;
    this.actionError = undefined;
    try {
      const preview = await acceptSuggestions(this.#api, share, true, this.filters);
      this.bulkPreview = { count: preview.accepted, percent: this.bulkPercent.trim(), share };
    } catch (error) {
      this.actionError = toApiError(error);
    } finally {
      this.bulkBusy = false;
    }
  }

  /** Accepts the counted suggestions as one batch; «Отменить» then takes the whole batch back. */
  async #applyBulk(): Promise<void> {
    const preview = this.bulkPreview;
    if (!preview) return;
    this.bulkBusy = true;
    this.actionError = undefined;
    try {
      const result = await acceptSuggestions(this.#api, preview.share, false, this.filters);
      this.bulkPreview = null;
      this.feedback = t.bulkDone(result.accepted);
      this.canUndo = result.accepted > 0;
      this.#fire({ action: 'match', positionIds: [], serviceId: null });
      await this.reload();
    } catch (error) {
      this.actionError = toApiError(error);
    } finally {
      this.bulkBusy = false;
    }
  }

  async #toggleContext(positionId: string): Promise<void> {
    const next = new Map(this.contexts);
    if (next.delete(positionId)) {
      this.contexts = next;
      return;
    }
    try {
      next.set(positionId, await loadPositionContext(this.#api, positionId));
    } catch (error) {
      next.set(positionId, toApiError(error));
    }
    this.contexts = next;
  }

  #adjustCounters(queued: number, normalized: number): void {
    this.total = Math.max(0, this.total + queued);
    if (this.stats) this.stats = { ...this.stats, queued: this.stats.queued + queued, normalized: this.stats.normalized + normalized };
  }

  /** The server's figures, once no decision is in flight (an older answer must not undo newer local changes). */
  async #refreshCounters(): Promise<void> {
    const stats = await this.#api.stats().catch(() => undefined);
    if (!stats || this.#pending > 0) return;
    this.stats = stats;
    this.total = stats.queued;
  }

  #fire(detail: DecisionDetail): void {
    this.dispatchEvent(new CustomEvent('pricecat-decision', { detail, bubbles: true, composed: true }));
  }

  #renderCounters() {
    return html`<dl class="counters">
      <div class="counter" data-counter="queue"><dt>${t.queueSize}</dt><dd>${formatCount(this.stats?.queued ?? this.total)}</dd></div>
      ${this.stats
        ? html`<div class="counter" data-counter="normalized"><dt>${t.normalized}</dt><dd>${formatCount(this.stats.normalized)}</dd></div>
            <div class="counter" data-counter="share"><dt>${t.normalized}, %</dt>
              <dd>${formatShare(this.stats.positions > 0 ? this.stats.normalized / this.stats.positions : 0)}</dd></div>`
        : nothing}
    </dl>`;
  }

  #renderShortcuts() {
    return html`<details class="shortcuts" open>
      <summary>${t.shortcutsTitle}</summary>
      <ul>
        ${t.shortcuts.map(
          ([key, alt, what]) => html`<li><kbd>${key}</kbd>${alt ? html` ${t.or} <kbd>${alt}</kbd>` : nothing} — ${what}</li>`,
        )}
      </ul>
    </details>`;
  }

  #renderToolbar() {
    const categories = [...new Set(this.items.flatMap((item) => (item.suggestion ? [item.suggestion.category] : [])))].sort();
    return renderQueueToolbar({
      filters: this.filters,
      clinics: this.clinics,
      categories,
      filterProblem: this.filterProblem,
      applyToIdentical: this.applyToIdentical,
      bulkPercent: this.bulkPercent,
      bulkPreview: this.bulkPreview,
      bulkBusy: this.bulkBusy,
      open: this.toolbarOpen,
      onToggle: (open) => (this.toolbarOpen = open),
      onFilters: (form) => this.#applyFilters(form),
      onResetFilters: () => {
        this.filterProblem = '';
        this.#setFilters({});
      },
      onApplyToIdentical: (value) => (this.applyToIdentical = value),
      onBulkPercent: (value) => {
        this.bulkPercent = value;
        this.bulkPreview = null;
      },
      onBulkCount: () => void this.#countBulk(),
      onBulkApply: () => void this.#applyBulk(),
    });
  }

  #renderContext(positionId: string) {
    const context = this.contexts.get(positionId);
    if (!context) return nothing;
    return 'rows' in context ? renderPositionContext(context) : errorView(context);
  }

  #renderCandidate(candidate: Candidate) {
    return html`<b>${candidate.name}</b> <span class="muted">(${candidate.category})</span>
      <span class="confidence">${t.confidence(formatShare(candidate.score))}</span>`;
  }

  #renderItem(item: QueueItem, index: number) {
    const p = item.position;
    const current = index === this.active;
    const far = distinctFarPrice(p);
    const price = p.price !== null ? formatPrice(p.price) : `${formatPrice(p.price_nonresident)} (${t.nonresident})`;
    return html`<li class="item" data-position-id=${p.position_id} aria-current=${current ? 'true' : 'false'}
      @click=${() => (this.active = index)}>
      <div class="raw">${p.raw_name}</div>${kindLabel(p.kind)}
      <div class="meta">${p.clinic_name}${p.city ? `, ${p.city}` : ''} · <span class="price">${price}</span>${far !== null
          ? html` · <span class="far-price">${formatPrice(far)} (${t.nonresidentFar})</span>`
          : nothing}
        ${p.file_name ? html` · ${p.file_name}` : nothing}</div>
      <div class="suggestion">${t.suggestion}: ${item.suggestion ? this.#renderCandidate(item.suggestion) : html`<span class="muted">${t.noSuggestion}</span>`}</div>
      ${traceText(p.trace) ? html`<div class="reason muted">${t.reason}: ${traceText(p.trace)}</div>` : nothing}
      ${item.alternatives.length > 0
        ? html`<div class="alternatives"><span class="muted">${t.alternatives}:</span>
            ${item.alternatives.map(
              (candidate) => html`<button type="button" class="secondary alternative"
                @click=${(event: MouseEvent) => firstClick(event) && void this.#decide(item, { kind: 'assign', serviceId: candidate.service_id, name: candidate.name })}>${candidate.name}
                <span class="muted">(${candidate.category}, ${t.confidence(formatShare(candidate.score))})</span></button>`,
            )}</div>`
        : nothing}
      <div class="actions">
        <button type="button" class="confirm" ?disabled=${!item.suggestion}
          @click=${(event: MouseEvent) => firstClick(event) && void this.#decide(item, { kind: 'confirm' })}>${t.confirm}${current ? html`<kbd>1</kbd>` : nothing}</button>
        <button type="button" class="secondary choose" @click=${(event: MouseEvent) => firstClick(event) && (this.picking = p.position_id)}>${t.choose}${current ? html`<kbd>2</kbd>` : nothing}</button>
        <button type="button" class="secondary skip" @click=${(event: MouseEvent) => firstClick(event) && void this.#decide(item, { kind: 'skip' })}>${t.skip}${current ? html`<kbd>3</kbd>` : nothing}</button>
        <button type="button" class="secondary show-context" aria-expanded=${this.contexts.has(p.position_id) ? 'true' : 'false'}
          @click=${() => void this.#toggleContext(p.position_id)}>${this.contexts.has(p.position_id) ? t.hideContext : t.context}</button>
      </div>
      ${this.#renderContext(p.position_id)}
      ${this.picking === p.position_id
        ? html`<pricecat-service-picker api-base=${this.apiBase} q=${pickerQuery(p.raw_name)} creatable
            default-category=${item.suggestion?.category ?? ''}
            @pricecat-service-pick=${(event: CustomEvent<ServicePickDetail>) =>
              void this.#decide(item, { kind: 'assign', serviceId: event.detail.serviceId, name: event.detail.name })}
            @pricecat-service-create=${(event: CustomEvent<ServiceCreateDetail>) =>
              void this.#decide(item, { kind: 'create', name: event.detail.name, category: event.detail.category })}
            @pricecat-pick-cancel=${() => (this.picking = null)}></pricecat-service-picker>`
        : nothing}
    </li>`;
  }

  #renderFeedback() {
    if (!this.feedback && !this.actionError) return nothing;
    return html`${this.actionError ? errorView(this.actionError, undefined, t.actionFailed) : nothing}
      ${this.feedback
        ? html`<div class="feedback" role="status"><span class="feedback-text">${this.feedback}</span>
            ${this.canUndo ? html`<button type="button" class="secondary undo" @click=${(event: MouseEvent) => firstClick(event) && void this.undo()}>${t.undo}</button>` : nothing}</div>`
        : nothing}`;
  }

  override render() {
    if (this.loadError && this.items.length === 0) return errorView(this.loadError, () => void this.reload());
    if (this.loading === 'first' && this.items.length === 0) return loadingView();
    const more = this.items.length < this.total;
    return html`${this.#renderCounters()} ${this.#renderToolbar()} ${this.#renderShortcuts()} ${this.#renderFeedback()}
      ${this.items.length === 0 && !more
        ? html`<p class="muted empty" role="status">${t.empty}</p>`
        : html`<ol class="items" aria-label=${t.title}>${this.items.map((item, index) => this.#renderItem(item, index))}</ol>`}
      ${this.loadError && this.items.length > 0 ? errorView(this.loadError, () => ((this.loadError = undefined), void this.loadMore())) : nothing}
      <div class="more">
        <span class="muted shown">${t.shown(this.items.length, this.total)}</span>
        ${more
          ? html`<button type="button" class="secondary load-more" ?disabled=${this.loading !== null} @click=${() => void this.loadMore()}>${t.loadMore}</button>`
          : nothing}
        ${this.loading === 'more' ? loadingView() : nothing}
      </div>
      ${more ? html`<div class="sentinel" aria-hidden="true"></div>` : nothing}`;
  }
}

/** The picker starts from the first word of the raw name: dictionary names rarely contain a whole raw name. */
function pickerQuery(rawName: string): string {
  return rawName.split(/[\s,.;:()«»"]+/).find((word) => word.length >= 3) ?? '';
}
