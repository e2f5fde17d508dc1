import { PricecatDecisionsElement } from './decisions.element.js';
import { define } from '../define.js';

define('pricecat-decisions', PricecatDecisionsElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-decisions': PricecatDecisionsElement;
  }
}

export { PricecatDecisionsElement };
