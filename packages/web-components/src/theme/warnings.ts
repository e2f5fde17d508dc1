/**
 * A list of warnings that stays short: the first few are shown, the rest fold under «ещё N». Scanned
 * price lists can carry dozens of warnings, one per page.
 *
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import { messages } from '../i18n/messages.js';

/** How many warnings are visible before the rest fold away. */
const VISIBLE = 2;

/** `—` for none, else a list; every warning is rendered as text. */
export function warningsList(warnings: readonly string[]): TemplateResult | string {
  if (warnings.length === 0) return '—';
  const item = (warning: string) => html`<li>${warning}</li>`;
  const rest = warnings.slice(VISIBLE);
  return html`<ul class="warnings">${warnings.slice(0, VISIBLE).map(item)}</ul>
    ${rest.length === 0
      ? nothing
      : html`<details class="more-warnings"><summary>${messages.moreWarnings(rest.length)}</summary>
          <ul class="warnings">${rest.map(item)}</ul></details>`}`;
}
