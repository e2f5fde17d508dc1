/**
 * The API token of a server that asks for one (`PRICECAT_TOKEN`): asked once, after the first 401, and
 * kept in `localStorage`, so the analyst types it once per browser. Sent as `Authorization: Bearer …`.
 *
 * @module
 */
import { messages } from '../i18n/messages.js';

const STORAGE_KEY = 'pricecat-token';

/** The stored token, or null (none yet, or storage blocked). */
export function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The `Authorization` header for the stored token; empty without one. */
export function authHeaders(): Record<string, string> {
  const token = storedToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

let asking: Promise<boolean> | null = null;

/**
 * After a 401: asks the user for the token (once, however many requests failed together) and stores
 * it. Resolves true when a token was entered, so the caller repeats its request; false when the user
 * cancelled (the 401 then reaches the element as an error).
 */
export function askForToken(): Promise<boolean> {
  asking ??= Promise.resolve()
    .then(() => {
      const hadToken = storedToken() !== null;
      const answer = globalThis.prompt?.(hadToken ? messages.auth.wrongToken : messages.auth.askToken)?.trim();
      if (!answer) return false;
      try {
        globalThis.localStorage?.setItem(STORAGE_KEY, answer);
      } catch {
        return false;
      }
      return true;
    })
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** Forgets the stored token (a wrong one, or on «выйти»). */
export function forgetToken(): void {
  try {
    globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: nothing stored either
  }
}
