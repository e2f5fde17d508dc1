import { PricecatPriceChangesElement } from './price-changes.element.js';
import type { PriceChangesFilter } from './price-changes-filter.js';
import { define } from '../define.js';

define('pricecat-price-changes', PricecatPriceChangesElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-price-changes': PricecatPriceChangesElement;
  }
  interface HTMLElementEventMap {
    'pricecat-price-changes-filter-change': CustomEvent<PriceChangesFilter>;
  }
}

export { PricecatPriceChangesElement, type PriceChangesFilter };
