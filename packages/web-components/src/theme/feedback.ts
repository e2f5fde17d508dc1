/**
 * Templates shared by the elements for the two states that are not data: loading and error.
 *
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ApiError } from '../api/errors.js';
import { messages } from '../i18n/messages.js';

/** «Загрузка…» as a polite live region, so screen readers hear it too. */
export function loadingView(text: string = messages.loading): TemplateResult {
  return html`<p class="muted" role="status" part="loading">${text}</p>`;
}

/**
 * A readable error: the Russian message, the server's own message folded under «Подробности», and a
 * «Повторить» button when `retry` is given. Everything is text, never HTML.
 */
export function errorView(error: ApiError, retry?: () => void, title: string = messages.errorTitle): TemplateResult {
  return html`<div class="error" role="alert" part="error">
    <strong>${title}.</strong> <span class="error-message">${error.message}</span>
    ${error.detail ? html`<details><summary>${messages.errors.details}</summary>${error.detail}</details>` : nothing}
    ${retry ? html`<div><button class="secondary" type="button" @click=${retry}>${messages.retry}</button></div>` : nothing}
  </div>`;
}
