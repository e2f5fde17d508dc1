import { PricecatExportButtonElement, type ExportDetail } from './export-button.element.js';
import { define } from '../define.js';

define('pricecat-export-button', PricecatExportButtonElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-export-button': PricecatExportButtonElement;
  }
  interface HTMLElementEventMap {
    'pricecat-export': CustomEvent<ExportDetail>;
  }
}

export { PricecatExportButtonElement, type ExportDetail };
