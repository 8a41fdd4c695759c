/** Browser storage keys (spec §3) and the signed-in session kept under them. */
import type { Schema } from './api-types';

export const KEYS = {
  token: 'auth-token',
  refresh: 'refresh_token',
  name: 'name',
  email: 'email',
  avatar: 'avatar',
  type: 'type',
  userId: 'user_id',
  lang: 'app-lang',
  theme: 'app-theme',
} as const;

/** The seven values that make up a session; `app-lang` and `app-theme` are not among them. */
export const SESSION_KEYS = [
  KEYS.token,
  KEYS.refresh,
  KEYS.name,
  KEYS.email,
  KEYS.avatar,
  KEYS.type,
  KEYS.userId,
] as const;

export type UserType = Schema<'UserType'>;

export type SessionUser = Schema<'SessionUser'>;

export interface Session {
  token: string;
  name: string;
  email: string;
  avatar: string | null;
  /** The stored type as is; it may be any string (menus treat unknown values as student). */
  type: string;
  userId: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): the session lives only in memory for this page */
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called whenever the stored session changes (sign-in, refresh, sign-out, profile edit). */
export function onSessionChange(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function emit(): void {
  listeners.forEach((fn) => fn());
}

export function getToken(): string | null {
  return read(KEYS.token);
}

export function getRefreshToken(): string | null {
  return read(KEYS.refresh);
}

export function setToken(access: string): void {
  write(KEYS.token, access);
  emit();
}

export function setTokens(access: string, refresh: string): void {
  write(KEYS.token, access);
  write(KEYS.refresh, refresh);
  emit();
}

export function storeLogin(access: string, refresh: string, user: SessionUser): void {
  write(KEYS.token, access);
  write(KEYS.refresh, refresh);
  write(KEYS.name, user.name);
  write(KEYS.email, user.email);
  write(KEYS.avatar, user.avatar ?? '');
  write(KEYS.type, user.type);
  write(KEYS.userId, String(user.id));
  emit();
}

export function storeProfileBits(name: string, avatar: string | null): void {
  write(KEYS.name, name);
  write(KEYS.avatar, avatar ?? '');
  emit();
}

/** Removes exactly the seven session values. */
export function clearSession(): void {
  SESSION_KEYS.forEach((k) => write(k, null));
  emit();
}

/**
 * Why the server ended the session (issue 21), kept for the sign-in page to say so: in
 * sessionStorage, since it belongs to this tab's next page only.
 */
export type SignOutReason = 'account_deactivated' | 'session_ended';
const SIGN_OUT_REASON = 'signed-out-reason';

export function rememberSignOutReason(reason: SignOutReason): void {
  try {
    window.sessionStorage.setItem(SIGN_OUT_REASON, reason);
  } catch {
    /* storage unavailable: the sign-in page says nothing */
  }
}

/** The reason, once: reading it forgets it. */
export function takeSignOutReason(): SignOutReason | null {
  try {
    const r = window.sessionStorage.getItem(SIGN_OUT_REASON);
    window.sessionStorage.removeItem(SIGN_OUT_REASON);
    return r === 'account_deactivated' || r === 'session_ended' ? r : null;
  } catch {
    return null;
  }
}

export function readSession(): Session | null {
  const token = read(KEYS.token);
  if (!token) return null;
  return {
    token,
    name: read(KEYS.name) ?? '',
    email: read(KEYS.email) ?? '',
    avatar: read(KEYS.avatar) || null,
    type: read(KEYS.type) ?? '',
    userId: read(KEYS.userId) ?? '',
  };
}

export type Lang = 'ar' | 'en';
export type Theme = 'light' | 'dark';

export function readLang(): Lang {
  return read(KEYS.lang) === 'en' ? 'en' : 'ar';
}

export function writeLang(lang: Lang): void {
  write(KEYS.lang, lang);
}

export function readTheme(): Theme {
  const t = read(KEYS.theme);
  if (t === 'light' || t === 'dark') return t;
  try {
    return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function writeTheme(theme: Theme): void {
  write(KEYS.theme, theme);
}
