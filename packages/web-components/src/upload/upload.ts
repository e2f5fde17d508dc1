import { PricecatUploadElement, type IngestCompleteDetail } from './upload.element.js';
import type { UploadProgress } from '../api/upload.js';
import { define } from '../define.js';

define('pricecat-upload', PricecatUploadElement);

declare global {
  interface HTMLElementTagNameMap {
    'pricecat-upload': PricecatUploadElement;
  }
  interface HTMLElementEventMap {
    'pricecat-upload-progress': CustomEvent<UploadProgress>;
    'pricecat-ingest-complete': CustomEvent<IngestCompleteDetail>;
  }
}

export { PricecatUploadElement, type IngestCompleteDetail, type UploadProgress };
