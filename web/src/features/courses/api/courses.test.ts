import { afterEach, describe, expect, it, vi } from 'vitest';
import { __resetForTests } from '@/lib/api-client';
import { KEYS } from '@/lib/storage';
import { ensureFreshSession, listCatalogue, tokenExpiry } from './courses';

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (exp: number) => `${b64url({ alg: 'HS256' })}.${b64url({ sub: 1, typ: 'student', iat: exp - 8, exp })}.sig`;

afterEach(() => {
  vi.unstubAllGlobals();
  __resetForTests();
});

describe('tokenExpiry', () => {
  it('reads exp from the access token, and null for anything else', () => {
    expect(tokenExpiry(jwt(1_900_000_000))).toBe(1_900_000_000);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(tokenExpiry('a.%%%.c')).toBeNull();
    expect(tokenExpiry(null)).toBeNull();
  });
});

describe('ensureFreshSession', () => {
  function server() {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ access: jwt(Math.floor(Date.now() / 1000) + 900), courses: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    return urls;
  }

  it('refreshes a signed-in token that has expired or is about to, before a course read', async () => {
    const urls = server();
    localStorage.setItem(KEYS.token, jwt(Math.floor(Date.now() / 1000) + 2));
    localStorage.setItem(KEYS.refresh, 'r');
    await ensureFreshSession();
    expect(urls).toEqual(['/api/auth/token/refresh']);
    expect(tokenExpiry(localStorage.getItem(KEYS.token))).toBeGreaterThan(Date.now() / 1000 + 800);
  });

  it('does nothing for a fresh token or a visitor', async () => {
    const urls = server();
    await ensureFreshSession();
    localStorage.setItem(KEYS.token, jwt(Math.floor(Date.now() / 1000) + 600));
    await ensureFreshSession();
    expect(urls).toEqual([]);
  });
});

describe('listCatalogue', () => {
  it('sends only the filters that are set', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ courses: [] }), { status: 200 });
      }),
    );
    await listCatalogue({ q: ' braille  ', category: '', level: 'beginner' });
    await listCatalogue({});
    expect(urls).toEqual(['/api/courses?q=braille&level=beginner', '/api/courses']);
  });
});
