import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { __resetForTests, ApiError, apiFetch, logout } from './api-client';
import { setNavigator } from './navigation';
import { KEYS, SESSION_KEYS } from './storage';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let calls: Call[];
let navigate: ReturnType<typeof vi.fn>;

/** Installs a fake fetch; `handler` answers each call. */
function server(handler: (c: Call, n: number) => Response | Promise<Response>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const c: Call = {
        url,
        method: init.method ?? 'GET',
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(c);
      return handler(c, calls.length);
    }),
  );
}

function signIn(token = 'old-access', refresh = 'the-refresh') {
  localStorage.setItem(KEYS.token, token);
  localStorage.setItem(KEYS.refresh, refresh);
  localStorage.setItem(KEYS.name, 'Mona');
  localStorage.setItem(KEYS.email, 'mona@example.org');
  localStorage.setItem(KEYS.avatar, '/media/avatars/m.png');
  localStorage.setItem(KEYS.type, 'student');
  localStorage.setItem(KEYS.userId, '7');
  localStorage.setItem(KEYS.lang, 'en');
  localStorage.setItem(KEYS.theme, 'dark');
}

beforeEach(() => {
  __resetForTests();
  navigate = vi.fn();
  setNavigator(navigate as unknown as (p: string) => void);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('headers', () => {
  it('sends an empty bearer token, Arabic by default, and JSON when signed out', async () => {
    server(() => json(200, { status: 'ok' }));
    await apiFetch('health');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/health');
    expect(calls[0].headers.Authorization).toBe('Bearer ');
    expect(calls[0].headers['Accept-Language']).toBe('ar');
    expect(calls[0].headers['Content-Type']).toBe('application/json');
  });

  it('sends the stored token and language', async () => {
    signIn('tok-1');
    server(() => json(200, {}));
    await apiFetch('/api/profile');
    expect(calls[0].url).toBe('/api/profile');
    expect(calls[0].headers.Authorization).toBe('Bearer tok-1');
    expect(calls[0].headers['Accept-Language']).toBe('en');
  });

  it('sends multipart without a JSON content type', async () => {
    signIn();
    server(() => json(200, {}));
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiFetch('profile/avatar', { method: 'POST', form });
    expect(calls[0].headers['Content-Type']).toBeUndefined();
    expect(calls[0].body).toBe(form);
  });
});

describe('401 handling', () => {
  it('refreshes once without Authorization, stores the new token and repeats the request once', async () => {
    signIn('expired');
    server((c) => {
      if (c.url === '/api/auth/token/refresh') return json(200, { access: 'fresh' });
      if (c.headers.Authorization === 'Bearer fresh') return json(200, { name: 'Mona' });
      return json(401, { code: 'unauthorized', message: 'expired' });
    });
    const res = await apiFetch<{ name: string }>('profile');
    expect(res.name).toBe('Mona');
    expect(calls.map((c) => c.url)).toEqual(['/api/profile', '/api/auth/token/refresh', '/api/profile']);
    const refresh = calls[1];
    expect(refresh.method).toBe('POST');
    expect(refresh.headers.Authorization).toBeUndefined();
    expect(refresh.body).toEqual({ refresh: 'the-refresh' });
    expect(localStorage.getItem(KEYS.token)).toBe('fresh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries at most once: a second 401 after a refresh is thrown, not refreshed again', async () => {
    signIn('expired');
    server((c) => (c.url === '/api/auth/token/refresh' ? json(200, { access: 'fresh' }) : json(401, { code: 'unauthorized', message: 'no' })));
    await expect(apiFetch('profile')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(calls.map((c) => c.url)).toEqual(['/api/profile', '/api/auth/token/refresh', '/api/profile']);
    // The session is kept: the refresh itself worked.
    expect(localStorage.getItem(KEYS.token)).toBe('fresh');
  });

  it('a failed refresh clears exactly the seven session values and goes to /login', async () => {
    signIn('expired');
    server((c) => (c.url === '/api/auth/token/refresh' ? json(401, { code: 'invalid_token', message: 'bad' }) : json(401, { code: 'unauthorized', message: 'x' })));
    await expect(apiFetch('profile')).rejects.toBeInstanceOf(ApiError);
    // the refresh call is never itself retried or refreshed
    expect(calls.map((c) => c.url)).toEqual(['/api/profile', '/api/auth/token/refresh']);
    for (const k of SESSION_KEYS) expect(localStorage.getItem(k)).toBeNull();
    expect(SESSION_KEYS).toHaveLength(7);
    expect(localStorage.getItem(KEYS.lang)).toBe('en');
    expect(localStorage.getItem(KEYS.theme)).toBe('dark');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a refresh that gets no answer (offline, aborted by a reload, a 5xx) keeps the session', async () => {
    for (const failure of [() => Promise.reject(new TypeError('Failed to fetch')), () => json(503, { code: 'unavailable', message: 'down' })]) {
      signIn('expired');
      navigate.mockClear();
      server((c) => (c.url === '/api/auth/token/refresh' ? failure() : json(401, { code: 'unauthorized', message: 'x' })));
      await expect(apiFetch('profile')).rejects.toMatchObject({ status: 401 });
      expect(localStorage.getItem(KEYS.token)).toBe('expired');
      expect(localStorage.getItem(KEYS.refresh)).toBe('the-refresh');
      expect(navigate).not.toHaveBeenCalled();
    }
  });

  it('without a stored refresh token signs out without calling refresh', async () => {
    signIn('expired');
    localStorage.removeItem(KEYS.refresh);
    server(() => json(401, { code: 'unauthorized', message: 'x' }));
    await expect(apiFetch('profile')).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((c) => c.url)).toEqual(['/api/profile']);
    expect(localStorage.getItem(KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('concurrent 401s share one refresh and each request is repeated once', async () => {
    signIn('expired');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server(async (c) => {
      if (c.url === '/api/auth/token/refresh') {
        await gate;
        return json(200, { access: 'fresh' });
      }
      if (c.headers.Authorization === 'Bearer fresh') return json(200, { url: c.url });
      return json(401, { code: 'unauthorized', message: 'x' });
    });
    const all = Promise.all([apiFetch<{ url: string }>('profile'), apiFetch<{ url: string }>('notes'), apiFetch<{ url: string }>('notifications')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/api/auth/token/refresh')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10));
    release();
    const results = await all;
    expect(results.map((r) => r.url)).toEqual(['/api/profile', '/api/notes', '/api/notifications']);
    expect(calls.filter((c) => c.url === '/api/auth/token/refresh')).toHaveLength(1);
    expect(calls).toHaveLength(7);
  });

  it.each(['auth/login', 'auth/register', 'auth/activate', 'auth/activation/resend', 'auth/password/reset', 'auth/password/reset/confirm'])(
    'does not refresh on a 401 from %s',
    async (path) => {
      signIn();
      server(() => json(401, { code: 'invalid_credentials', message: 'email or Password is incorrect' }));
      await expect(apiFetch(path, { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 401,
        code: 'invalid_credentials',
        message: 'email or Password is incorrect',
      });
      expect(calls).toHaveLength(1);
      expect(localStorage.getItem(KEYS.token)).toBe('old-access');
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('a direct refresh call that fails is not retried', async () => {
    signIn();
    server(() => json(401, { code: 'invalid_token', message: 'x' }));
    await expect(apiFetch('auth/token/refresh', { method: 'POST', body: { refresh: 'r' } })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });
});

describe('errors', () => {
  it('throws a typed ApiError with status, code, message and field', async () => {
    server(() => json(409, { code: 'email_exists', message: 'This email is already exists please login with it', field: 'email' }));
    const err = await apiFetch('auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'email_exists', field: 'email', message: 'This email is already exists please login with it' });
  });

  it('survives a non-JSON error body', async () => {
    server(() => new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiFetch('health')).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });
});

describe('logout', () => {
  it('posts the refresh token, clears the session and goes to /login, even if the call fails', async () => {
    signIn('tok');
    server(() => json(500, { code: 'internal', message: 'x' }));
    await logout();
    expect(calls[0].url).toBe('/api/auth/logout');
    expect(calls[0].body).toEqual({ refresh: 'the-refresh' });
    for (const k of SESSION_KEYS) expect(localStorage.getItem(k)).toBeNull();
    expect(localStorage.getItem(KEYS.lang)).toBe('en');
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
