/**
 * Issue 21: a 401 that says the account was deactivated or the session ended is not refreshed
 * away. The client signs out at once and the sign-in page can say why.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { __resetForTests, ApiError, apiFetch } from './api-client';
import { setNavigator } from './navigation';
import { KEYS, takeSignOutReason } from './storage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let urls: string[];
let navigate: ReturnType<typeof vi.fn>;

function server(handler: (url: string, auth: string) => Response) {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      urls.push(url);
      return handler(url, (init.headers as Record<string, string>).Authorization ?? '');
    }),
  );
}

beforeEach(() => {
  __resetForTests();
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem(KEYS.token, 'old-access');
  localStorage.setItem(KEYS.refresh, 'the-refresh');
  localStorage.setItem(KEYS.userId, '7');
  navigate = vi.fn();
  setNavigator(navigate as unknown as (p: string) => void);
});

afterEach(() => vi.unstubAllGlobals());

describe('a session the server ended', () => {
  it.each(['account_deactivated', 'session_ended'] as const)('signs out at once on %s, without refreshing', async (code) => {
    server(() => json(401, { code, message: 'ended' }));
    await expect(apiFetch('profile')).rejects.toMatchObject({ status: 401, code });
    expect(urls).toEqual(['/api/profile']);
    expect(localStorage.getItem(KEYS.token)).toBeNull();
    expect(localStorage.getItem(KEYS.refresh)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(takeSignOutReason()).toBe(code);
    expect(takeSignOutReason()).toBeNull();
  });

  it('tries once more when another tab renewed the session meanwhile', async () => {
    server((_, auth) => {
      if (auth === 'Bearer old-access') {
        // The other tab's password change lands while this request is on its way.
        localStorage.setItem(KEYS.token, 'renewed-access');
        return json(401, { code: 'session_ended', message: 'ended' });
      }
      return json(200, { name: 'Mona' });
    });
    await expect(apiFetch('profile')).resolves.toEqual({ name: 'Mona' });
    expect(urls).toEqual(['/api/profile', '/api/profile']);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(KEYS.token)).toBe('renewed-access');
  });

  it('still refreshes an expired token as before', async () => {
    server((url, auth) => {
      if (url.endsWith('/token/refresh')) return json(200, { access: 'new-access' });
      return auth === 'Bearer new-access' ? json(200, { ok: true }) : json(401, { code: 'unauthorized', message: 'x' });
    });
    await expect(apiFetch('profile')).resolves.toEqual({ ok: true });
    expect(urls).toEqual(['/api/profile', '/api/auth/token/refresh', '/api/profile']);
    expect(takeSignOutReason()).toBeNull();
  });

  it('gives the caller the server error', async () => {
    server(() => json(401, { code: 'session_ended', message: 'Signed out' }));
    const err = await apiFetch('notes').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Signed out');
  });
});
