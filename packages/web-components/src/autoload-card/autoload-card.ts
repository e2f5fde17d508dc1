import { PricecatAutoloadCardElement, type ScanCompleteDetail, type SettingsChangeDetail } from './autoload-card.element.js';
import { define } from '../define.js';

define('pricecat-autoload-card', PricecatAutoloadCardElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-autoload-card': PricecatAutoloadCardElement;
  }
  interface HTMLElementEventMap {
    'pricecat-settings-change': CustomEvent<SettingsChangeDetail>;
    'pricecat-scan-complete': CustomEvent<ScanCompleteDetail>;
  }
}

export { PricecatAutoloadCardElement, type ScanCompleteDetail, type SettingsChangeDetail };
