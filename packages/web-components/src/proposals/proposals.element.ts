import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { toApiError, type ApiError } from '../api/errors.js';
import { LoadController } from '../api/load-controller.js';
import { createService, loadProposals } from '../api/operator-api.js';
import type { ServiceProposal } from '@pricecat/core/contract';
import type { Page } from '@pricecat/core/contract';
import { formatCount, formatPrice, formatShare } from '../format/format.js';
import { messages } from '../i18n/messages.js';
import { errorView, loadingView } from '../theme/feedback.js';
import { pagedListStyles, pagerView } from '../theme/pager.js';
import { baseStyles } from '../theme/theme.js';

const t = messages.proposals;

/** The name and category the analyst set for a proposal (absent: the proposal's own). */
interface Edit {
  readonly name?: string;
  readonly category?: string;
}

/**
 * `<pricecat-proposals>`: proposed new services (`GET /service-proposals`: groups of unmatched names that denote
 * one service), most clinics first, each with its clinics and positions. The analyst renames a proposal, sets its
 * specialty, and creates it (its positions become normalized to the new service), creates several selected ones at
 * once, or merges the selected ones into one service (the first one's name and specialty).
 *
 * @fires pricecat-services-created - services were created; detail `{ serviceIds }`
 * @csspart error - the error box
 */
export class PricecatProposalsElement extends LitElement {
  static override styles = [
    baseStyles,
    pagedListStyles,
    css`
      .proposals {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.6rem;
      }
      .proposal {
        border: 1px solid var(--border);
        border-radius: var(--radius);
        padding: 0.6rem 0.8rem;
        background: var(--surface);
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 0.8rem;
        align-items: end;
      }
      .head label.name {
        flex: 3 1 16rem;
      }
      .head label.category {
        flex: 1 1 10rem;
      }
      .figures {
        font-size: 0.85rem;
        color: var(--muted);
        margin: 0.3rem 0 0;
      }
      .members {
        font-size: 0.85rem;
        margin: 0.3rem 0 0;
      }
      .members ul {
        margin: 0.3rem 0 0;
        padding-left: 1.1rem;
      }
      .select {
        display: flex;
        gap: 0.3rem;
        align-items: center;
        color: var(--text);
      }
    `,
  ];

  #api = new PricecatApi(() => this.apiBase);
  #page = new LoadController<Page<ServiceProposal>>(this);

  @state() private offset = 0;
  @state() private minClinics = 1;
  @state() private edits: ReadonlyMap<string, Edit> = new Map();
  @state() private selected: readonly string[] = [];
  @state() private busy = false;
  @state() private feedback = '';
  @state() private problem = '';
  @state() private actionError: ApiError | undefined;

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** Proposals per page. */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 20;

  override willUpdate(changed: PropertyValues): void {
    if (changed.has('apiBase')) this.#api = new PricecatApi(() => this.apiBase);
    if (['apiBase', 'pageSize', 'offset', 'minClinics'].some((key) => changed.has(key))) this.#load();
  }

