import { PricecatDashboardElement } from './dashboard.element.js';
import { define } from '../define.js';

define('pricecat-dashboard', PricecatDashboardElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-dashboard': PricecatDashboardElement;
  }
}

export { PricecatDashboardElement };
