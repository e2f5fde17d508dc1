/**
 * The forms above the verification queue: the server-side filters (clinic, the suggestion's specialty, method,
 * confidence band), the apply-to-identical choice, and «принять все предложения выше X %» with its count shown
 * before anything is written. Pure templates: the element owns the state and passes handlers.
 *
 * @module
 */
import { html, nothing } from 'lit';
import type { QueueFilters } from '@pricecat/core/contract';
import { QUEUE_METHODS } from '@pricecat/core/contract/limits';
import { messages } from '../i18n/messages.js';

const t = messages.queue;

/** A clinic of the filter's list. */
export interface ClinicOption {
  readonly clinic_id: string;
  readonly name: string;
}

/** What the toolbar shows and calls. */
export interface QueueToolbarProps {
  readonly filters: QueueFilters;
  readonly clinics: readonly ClinicOption[];
  /** Categories offered to the category field (those of the suggestions shown). */
  readonly categories: readonly string[];
  readonly filterProblem: string;
  readonly applyToIdentical: boolean;
  /** The bulk threshold as typed, in percent. */
  readonly bulkPercent: string;
  /** The count of the last «Посчитать», for that threshold; null before. */
  readonly bulkPreview: { readonly count: number; readonly percent: string } | null;
  readonly bulkBusy: boolean;
  /** The folded part is open (the user opened it, or a filter is on). */
  readonly open: boolean;
  onToggle(open: boolean): void;
  onFilters(form: HTMLFormElement): void;
  onResetFilters(): void;
  onApplyToIdentical(value: boolean): void;
  onBulkPercent(value: string): void;
  onBulkCount(): void;
  onBulkApply(): void;
}

/** Percent text → share 0..1; `undefined` for blank, `NaN` for nonsense. */
export function shareOfPercent(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const value = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return value >= 0 && value <= 100 ? value / 100 : Number.NaN;
}

const percentOf = (share: number | undefined) => (share === undefined ? '' : String(Math.round(share * 1000) / 10));

/** The apply-to-identical checkbox (always visible), then the filter form and the bulk acceptance (folded until used). */
export function renderQueueToolbar(props: QueueToolbarProps) {
  const f = props.filters;
  const active = Object.keys(f).length > 0;
  return html`<label class="identical">
      <input type="checkbox" name="apply-to-identical" .checked=${props.applyToIdentical}
        @change=${(event: Event) => props.onApplyToIdentical((event.target as HTMLInputElement).checked)} />
      ${t.applyToIdentical}
    </label>
    <details class="toolbar" ?open=${props.open || active} @toggle=${(event: Event) => props.onToggle((event.target as HTMLDetailsElement).open)}>
    <summary>${t.filters}${active ? ` (${t.filtersOn})` : ''}</summary>
    <form class="filters" @submit=${(event: Event) => (event.preventDefault(), props.onFilters(event.target as HTMLFormElement))}>
      <label>${t.clinicFilter}
        <select name="clinic_id">
          <option value="">${t.allClinics}</option>
          ${props.clinics.map((c) => html`<option value=${c.clinic_id} ?selected=${c.clinic_id === f.clinic_id}>${c.name}</option>`)}
        </select>
      </label>
      <label>${t.category}
        <input name="category" list="queue-categories" placeholder=${t.categoryPlaceholder} .value=${f.category ?? ''} />
        <datalist id="queue-categories">${props.categories.map((c) => html`<option value=${c}></option>`)}</datalist>
      </label>
      <label>${t.method}
        <select name="method">
          <option value="">${t.allMethods}</option>
          ${QUEUE_METHODS.map((m) => html`<option value=${m} ?selected=${m === f.method}>${messages.dashboard.methods[m] ?? m}</option>`)}
        </select>
      </label>
      <label class="narrow">${t.minConfidence}<input name="min" inputmode="decimal" .value=${percentOf(f.min_confidence)} /></label>
      <label class="narrow">${t.maxConfidence}<input name="max" inputmode="decimal" .value=${percentOf(f.max_confidence)} /></label>
      <button type="submit" class="apply-filters">${t.applyFilters}</button>
      <button type="button" class="secondary reset-filters" @click=${() => props.onResetFilters()}>${t.resetFilters}</button>
      ${props.filterProblem ? html`<p class="problem" role="alert">${props.filterProblem}</p>` : nothing}
    </form>
    <form class="bulk" @submit=${(event: Event) => (event.preventDefault(), props.onBulkCount())}>
      <span>${t.bulkTitle}</span>
      <label class="narrow">${t.bulkThreshold}
        <input name="bulk" inputmode="decimal" .value=${props.bulkPercent}
          @input=${(event: Event) => props.onBulkPercent((event.target as HTMLInputElement).value)} />
      </label>
      <button type="submit" class="secondary bulk-count" ?disabled=${props.bulkBusy}>${t.bulkCount}</button>
      ${props.bulkPreview
        ? props.bulkPreview.count > 0
          ? html`<span class="bulk-preview" role="status">${t.bulkWillAccept(props.bulkPreview.count, `${props.bulkPreview.percent} %`)}</span>
              <button type="button" class="bulk-apply" ?disabled=${props.bulkBusy} @click=${() => props.onBulkApply()}>
                ${t.bulkApply(props.bulkPreview.count)}</button>`
          : html`<span class="bulk-preview" role="status">${t.bulkNone}</span>`
        : nothing}
    </form>
  </details>`;
}

/** The filters the form holds, or a problem to show. */
export function readFilterForm(form: HTMLFormElement): { filters: QueueFilters } | { problem: string } {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value.trim() ?? '';
  const min = shareOfPercent(value('min'));
  const max = shareOfPercent(value('max'));
  const method = QUEUE_METHODS.find((known) => known === value('method'));
  if (Number.isNaN(min) || Number.isNaN(max)) return { problem: t.confidenceInvalid };
  return {
    filters: {
      ...(value('clinic_id') && { clinic_id: value('clinic_id') }),
      ...(value('category') && { category: value('category') }),
      ...(method !== undefined && { method }),
      ...(min !== undefined && { min_confidence: min }),
      ...(max !== undefined && { max_confidence: max }),
    },
  };
}
