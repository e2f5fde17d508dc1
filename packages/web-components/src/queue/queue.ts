import { PricecatQueueElement, type DecisionDetail } from './queue.element.js';
import { define } from '../define.js';

define('pricecat-queue', PricecatQueueElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-queue': PricecatQueueElement;
  }
  interface HTMLElementEventMap {
    'pricecat-decision': CustomEvent<DecisionDetail>;
  }
}

export { PricecatQueueElement, type DecisionDetail };
