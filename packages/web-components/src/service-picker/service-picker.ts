import { PricecatServicePickerElement, type ServiceCreateDetail, type ServicePickDetail } from './service-picker.element.js';
import { define } from '../define.js';

define('pricecat-service-picker', PricecatServicePickerElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-service-picker': PricecatServicePickerElement;
  }
  interface HTMLElementEventMap {
    'pricecat-service-pick': CustomEvent<ServicePickDetail>;
    'pricecat-pick-cancel': CustomEvent<undefined>;
    'pricecat-service-create': CustomEvent<ServiceCreateDetail>;
  }
}

export { PricecatServicePickerElement, type ServiceCreateDetail, type ServicePickDetail };
