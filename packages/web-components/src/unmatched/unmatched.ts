import { PricecatUnmatchedElement } from './unmatched.element.js';
import { define } from '../define.js';

define('pricecat-unmatched', PricecatUnmatchedElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-unmatched': PricecatUnmatchedElement;
  }
}

export { PricecatUnmatchedElement };
