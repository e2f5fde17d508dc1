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

/** A warning as the server words it: `«file», [CODE] text` (the file and the code may be absent). */
const WORDED = /^(?<before>.*?)\[(?<code>[A-Z][A-Z0-9_]*)\]\s*(?<text>.*)$/su;

/**
 * What a person reads of one warning shown in the row of `file`: the Russian text, without the stable code (kept
 * as `data-code`) and without the file name the row already shows.
 */
export function warningView(warning: string, file?: string): { readonly text: string; readonly code: string | undefined } {
  const worded = WORDED.exec(warning)?.groups;
  if (!worded) return { text: warning, code: undefined };
  const before = (worded['before'] ?? '').trim().replace(/,$/u, '').trim();
  let text = worded['text'] ?? '';
  if (file && text.startsWith(`${file}, `)) text = text.slice(file.length + 2);
  return { text: before === '' || before === file ? text : `${before}, ${text}`, code: worded['code'] };
}

/** `—` for none, else a list; every warning is rendered as text. `file`: the file the row already names. */
export function warningsList(warnings: readonly string[], file?: string): TemplateResult | string {
  if (warnings.length === 0) return '—';
  const item = (warning: string) => {
    const view = warningView(warning, file);
    return html`<li data-code=${view.code ?? nothing}>${view.text}</li>`;
  };
  const rest = warnings.slice(VISIBLE);
  return html`<ul class="warnings">${warnings.slice(0, VISIBLE).map(item)}</ul>
    ${rest.length === 0
      ? nothing
      : html`<details class="more-warnings"><summary>${messages.moreWarnings(rest.length)}</summary>
          <ul class="warnings">${rest.map(item)}</ul></details>`}`;
}
