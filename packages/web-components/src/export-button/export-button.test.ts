import { afterEach, describe, expect, it } from 'vitest';
import './export-button.js';
import type { PricecatExportButtonElement } from './export-button.element.js';
import { $, cleanup, mount, shadowText } from '../test-support/fake-api.js';

afterEach(cleanup);

describe('<pricecat-export-button>', () => {
  it('links to export.xlsx under the API base as a download', async () => {
    const element = mount<PricecatExportButtonElement>('<pricecat-export-button api-base="/pricecat/api/"></pricecat-export-button>');
    await element.updateComplete;
    const link = $<HTMLAnchorElement>(element, 'a');
    expect(link.getAttribute('href')).toBe('/pricecat/api/export.xlsx');
    expect(link.hasAttribute('download')).toBe(true);
    expect(shadowText(element)).toBe('Скачать каталог (Excel)');
  });

  it('keeps a relative API base relative to the page, so a proxy prefix still works', async () => {
    const element = mount<PricecatExportButtonElement>('<pricecat-export-button api-base="./api"></pricecat-export-button>');
    await element.updateComplete;
    const link = $<HTMLAnchorElement>(element, 'a');
    expect(link.href).toBe(new URL('./api/export.xlsx', location.href).href);
  });

  it('fires pricecat-export with the file URL when clicked', async () => {
    const element = mount<PricecatExportButtonElement>('<pricecat-export-button api-base="/api" label="Excel"></pricecat-export-button>');
    await element.updateComplete;
    const link = $<HTMLAnchorElement>(element, 'a');
    const seen = new Promise<CustomEvent>((resolve) =>
      element.addEventListener('pricecat-export', (event) => resolve(event), { once: true }),
    );
    // The click would start a real download; the test only needs the event, so the navigation is cancelled.
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    link.click();
    expect((await seen).detail).toEqual({ url: '/api/export.xlsx' });
    expect(shadowText(element)).toBe('Excel');
  });
});
