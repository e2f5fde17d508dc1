/**
 * The route table of `<pricecat-app>`: the one place to add or replace a screen. Hash routes
 * (`#/search`, `#/service/{id}`) need no server support and survive a reverse-proxy prefix.
 *
 * Extension point: a screen is added by importing its element module and adding an entry here.
 *
 * @module
 */
import { html, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { messages } from '../i18n/messages.js';
import '../comparison/comparison.js';
import { toPriceKind } from '../comparison/price-kind.js';
import '../dashboard/dashboard.js';
import '../search/search.js';
import '../upload/upload.js';
import '../queue/queue.js';
import '../unmatched/unmatched.js';
import '../proposals/proposals.js';
import '../decisions/decisions.js';
import '../autoload-card/autoload-card.js';
import '../price-changes/price-changes.js';
import { filterFromQuery, filterToQuery, type PriceChangesFilter } from '../price-changes/price-changes-filter.js';
import '../export-button/export-button.js';
import { queueFiltersFromQuery, queueFiltersToQuery } from '../queue/queue-filters-query.js';
import type { QueueFiltersChangeDetail } from '../queue/queue.element.js';

/** What a screen gets: the API base and the route's `:name` parameters. */
export interface RouteContext {
  readonly apiBase: string;
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters after `?` in the hash (`#/search?q=узи`). */
  readonly query: URLSearchParams;
}

/** One screen. */
export interface Route {
  /** Path with `:name` segments, e.g. `/service/:id`. */
  readonly path: string;
  /** Label in the navigation; routes without one are reached by links only. */
  readonly nav?: string;
  readonly render: (context: RouteContext) => TemplateResult;
}

const nav = messages.app.nav;

/**
 * The hash of the search last shown (`#/search?q=узи&city=Алматы`), for «← Назад к поиску»: a comparison opened
 * from a search leads back to that search, not to an empty one.
 */
let lastSearchHash = '#/search';

/** The comparison's price kind goes into the URL, so a shared link and Back show the same kind. */
function kindToUrl(serviceId: string, priceKind: string): void {
  location.hash = `#/service/${encodeURIComponent(serviceId)}?price_kind=${encodeURIComponent(priceKind)}`;
}

/** A submitted search goes into the URL, so the browser's Back and a shared link show it again. */
function searchToUrl(event: CustomEvent<{ q: string; city: string }>): void {
  const params = new URLSearchParams();
  if (event.detail.q) params.set('q', event.detail.q);
  if (event.detail.city) params.set('city', event.detail.city);
  const hash = `#/search${params.size > 0 ? `?${params}` : ''}`;
  if (location.hash !== hash) location.hash = hash;
}

/** The price changes' filters go into the URL, so a reload, Back and a shared link list the same changes. */
function priceChangesToUrl(event: CustomEvent<PriceChangesFilter>): void {
  const query = filterToQuery(event.detail);
  const hash = `#/admin${query.size > 0 ? `?${query}` : ''}`;
  if (location.hash !== hash) location.hash = hash;
}

/** The queue's filters go into the URL, so a reload in the middle of the queue, Back and a shared link keep them. */
function queueFiltersToUrl(event: CustomEvent<QueueFiltersChangeDetail>): void {
  const query = queueFiltersToQuery(event.detail.filters);
  const hash = `#/queue${query.size > 0 ? `?${query}` : ''}`;
  if (location.hash !== hash) location.hash = hash;
}

/** Every screen of the app, in navigation order. The first one is the start page. */
export const routes: readonly Route[] = [
  {
    path: '/search',
    nav: nav.search,
    render: ({ apiBase, query }) => {
      lastSearchHash = `#/search${query.size > 0 ? `?${query}` : ''}`;
      return html`<pricecat-search api-base=${apiBase} q=${query.get('q') ?? ''} city=${query.get('city') ?? ''}
        service-href="#/service/{id}" @pricecat-search-change=${searchToUrl}></pricecat-search>`;
    },
  },
  {
    path: '/service/:id',
    render: ({ apiBase, params, query }) =>
      html`<p><a href=${lastSearchHash}>← ${messages.app.back}</a></p>
        <pricecat-comparison api-base=${apiBase} service-id=${params.id ?? ''}
          price-kind=${toPriceKind(query.get('price_kind'))}
          @pricecat-price-kind-change=${(event: CustomEvent<{ priceKind: string }>) =>
            kindToUrl(params.id ?? '', event.detail.priceKind)}></pricecat-comparison>`,
  },
  { path: '/dashboard', nav: nav.dashboard, render: ({ apiBase }) => html`<pricecat-dashboard api-base=${apiBase}></pricecat-dashboard>` },
  {
    path: '/upload',
    nav: nav.upload,
    render: ({ apiBase }) => html`<h2>${messages.upload.title}</h2>
      <pricecat-upload api-base=${apiBase}></pricecat-upload>`,
  },
  {
    path: '/queue',
    nav: nav.queue,
    render: ({ apiBase, query }) => html`<h2>${messages.queue.title}</h2>
      <pricecat-queue api-base=${apiBase} .filters=${queueFiltersFromQuery(query)}
        @pricecat-queue-filters-change=${queueFiltersToUrl}></pricecat-queue>`,
  },
  {
    path: '/unmatched',
    nav: nav.unmatched,
    render: ({ apiBase, query }) => html`<h2>${messages.unmatched.title}</h2>
      <pricecat-unmatched api-base=${apiBase} status=${query.get('status') ?? ''} q=${query.get('q') ?? ''}
        clinic-id=${query.get('clinic_id') ?? ''}></pricecat-unmatched>`,
  },
  {
    path: '/proposals',
    nav: nav.proposals,
    render: ({ apiBase }) => html`<h2>${messages.proposals.title}</h2>
      <pricecat-proposals api-base=${apiBase}></pricecat-proposals>`,
  },
  {
    path: '/decisions',
    nav: nav.decisions,
    render: ({ apiBase }) => html`<h2>${messages.decisions.title}</h2>
      <pricecat-decisions api-base=${apiBase}></pricecat-decisions>`,
  },
  {
    path: '/admin',
    nav: nav.admin,
    render: ({ apiBase, query }) => {
      // `live`: compared with the element's own filters, which the user may have changed since the last render.
      const filter = filterFromQuery(query);
      return html`<h2>${messages.app.admin}</h2>
        <div class="admin-grid">
          <pricecat-autoload-card api-base=${apiBase}></pricecat-autoload-card>
          <div class="admin-export"><pricecat-export-button api-base=${apiBase}></pricecat-export-button></div>
          <pricecat-price-changes api-base=${apiBase} .threshold=${live(filter.threshold)} .city=${live(filter.city)}
            .clinicId=${live(filter.clinicId)} .priceKind=${live(filter.priceKind)} service-href="#/service/{id}?price_kind={kind}"
            @pricecat-price-changes-filter-change=${priceChangesToUrl}></pricecat-price-changes>
        </div>`;
    },
  },
];

/** The route matching a hash such as `#/service/s1?price_kind=nonresident`, with its parameters. */
export function matchRoute(
  hash: string,
  table: readonly Route[] = routes,
): { route: Route; params: Record<string, string>; query: URLSearchParams } | undefined {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?', 2);
  const segments = (path || '/').split('/').filter(Boolean);
  for (const route of table) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = safeDecode(segment);
        return true;
      }
      return part === segment;
    });
    if (matches) return { route, params, query: new URLSearchParams(search) };
  }
  return undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
