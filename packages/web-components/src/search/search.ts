import { PricecatSearchElement, type SearchChangeDetail, type ServiceSelectDetail } from './search.element.js';
import { define } from '../define.js';

define('pricecat-search', PricecatSearchElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-search': PricecatSearchElement;
  }
  interface HTMLElementEventMap {
    'pricecat-service-select': CustomEvent<ServiceSelectDetail>;
    'pricecat-search-change': CustomEvent<SearchChangeDetail>;
  }
}

export { PricecatSearchElement, type SearchChangeDetail, type ServiceSelectDetail };
