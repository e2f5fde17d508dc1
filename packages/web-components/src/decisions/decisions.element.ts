import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { toApiError, type ApiError } from '../api/errors.js';
import { LoadController } from '../api/load-controller.js';
import { loadDecisions, undoDecision } from '../api/operator-api.js';
import type { DecisionLogEntry } from '@pricecat/core/contract';
import type { Page } from '@pricecat/core/contract';
import { formatDateTime, formatShare } from '../format/format.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { pagedListStyles, pagerView } from '../theme/pager.js';
import { baseStyles } from '../theme/theme.js';

const t = messages.decisions;

/**
 * `<pricecat-decisions>`: the decision log, newest first, a page at a time: what was decided (the position, its
 * clinic, the service or a skip), when, by whom, from which suggestion (followed or another chosen, with the
 * suggestion's confidence), and «Отменить» for a decision whose positions are still as it left them (a decision
 * of a bulk acceptance takes its whole batch back).
 *
 * @fires pricecat-decision - a decision was undone; detail `{ action: 'undo', positionIds, serviceId }`
 * @csspart error - the error box
 */
export class PricecatDecisionsElement extends LitElement {
  static override styles = [
    baseStyles,
    pagedListStyles,
    css`
      td.position {
        overflow-wrap: anywhere;
        min-width: 12rem;
      }
      .small {
        font-size: 0.85rem;
      }
      .badge {
        font-size: 0.75rem;
        border: 1px solid var(--border);
        border-radius: 999px;
        padding: 0 0.4rem;
        margin-left: 0.3rem;
        color: var(--muted);
      }
    `,
  ];

  #api = new PricecatApi(() => this.apiBase);
  #page = new LoadController<Page<DecisionLogEntry>>(this);

  @state() private offset = 0;
  @state() private action: '' | 'match' | 'skip' = '';
  @state() private feedback = '';
  @state() private actionError: ApiError | undefined;

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** Rows per page. */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 50;

  override willUpdate(changed: PropertyValues): void {
    if (changed.has('apiBase')) this.#api = new PricecatApi(() => this.apiBase);
    if (['apiBase', 'pageSize', 'offset', 'action'].some((key) => changed.has(key))) this.#load();
  }

  #load(): void {
    const page = { limit: this.pageSize, offset: this.offset, ...(this.action && { action: this.action }) };
    void this.#page.run((signal) => loadDecisions(this.#api, page, signal));
  }

  async #undo(entry: DecisionLogEntry): Promise<void> {
    this.actionError = undefined;
    try {
      const result = await undoDecision(this.#api, entry.decision_id);
      this.feedback = t.undone(result.position_ids.length);
      this.dispatchEvent(
        new CustomEvent('pricecat-decision', {
          detail: { action: 'undo', positionIds: result.position_ids, serviceId: result.service_id },
          bubbles: true,
          composed: true,
        }),
      );
      await this.#page.retry();
    } catch (error) {
      this.actionError = toApiError(error);
    }
  }

  #renderRow(entry: DecisionLogEntry) {
    const suggestion = entry.suggestion;
    return html`<tr data-decision-id=${entry.decision_id}>
      <td class="when">${formatDateTime(entry.created_at)}</td>
      <td class="who">${entry.user ?? t.nobody}</td>
      <td class="position"><span class="raw">${entry.position.raw_name}</span>
        ${entry.identical > 0 ? html`<span class="muted small"> ${t.identical(entry.identical)}</span>` : nothing}
        <br /><span class="muted small">${entry.position.clinic_name}</span></td>
      <td class="action">${t.actions[entry.action] ?? entry.action}${entry.batch_id ? html`<span class="badge">${t.batch}</span>` : nothing}
        ${entry.service ? html`<br /><b>${entry.service.name}</b> <span class="muted small">(${entry.service.category})</span>` : nothing}</td>
      <td class="suggestion">${suggestion
        ? html`${suggestion.name} <span class="muted small">${formatShare(suggestion.score)}</span><br />
            <span class="muted small">${entry.action === 'match' ? (entry.followed_suggestion ? t.followed : t.changed) : ''}</span>`
        : html`<span class="muted">${t.noSuggestion}</span>`}</td>
      <td>${entry.undoable
        ? html`<button type="button" class="secondary undo" @click=${() => void this.#undo(entry)}>${entry.batch_id ? t.undoBatch : t.undo}</button>`
        : html`<span class="muted small">${t.notUndoable}</span>`}</td>
    </tr>`;
  }

  #renderPage(page: Page<DecisionLogEntry>) {
    if (page.items.length === 0) return html`<p class="muted" role="status">${t.none}</p>`;
    return html`<div class="table-wrap">
        <table>
          <thead><tr><th>${t.when}</th><th>${t.who}</th><th>${t.position}</th><th>${t.action}</th><th>${t.suggestion}</th><th></th></tr></thead>
          <tbody>${page.items.map((entry) => this.#renderRow(entry))}</tbody>
        </table>
      </div>
      ${pagerView(page, this.pageSize, (offset) => (this.offset = offset))}`;
  }

  override render() {
    const state = this.#page.state;
    const page = this.#page.value;
    return html`<div class="toolbar">
        <label>${t.filter}
          <select class="action-filter" @change=${(event: Event) => ((this.action = (event.target as HTMLSelectElement).value as '' | 'match' | 'skip'), (this.offset = 0))}>
            <option value="">${t.all}</option>
            <option value="match">${t.actions.match}</option>
            <option value="skip">${t.actions.skip}</option>
          </select>
        </label>
      </div>
      ${this.actionError ? errorView(this.actionError, undefined, t.failed) : nothing}
      ${this.feedback ? html`<p class="feedback" role="status">${this.feedback}</p>` : nothing}
      ${state.kind === 'error' ? errorView(state.error, () => void this.#page.retry()) : page ? this.#renderPage(page) : loadingView()}`;
  }
}
