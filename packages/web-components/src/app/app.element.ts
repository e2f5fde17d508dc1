import { LitElement, css, html } from 'lit';
import { property } from 'lit/decorators.js';

/**
 * `<pricecat-app>`: the single-page app. For now it only points at the HTTP API and its interactive
 * docs; search, comparison, verification and upload screens arrive with the web UI issue.
 *
 * @cssproperty --accent - link colour
 */
export class PricecatAppElement extends LitElement {
  static override styles = css`
    :host {
      display: block;
      --accent: var(--pricecat-color-accent, #0b6bcb);
      font-family: var(--pricecat-font-family, system-ui, sans-serif);
    }
    a {
      color: var(--accent);
    }
  `;

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';

  override render() {
    return html`<h1>pricecat</h1>
      <p>Каталог цен клиник. API: <a href=${this.apiBase}>${this.apiBase}</a>, документация:
        <a href=${`${this.apiBase}/docs/`}>${this.apiBase}/docs/</a>.</p>`;
  }
}
