import { afterEach, describe, expect, it, vi } from 'vitest';
import '../comparison/comparison.js';
import '../dashboard/dashboard.js';
import { cleanup, fakeApi, mount, type FakeApi } from '../test-support/fake-api.js';

/**
 * A portal page that loads the elements and only then sets `api-base` (after an `await`, as a page importing
 * the module does): the elements must call that base, never the default `/api` of the portal's own origin.
 */
describe('api-base set after the element starts', () => {
  let api: FakeApi;
  afterEach(() => {
    api.restore();
    cleanup();
  });

  it('sends no request to the default /api when api-base arrives after an await', async () => {
    api = fakeApi({}); // every request answered 404: only where they go matters
    const comparison = mount<HTMLElement>('<pricecat-comparison service-id="s1"></pricecat-comparison>');
    const dashboard = mount<HTMLElement>('<pricecat-dashboard></pricecat-dashboard>');
    // The page's script goes on after the module loaded: a microtask later, as `await import(…)` resumes.
    await Promise.resolve();
    await Promise.resolve();
    comparison.setAttribute('api-base', 'https://pricecat.example/api');
    dashboard.setAttribute('api-base', 'https://pricecat.example/api');
    await vi.waitFor(() => expect(api.requests.length).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.map((url) => url.origin)).toEqual(api.requests.map(() => 'https://pricecat.example'));
  });
});
