import { PricecatAppElement } from './app.element.js';

if (customElements.get('pricecat-app')) {
  console.warn('pricecat: <pricecat-app> is already defined; the second copy was not registered');
} else {
  customElements.define('pricecat-app', PricecatAppElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-app': PricecatAppElement;
  }
}

export { PricecatAppElement };
