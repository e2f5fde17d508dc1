/**
 * Test support (browser side): stubs the network boundary, `fetch`, with answers a test declares per API
 * path, and mounts elements. The elements under test run unchanged. Not a test file and not shipped.
 *
 * The stub holds to the API's contract (`@pricecat/core/contract`): a path the route table lacks, a JSON
 * answer with a field the route's schema does not have (or of another type), and a POST body the route
 * would refuse are recorded, and `restore()` (called by `cleanup()` in each test's `afterEach`) throws them, so a test of an
 * element cannot pass on a wire shape the server does not speak. Answers may leave fields out (an
 * element reads only some); typed fixtures (`QueueItem`, `Stats`, …) are complete by their types.
 *
 * @module
 */
import { describeIssues, exactShape, findRoute, routes, type RouteSpec } from '@pricecat/core/contract';

/** What a stubbed route sees of a request besides its URL. */
export interface FakeRequest {
  readonly method: string;
  /** The JSON body of a POST, parsed; `undefined` for none. */
  readonly body: unknown;
}

/** An answer: a JSON body (status 200), or a full `Response` for errors; a function may return a promise of either. */
export type FakeAnswer = unknown | Response | ((url: URL, request: FakeRequest) => unknown | Response);

/** Requests the stub received. */
export interface FakeApi {
  readonly requests: URL[];
  /** The requests whose path ends with `path`. */
  calls(path: string): URL[];
  /** The parsed JSON bodies of the POST requests to `path`, in order. */
  posted(path: string): unknown[];
  restore(): void;
}

/**
 * Replaces `fetch` until `restore()`: a request for `…/api/<key>` (the path after the last `/api/`,
 * decoded) gets `answers[key]`; any other request gets a 404 in the API's error format.
 */
export function fakeApi(answers: Readonly<Record<string, FakeAnswer>>): FakeApi {
  const original = globalThis.fetch;
  const requests: URL[] = [];
  const posts: { url: URL; body: unknown }[] = [];
  const violations: string[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    requests.push(url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (method === 'POST') posts.push({ url, body });
    const key = Object.keys(answers).find((path) => apiPath(url) === path);
    if (key === undefined) return jsonError(404, 'NOT_FOUND', `No route ${url.pathname}`);
    // Matched undecoded: an id may hold an encoded `/`.
    const route = findRoute(method, url.pathname.slice(url.pathname.lastIndexOf('/api/') + '/api'.length));
    const spec: RouteSpec | undefined = route === undefined ? undefined : routes[route];
    if (spec === undefined) violations.push(`${method} /${apiPath(url)} is not a route of the API`);
    else if (spec.body) check(violations, `${method} /${apiPath(url)} body`, spec.body, body, false);
    let answer = answers[key];
    if (typeof answer === 'function') answer = (answer as (url: URL, request: FakeRequest) => unknown)(url, { method, body });
    // A route may answer later (a promise), to show what the element does while it waits.
    answer = await answer;
    if (answer instanceof Response) return answer;
    if (spec && 'safeParse' in spec.response) check(violations, `${method} /${apiPath(url)} answer`, spec.response, answer, true);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const stub: FakeApi = {
    requests,
    calls: (path) => requests.filter((url) => apiPath(url) === path),
    posted: (path) => posts.filter((post) => apiPath(post.url) === path).map((post) => post.body),
    restore: () => {
      installed.splice(installed.indexOf(stub) >>> 0, 1);
      globalThis.fetch = original;
      if (violations.length > 0) throw new Error(`The fake API broke the contract:\n${violations.join('\n')}`);
    },
  };
  installed.push(stub);
  return stub;
}

/** The stubs not restored yet, newest last: `cleanup()` restores them. */
const installed: FakeApi[] = [];

/** Records why `value` does not fit `schema` (strict objects; `partial`: fields may be left out). */
function check(violations: string[], what: string, schema: Parameters<typeof exactShape>[0], value: unknown, partial: boolean): void {
  const parsed = exactShape(schema, { partial }).safeParse(value);
  if (!parsed.success) violations.push(`${what}: ${describeIssues(parsed.error)}`);
}

/** The path of a request after its last `/api/`, decoded: `services/s1/partners`. */
function apiPath(url: URL): string {
  const path = decodeURIComponent(url.pathname);
  return path.slice(path.lastIndexOf('/api/') + '/api/'.length);
}

/** An error answer in the API's format `{"error":{code,message}}`. */
export function jsonError(
  status: number,
  code: string,
  message: string,
  catalogued?: { readonly message_code: string; readonly params: Readonly<Record<string, string | number>> },
): Response {
  return new Response(JSON.stringify({ error: { code, message, ...catalogued } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Appends `markup` to the document and returns its first element, removed again by `cleanup()`. */
export function mount<T extends HTMLElement>(markup: string): T {
  const holder = document.createElement('div');
  holder.className = 'test-holder';
  holder.innerHTML = markup;
  document.body.append(holder);
  return holder.firstElementChild as T;
}

/**
 * After each test (`afterEach(cleanup)`): removes everything {@link mount} added, then restores `fetch` from every
 * {@link fakeApi} still installed, newest first, throwing what they recorded against the contract.
 */
export function cleanup(): void {
  for (const holder of document.querySelectorAll('.test-holder')) holder.remove();
  while (installed.length > 0) installed[installed.length - 1]!.restore();
}

/** The text of a host's shadow root (or of a plain element), whitespace collapsed (no-break spaces kept). */
export function shadowText(element: Element): string {
  return ((element.shadowRoot ?? element).textContent ?? '').replace(/[ \t\n\r]+/g, ' ').trim();
}

/** `querySelector` inside the shadow root; throws when absent so a test fails with a clear message. */
export function $<T extends Element = HTMLElement>(element: Element, selector: string): T {
  const found = element.shadowRoot?.querySelector<T>(selector);
  if (!found) throw new Error(`${element.tagName.toLowerCase()} has no ${selector}`);
  return found;
}

/** All matches inside the shadow root. */
export function $$<T extends Element = HTMLElement>(element: Element, selector: string): T[] {
  return [...(element.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
}

/** Types `text` into an input the way a user does: value set, `input` event fired. */
export function typeInto(input: HTMLInputElement, text: string): void {
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}
