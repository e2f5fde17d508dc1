import { PricecatProposalsElement } from './proposals.element.js';
import { define } from '../define.js';

define('pricecat-proposals', PricecatProposalsElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-proposals': PricecatProposalsElement;
  }
}

export { PricecatProposalsElement };
