import { PricecatPriceChangesElement } from './price-changes.element.js';
import { define } from '../define.js';

define('pricecat-price-changes', PricecatPriceChangesElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-price-changes': PricecatPriceChangesElement;
  }
}

export { PricecatPriceChangesElement };
