import { PricecatAppElement } from './app.element.js';
import { define } from '../define.js';

define('pricecat-app', PricecatAppElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-app': PricecatAppElement;
  }
}

export { PricecatAppElement };
