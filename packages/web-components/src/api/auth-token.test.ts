import { afterEach, describe, expect, it, vi } from 'vitest';
import { PricecatApi } from './client.js';
import { authHeaders, forgetToken, storedToken } from './auth-token.js';
import { messages } from '../i18n/messages.js';

describe('API token: asked once on a 401, stored, sent', () => {
  afterEach(() => {
    forgetToken();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the token on a 401, stores it and repeats the request with it', async () => {
    const seen: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>)['authorization'] ?? null;
      seen.push(auth);
      return auth === 'Bearer secret-token-0123456789'
        ? new Response('{"services": 1}', { status: 200 })
        : new Response('{"error":{"code":"UNAUTHORIZED","message":"token needed"}}', { status: 401 });
    });
    const ask = vi.spyOn(globalThis, 'prompt').mockReturnValue('secret-token-0123456789');
    const api = new PricecatApi('/api');
    expect(await api.post('settings', {})).toEqual({ services: 1 });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(ask).toHaveBeenCalledWith(messages.auth.askToken);
    expect(seen).toEqual([null, 'Bearer secret-token-0123456789']);
    expect(storedToken()).toBe('secret-token-0123456789');
    expect(authHeaders()).toEqual({ authorization: 'Bearer secret-token-0123456789' });
    await api.post('settings', {});
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('shows the Russian «ключ доступа» error when the user cancels the prompt', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"error":{"code":"UNAUTHORIZED","message":"token needed"}}', { status: 401 }));
    vi.spyOn(globalThis, 'prompt').mockReturnValue(null);
    await expect(new PricecatApi('/api').post('scan', {})).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: messages.errors.UNAUTHORIZED });
  });
});
