import { PricecatSearchElement, type ServiceSelectDetail } from './search.element.js';
import { define } from '../define.js';

define('pricecat-search', PricecatSearchElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-search': PricecatSearchElement;
  }
  interface HTMLElementEventMap {
    'pricecat-service-select': CustomEvent<ServiceSelectDetail>;
  }
}

export { PricecatSearchElement, type ServiceSelectDetail };