  #load(): void {
    const page = { limit: this.pageSize, offset: this.offset, min_clinics: this.minClinics };
    void this.#page.run((signal) => loadProposals(this.#api, page, signal));
  }

  #nameOf(p: ServiceProposal): string {
    return (this.edits.get(p.proposal_id)?.name ?? p.name).trim();
  }

  #categoryOf(p: ServiceProposal): string {
    return (this.edits.get(p.proposal_id)?.category ?? p.category ?? p.nearest_service?.category ?? '').trim();
  }

  #edit(p: ServiceProposal, change: Edit): void {
    const next = new Map(this.edits);
    next.set(p.proposal_id, { ...next.get(p.proposal_id), ...change });
    this.edits = next;
  }

  #toggle(id: string, on: boolean): void {
    this.selected = on ? [...this.selected.filter((s) => s !== id), id] : this.selected.filter((s) => s !== id);
  }

  /** Creates one service per proposal, each from its own (possibly renamed) name and specialty. */
  async #create(proposals: readonly ServiceProposal[]): Promise<void> {
    if (proposals.some((p) => this.#categoryOf(p) === '' || this.#nameOf(p) === '')) {
      this.problem = t.categoryMissing;
      return;
    }
    await this.#run(async () => {
      const created = [];
      for (const p of proposals) {
        created.push(await createService(this.#api, { name: this.#nameOf(p), category: this.#categoryOf(p), proposal_id: p.proposal_id }));
      }
      return created;
    });
  }

  /** One service for all selected proposals: the first one's name and specialty, the others' positions added. */
  async #merge(proposals: readonly ServiceProposal[]): Promise<void> {
    const [first, ...others] = proposals;
    if (!first) return;
    if (this.#categoryOf(first) === '' || this.#nameOf(first) === '') {
      this.problem = t.categoryMissing;
      return;
    }
    await this.#run(async () => [
      await createService(this.#api, {
        name: this.#nameOf(first),
        category: this.#categoryOf(first),
        proposal_id: first.proposal_id,
        // By id: a proposal lists only its first members, the server takes all of them.
        merged_proposal_ids: others.map((p) => p.proposal_id),
      }),
    ]);
  }

  async #run(task: () => Promise<readonly { service_id: string; normalized_positions: number }[]>): Promise<void> {
    this.problem = '';
    this.actionError = undefined;
    this.busy = true;
    try {
      const created = await task();
      this.feedback = t.created(created.length, created.reduce((sum, c) => sum + c.normalized_positions, 0));
      this.selected = [];
      this.dispatchEvent(
        new CustomEvent('pricecat-services-created', { detail: { serviceIds: created.map((c) => c.service_id) }, bubbles: true, composed: true }),
      );
      await this.#page.retry();
    } catch (error) {
      this.actionError = toApiError(error);
    } finally {
      this.busy = false;
    }
  }

  #renderProposal(p: ServiceProposal) {
    const clinics = [...new Set(p.members.map((m) => m.clinic_name))];
    return html`<li class="proposal" data-proposal-id=${p.proposal_id}>
      <div class="head">
        <label class="select"><input type="checkbox" .checked=${this.selected.includes(p.proposal_id)}
          @change=${(event: Event) => this.#toggle(p.proposal_id, (event.target as HTMLInputElement).checked)} />${t.select}</label>
        <label class="name">${t.name}<input name="name" .value=${this.#nameOf(p)}
          @input=${(event: Event) => this.#edit(p, { name: (event.target as HTMLInputElement).value })} /></label>
        <label class="category">${t.category}<input name="category" .value=${this.#categoryOf(p)}
          @input=${(event: Event) => this.#edit(p, { category: (event.target as HTMLInputElement).value })} /></label>
        <button type="button" class="create-one" ?disabled=${this.busy} @click=${() => void this.#create([p])}>${t.createOne}</button>
      </div>
      <p class="figures">${t.clinics}: ${formatCount(p.clinics)} (${clinics.join(', ')}${p.clinics > clinics.length ? ', …' : ''}) · ${t.positions}: ${formatCount(p.positions)} ·
        ${t.names}: ${formatCount(p.names)}
        ${p.nearest_service ? html` · ${t.nearest}: ${p.nearest_service.name} (${formatShare(p.nearest_service.score)})` : nothing}</p>
      <details class="members">
        <summary>${t.members}</summary>
        <ul>${p.members.map((m) => html`<li>${m.raw_name} — ${m.clinic_name}${m.price !== null ? `, ${formatPrice(m.price)}` : ''}</li>`)}
          ${p.positions > p.members.length ? html`<li class="more muted">${t.moreMembers(formatCount(p.positions - p.members.length))}</li>` : nothing}</ul>
      </details>
    </li>`;
  }

  #renderPage(page: Page<ServiceProposal>) {
    if (page.items.length === 0) return html`<p class="muted" role="status">${t.none}</p>`;
    const chosen = page.items.filter((p) => this.selected.includes(p.proposal_id));
    return html`<div class="toolbar">
        <span class="muted">${t.selected(chosen.length)}</span>
        <button type="button" class="create-selected" ?disabled=${this.busy || chosen.length === 0}
          @click=${() => void this.#create(chosen)}>${t.createSelected(chosen.length)}</button>
        <button type="button" class="secondary merge" ?disabled=${this.busy || chosen.length < 2} title=${t.mergeHint}
          @click=${() => void this.#merge(chosen)}>${t.merge(chosen.length)}</button>
      </div>
      <ol class="proposals">${page.items.map((p) => this.#renderProposal(p))}</ol>
      ${pagerView(page, this.pageSize, (offset) => (this.offset = offset))}`;
  }

  override render() {
    const state = this.#page.state;
    const page = this.#page.value;
    return html`<p class="muted">${t.intro}</p>
      <div class="toolbar">
        <label>${t.minClinics}
          <select class="min-clinics" @change=${(event: Event) => ((this.minClinics = Number((event.target as HTMLSelectElement).value)), (this.offset = 0))}>
            ${[1, 2, 3, 5].map((n) => html`<option value=${n} ?selected=${n === this.minClinics}>${n}</option>`)}
          </select>
        </label>
      </div>
      ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}
      ${this.actionError ? errorView(this.actionError, undefined, t.failed) : nothing}
      ${this.feedback ? html`<p class="feedback" role="status">${this.feedback}</p>` : nothing}
      ${state.kind === 'error' ? errorView(state.error, () => void this.#page.retry()) : page ? this.#renderPage(page) : loadingView()}`;
  }
}
