import { PricecatComparisonElement, type PriceKindChangeDetail } from './comparison.element.js';
import { define } from '../define.js';

define('pricecat-comparison', PricecatComparisonElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-comparison': PricecatComparisonElement;
  }
  interface HTMLElementEventMap {
    'pricecat-price-kind-change': CustomEvent<PriceKindChangeDetail>;
  }
}

export { PricecatComparisonElement, type PriceKindChangeDetail };
