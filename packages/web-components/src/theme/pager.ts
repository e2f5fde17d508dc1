/**
 * The pager of the paged lists (decisions, proposals, unmatched positions): «← Назад», «1–50 из 120», «Далее →»,
 * and the styles of the toolbar and labels above such a list. One template, so the lists page alike and a change
 * of wording or layout happens once.
 *
 * @module
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { messages } from '../i18n/messages.js';

/** What the pager needs of a page: where it starts, how many rows it shows, how many there are. */
export interface PagerPage {
  readonly offset: number;
  readonly items: { readonly length: number };
  readonly total: number;
}

/**
 * «← Назад» · «from–to из total» · «Далее →», with `extra` after them. `goTo(offset)` is called with the offset of
 * the page asked for; the buttons are disabled at either end.
 */
export function pagerView(page: PagerPage, pageSize: number, goTo: (offset: number) => void, extra?: TemplateResult): TemplateResult {
  const t = messages.pager;
  const to = page.offset + page.items.length;
  return html`<div class="pager">
    <button type="button" class="secondary previous" ?disabled=${page.offset === 0}
      @click=${() => goTo(Math.max(0, page.offset - pageSize))}>${t.previous}</button>
    <span class="range" role="status">${t.range(page.offset + 1, to, page.total)}</span>
    <button type="button" class="secondary next" ?disabled=${to >= page.total} @click=${() => goTo(page.offset + pageSize)}>${t.next}</button>
    ${extra ?? nothing}
  </div>`;
}

/** The pager's row. */
export const pagerStyles = css`
  .pager {
    display: flex;
    flex-wrap: wrap;
    gap: 0.8rem;
    align-items: center;
    margin-top: 0.8rem;
  }
`;

/** The toolbar above a paged list and its labelled fields, with the pager's row. */
export const pagedListStyles = [
  pagerStyles,
  css`
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 0.6rem;
    align-items: end;
    margin-bottom: 0.8rem;
  }
  label {
    display: grid;
    gap: 0.2rem;
    font-size: 0.875rem;
    color: var(--muted);
  }
`,
];
