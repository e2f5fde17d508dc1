/**
 * Origins as the access guard and CORS compare them: `https://portal.example` in lower case without a
 * trailing slash; `*` stands for any.
 *
 * @module
 */

/** The configured origins, normalised. */
export function normalizeOrigins(origins: readonly string[]): ReadonlySet<string> {
  return new Set(origins.map(normalizeOrigin));
}

/** True when `origin` is one of the configured origins (or `*` is). */
export function isConfiguredOrigin(origin: string, allowed: ReadonlySet<string>): boolean {
  return allowed.has('*') || allowed.has(normalizeOrigin(origin));
}

/** True for the page's own origin: `http(s)://` + the `Host` header the request was sent to. */
export function isSameOrigin(origin: string, hostHeader: string): boolean {
  try {
    const url = new URL(normalizeOrigin(origin));
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === hostHeader.trim().toLowerCase();
  } catch {
    return false; // `Origin: null` (sandboxed frames, file:// pages) and garbage
  }
}

function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}
