/**
 * A typed client of the pricecat HTTP API. Every element builds one from its `api-base` attribute; the
 * base may be relative (`./api`, resolved against the page, so a reverse-proxy prefix keeps working) or
 * absolute (another origin, for a portal embedding the elements).
 *
 * @module
 */
import { messages } from '../i18n/messages.js';
import { askForToken, authHeaders } from './auth-token.js';
import { ApiError, errorFromAnswer, networkError } from './errors.js';
import type {
  ClinicSummary,
  IngestJob,
  Page,
  Position,
  PriceKind,
  PriceList,
  SearchHit,
  SearchPage,
  ServiceComparison,
  Stats,
} from '@pricecat/core/contract';

/** Query parameters; `undefined` and `''` are left out. */
export type QueryParams = Readonly<Record<string, string | number | undefined>>;

/**
 * The API under one base URL. Calls `fetch` at call time, so a page's own fetch wrappers apply.
 *
 * Elements pass their base as a function (`() => this.apiBase`) and the first request of a client waits one
 * task before it reads it: a page that loads the elements and then sets `api-base` (after `await import(…)`)
 * has set it by then, so no request goes to the default `/api` of a page that has none.
 */
export class PricecatApi {
  readonly #base: () => string;
  #firstRequest: Promise<void> | undefined;

  constructor(
    /** `api-base` as given: `/api`, `./api`, `https://host/pricecat/api`; or a function reading it when needed. */
    base: string | (() => string),
  ) {
    this.#base = typeof base === 'string' ? () => base : base;
  }

  /** The base URL as it is now. */
  get base(): string {
    return this.#base();
  }

  /** A full URL of an API path, e.g. `url('export.xlsx')`; relative bases stay relative to the page. */
  url(path: string, params: QueryParams = {}): string {
    const base = this.base.replace(/\/+$/, '');
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== '') search.set(key, String(value));
    }
    const query = search.toString();
    return `${base}/${path.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
  }

  /** `GET path` as JSON; throws {@link ApiError} with a Russian message on any failure. */
  get<T>(path: string, params: QueryParams = {}, signal?: AbortSignal): Promise<T> {
    return this.request<T>(() => this.url(path, params), { headers: { accept: 'application/json' }, signal }, signal);
  }

  /**
   * `POST path` with a JSON body, answered with JSON; throws {@link ApiError} like {@link get}. Used by the
   * operator screens (queue decisions, settings, scan).
   */
  post<T>(path: string, body: unknown = {}, signal?: AbortSignal): Promise<T> {
    const init: RequestInit = {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    };
    return this.request<T>(() => this.url(path), init, signal);
  }

  /**
   * One request answered with JSON; network failures, error answers and non-JSON become {@link ApiError}s.
   * A 401 asks the user for the API token once and repeats the request with it.
   */
  private async request<T>(urlOf: () => string, init: RequestInit, signal: AbortSignal | undefined, mayAsk = true): Promise<T> {
    await (this.#firstRequest ??= new Promise((resolve) => setTimeout(resolve, 0)));
    signal?.throwIfAborted();
    const url = urlOf();
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), ...authHeaders() } });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw networkError(error);
    }
    const text = await response.text();
    if (response.status === 401 && mayAsk && (await askForToken())) return this.request<T>(() => url, init, signal, false);
    if (!response.ok) throw errorFromAnswer(response.status, text);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError('BAD_ANSWER', messages.errors.badAnswer, response.status);
    }
  }

  /** Services matching `q` (case-insensitive), with price summaries. */
  async search(q: string, options: { city?: string; limit?: number } = {}, signal?: AbortSignal): Promise<SearchHit[]> {
    const answer = await this.get<{ items: SearchHit[] }>('search', { q, city: options.city, limit: options.limit }, signal);
    return answer.items;
  }

  /** A page of services matching `q` (typos and abbreviations tolerated), with the true count. */
  searchPage(q: string, options: { city?: string; limit?: number; offset?: number } = {}, signal?: AbortSignal): Promise<SearchPage> {
    return this.get<SearchPage>('search', { q, city: options.city, limit: options.limit, offset: options.offset }, signal);
  }

  /** An ingest job as it goes (`GET /ingest-jobs/{id}`). */
  ingestJob(jobId: string, signal?: AbortSignal): Promise<IngestJob> {
    return this.get<IngestJob>(`ingest-jobs/${encodeURIComponent(jobId)}`, {}, signal);
  }

  /**
   * One row per clinic for a service; `poolClass`: the service's duplicate entries in the dictionary (the same service
   * under several specialties) are compared with it as one service.
   */
  compare(serviceId: string, options: { priceKind?: PriceKind; city?: string; poolClass?: boolean } = {}, signal?: AbortSignal) {
    return this.get<ServiceComparison>(
      `services/${encodeURIComponent(serviceId)}/partners`,
      { price_kind: options.priceKind, city: options.city, pool_class: options.poolClass ? 'true' : undefined },
      signal,
    );
  }

  /** Positions, filtered (see `GET /positions`). */
  positions(filter: QueryParams, signal?: AbortSignal) {
    return this.get<Page<Position>>('positions', filter, signal);
  }

  /** Every ingested document, oldest first. */
  async priceLists(signal?: AbortSignal): Promise<PriceList[]> {
    return (await this.get<{ items: PriceList[] }>('price-lists', {}, signal)).items;
  }

  /** Clinics, paged. */
  partners(filter: QueryParams = {}, signal?: AbortSignal) {
    return this.get<Page<ClinicSummary>>('partners', filter, signal);
  }

  /** The figures of the dashboard. */
  stats(signal?: AbortSignal) {
    return this.get<Stats>('stats', {}, signal);
  }
}
