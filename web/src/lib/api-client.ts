/**
 * The one HTTP client (spec §4, §7). Every call goes to `/api/<path>` with
 * `Authorization: Bearer <auth-token>` (empty token when none), `Accept-Language` and JSON.
 * A 401 on a request not yet retried triggers one shared token refresh and one retry; a failed
 * refresh clears the session and goes to /login. A 401 that says the account was deactivated or
 * the session ended (issue 21) cannot be refreshed away: it signs out at once, and the sign-in
 * page says why. There is no timeout.
 */
import { navigateTo } from './navigation';
import {
  clearSession,
  getRefreshToken,
  getToken,
  readLang,
  rememberSignOutReason,
  setToken,
  type SignOutReason,
} from './storage';

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** Calls made without a session: a 401 from these is an answer, not an expired token. */
const UNAUTHENTICATED = new Set([
  'auth/login',
  'auth/register',
  'auth/activate',
  'auth/activation/resend',
  'auth/password/reset',
  'auth/password/reset/confirm',
  'auth/token/refresh',
]);

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of JSON (the browser sets the boundary). */
  form?: FormData;
  /** Read the answer as a Blob (a file, e.g. a PDF) instead of JSON; errors are still JSON. */
  blob?: boolean;
}

function normalise(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

function headers(withAuth: boolean, json: boolean, accept = 'application/json'): Record<string, string> {
  const h: Record<string, string> = { 'Accept-Language': readLang(), Accept: accept };
  if (withAuth) h.Authorization = `Bearer ${getToken() ?? ''}`;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

async function parseError(res: Response): Promise<ApiError> {
  let data: { code?: unknown; message?: unknown; field?: unknown } = {};
  try {
    data = (await res.json()) as typeof data;
  } catch {
    /* not JSON */
  }
  const code = typeof data.code === 'string' ? data.code : `http_${res.status}`;
  const message = typeof data.message === 'string' ? data.message : res.statusText || `HTTP ${res.status}`;
  const field = typeof data.field === 'string' ? data.field : undefined;
  return new ApiError(res.status, code, message, field);
}

async function parseBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * How a refresh ended: `refused` (the server said no: the session is over) or `unreachable`
 * (no answer: offline, a 5xx, or the page navigating away mid-request), which must not sign the
 * user out; the next request tries again.
 */
type RefreshOutcome = 'ok' | 'refused' | 'unreachable';

let refreshing: Promise<RefreshOutcome> | null = null;

/** One refresh for however many requests got a 401 at the same time. */
function refreshOnce(): Promise<RefreshOutcome> {
  if (!refreshing) {
    refreshing = doRefresh().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function doRefresh(): Promise<RefreshOutcome> {
  const refresh = getRefreshToken();
  if (!refresh) return 'refused';
  try {
    const res = await fetch(`${API_BASE}/auth/token/refresh`, {
      method: 'POST',
      headers: headers(false, true),
      body: JSON.stringify({ refresh }),
    });
    if (res.status >= 500) return 'unreachable';
    if (!res.ok) return 'refused';
    const data = (await res.json()) as { access?: unknown };
    if (typeof data.access !== 'string' || !data.access) return 'refused';
    setToken(data.access);
    return 'ok';
  } catch {
    return 'unreachable';
  }
}

/** 401 codes that end the session for good (issue 21): a refresh cannot help. */
const ENDED: ReadonlySet<string> = new Set<SignOutReason>(['account_deactivated', 'session_ended']);

function signOutToLogin(reason?: SignOutReason): void {
  clearSession();
  if (reason) rememberSignOutReason(reason);
  navigateTo('/login');
}

/** The server ended this session (a close code of the live socket says so): sign out and say why. */
export function endSession(reason: SignOutReason): void {
  signOutToLogin(reason);
}

export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const p = normalise(path);
  return send<T>(p, options, false);
}

async function send<T>(p: string, options: ApiOptions, retried: boolean): Promise<T> {
  const method = options.method ?? (options.body !== undefined || options.form ? 'POST' : 'GET');
  const isRefresh = p === 'auth/token/refresh';
  const init: RequestInit = {
    method,
    headers: headers(!isRefresh, !options.form, options.blob ? '*/*' : undefined),
  };
  if (options.form) init.body = options.form;
  else if (options.body !== undefined) init.body = JSON.stringify(options.body);

  const sentToken = getToken();
  const res = await fetch(`${API_BASE}/${p}`, init);
  if (res.ok) return options.blob ? ((await res.blob()) as T) : parseBody<T>(res);

  const err = await parseError(res);
  if (res.status === 401 && !UNAUTHENTICATED.has(p)) {
    if (ENDED.has(err.code)) {
      // Another tab of this browser may have just renewed the session (a password change there
      // ends the tokens of before): try once more with the stored token before signing out.
      if (!retried && getToken() !== sentToken) return send<T>(p, options, true);
      signOutToLogin(err.code as SignOutReason);
      throw err;
    }
    if (!retried) {
      const outcome = await refreshOnce();
      if (outcome === 'ok') return send<T>(p, options, true);
      if (outcome === 'refused') signOutToLogin();
    }
  }
  throw err;
}

/**
 * For the live socket, whose close code 4401 plays the part of a 401: the same shared refresh;
 * a failed refresh signs out and goes to /login, as for any request.
 */
export async function refreshOrSignOut(): Promise<boolean> {
  const outcome = await refreshOnce();
  if (outcome === 'ok') return true;
  if (outcome === 'refused') signOutToLogin();
  return false;
}

/** Signs out on the server (failure ignored), clears the session and goes to /login. */
export async function logout(): Promise<void> {
  const refresh = getRefreshToken();
  if (refresh) {
    try {
      await apiFetch('auth/logout', { method: 'POST', body: { refresh } });
    } catch {
      /* ignored: the local session is cleared anyway */
    }
  }
  signOutToLogin();
}

/** Only for tests: forget a refresh in flight. */
export function __resetForTests(): void {
  refreshing = null;
}
