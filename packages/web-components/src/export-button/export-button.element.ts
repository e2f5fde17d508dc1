import { LitElement, css, html } from 'lit';
import { property } from 'lit/decorators.js';
import { PricecatApi } from '../api/client.js';
import { messages } from '../i18n/messages.js';
import { baseStyles } from '../theme/theme.js';

/** Payload of `pricecat-export`. */
export interface ExportDetail {
  readonly url: string;
}

/**
 * `<pricecat-export-button>`: a link styled as a button that downloads `{api-base}/export.xlsx`. A plain
 * link lets the browser stream the file to disk and show its own download progress.
 *
 * @fires pricecat-export - the user started the download; detail {@link ExportDetail}
 * @csspart button - the link
 * @cssproperty --accent - button colour
 */
export class PricecatExportButtonElement extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: inline-block;
      }
      a {
        display: inline-block;
        border: 1px solid var(--accent);
        background: var(--surface);
        color: var(--accent);
        border-radius: var(--radius);
        padding: 0.4rem 0.9rem;
        text-decoration: none;
        white-space: nowrap;
      }
      a:hover {
        background: var(--accent);
        color: #fff;
      }
    `,
  ];

  /** Base URL of the pricecat API. */
  @property({ attribute: 'api-base' }) apiBase = '/api';
  /** Button text. */
  @property() label: string = messages.exportButton.label;

  private handleClick(): void {
    const detail: ExportDetail = { url: this.#url() };
    this.dispatchEvent(new CustomEvent('pricecat-export', { detail, bubbles: true, composed: true }));
  }

  #url(): string {
    return new PricecatApi(this.apiBase).url('export.xlsx');
  }

  override render() {
    return html`<a part="button" href=${this.#url()} download="pricecat-export.xlsx" @click=${this.handleClick}>${this.label}</a>`;
  }
}
