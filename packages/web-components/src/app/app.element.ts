import { LitElement, css, html } from 'lit';
import { property, state } from 'lit/decorators.js';
import { messages } from '../i18n/messages.js';
import { baseStyles } from '../theme/theme.js';
import '../export-button/export-button.js';
import { matchRoute, routes } from './routes.js';

/**
 * `<pricecat-app>`: the single-page app. It only lays out the header and navigation and routes by the
 * URL hash (see `routes.ts`); every screen is an element that also works alone.
 *
 * @csspart header - the top bar
 * @cssproperty --accent - links, the active navigation item
 */
export class PricecatAppElement extends LitElement {
  static override styles = [
    baseStyles,
    css`
      header {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem 0.75rem;
        padding: 0.6rem 1rem;
        border-bottom: 1px solid var(--border);
        background: var(--surface);
      }
      .brand {
        font-weight: 700;
        font-size: 1.1rem;
        color: var(--text);
        text-decoration: none;
      }
      nav {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem;
        flex: 1 1 auto;
      }
      /* Eight items and the export button fit one line from 1280 px on; narrower, the header wraps. */
      nav a {
        padding: 0.3rem 0.5rem;
        font-size: 0.9rem;
        border-radius: var(--radius);
        text-decoration: none;
      }
      nav a[aria-current='page'] {
        background: var(--accent);
        color: #fff;
      }
      pricecat-export-button::part(button) {
        font-size: 0.9rem;
      }
      main {
        padding: 1rem;
        max-width: 72rem;
        margin: 0 auto;
      }
      h2 {
        margin-top: 0;
      }
      .admin-grid {
        display: grid;
        gap: 1rem;
      }
      .admin-export {
        justify-self: start;
      }
    `,
  ];

  #onHashChange = () => {
    this.hash = location.hash;
  };

  @state() private hash = location.hash;

  /** Base URL of the pricecat API, relative to the page (`./api`) or absolute. */
  @property({ attribute: 'api-base' }) apiBase = '/api';

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.#onHashChange);
    this.hash = location.hash;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.#onHashChange);
  }

  override render() {
    const found = matchRoute(this.hash || `#${routes[0]?.path ?? '/search'}`);
    const t = messages.app;
    return html`<header part="header">
        <a class="brand" href="#/search">pricecat</a>
        <nav aria-label=${t.title}>
          ${routes
            .filter((route) => route.nav)
            .map(
              (route) => html`<a href=${`#${route.path}`}
                aria-current=${found?.route === route ? 'page' : 'false'}>${route.nav}</a>`,
            )}
        </nav>
        <pricecat-export-button api-base=${this.apiBase}></pricecat-export-button>
      </header>
      <main>
        ${found
          ? found.route.render({ apiBase: this.apiBase, params: found.params, query: found.query })
          : html`<p role="alert">${t.notFound}</p><p><a href="#/search">${t.back}</a></p>`}
      </main>`;
  }
}
