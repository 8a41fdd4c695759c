/**
 * Live events shared by every feature (ARCHITECTURE "Realtime"). The socket itself lives in
 * `features/live` (one per tab, started by the dashboard layout); it hands each event to
 * `publishLive`, and any feature subscribes with `useLiveEvent` without importing that feature.
 *
 * Server → client on `/api/ws`:
 *   {"type":"event","id":N,"kind":"…","payload":{…},"created_at":"…"}
 *   {"type":"resumed","last_id":N}   after the replay that a resume asked for
 *   {"type":"pong"} · {"type":"error",…}
 * Client → server: {"type":"resume","after":<last id seen>} on every (re)connect.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface LiveEvent {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  created_at: string;
}

export type ServerMessage =
  | { type: 'event'; event: LiveEvent }
  | { type: 'resumed'; lastId: number }
  | { type: 'pong' }
  | { type: 'error'; code: string; message: string }
  | { type: 'unknown' };

/** Close codes the server uses (src/realtime/session.rs). */
export const CLOSE_BAD_TOKEN = 4401;
export const CLOSE_TOO_SLOW = 4008;
/** The account was deactivated by a supervisor: its refresh tokens are revoked too. */
export const CLOSE_DEACTIVATED = 4403;
/** The session's generation ended: a password change or reset, a type change, a sign-out everywhere else. */
export const CLOSE_SESSION_ENDED = 4410;

/** Parses one socket frame; anything malformed is `unknown` (ignored, never thrown). */
export function parseServerMessage(data: unknown): ServerMessage {
  if (typeof data !== 'string') return { type: 'unknown' };
  let m: Record<string, unknown>;
  try {
    const v: unknown = JSON.parse(data);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { type: 'unknown' };
    m = v as Record<string, unknown>;
  } catch {
    return { type: 'unknown' };
  }
  switch (m.type) {
    case 'event': {
      const { id, kind, payload, created_at } = m;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || typeof kind !== 'string') return { type: 'unknown' };
      const p = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
      return { type: 'event', event: { id, kind, payload: p, created_at: typeof created_at === 'string' ? created_at : '' } };
    }
    case 'resumed':
      return typeof m.last_id === 'number' ? { type: 'resumed', lastId: m.last_id } : { type: 'unknown' };
    case 'pong':
      return { type: 'pong' };
    case 'error':
      return { type: 'error', code: String(m.code ?? ''), message: String(m.message ?? '') };
    default:
      return { type: 'unknown' };
  }
}

/** Minimal storage interface, so the cursor runs on sessionStorage in a tab and on a map in tests. */
export interface CursorStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function safeSessionStorage(): CursorStorage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/**
 * Where this tab stopped: the id of the last event it has seen, per signed-in user. It lives in
 * memory and in sessionStorage (per tab, survives a reload; not shared with other tabs, which
 * each keep their own socket and cursor). Ids grow with the server's per-user order, so an id at
 * or below the cursor is a duplicate (a replay overlapping live delivery) and is dropped.
 */
export class LiveCursor {
  private last: number | null;
  private readonly key: string;
  private readonly storage: CursorStorage | null;

  constructor(userId: string, storage: CursorStorage | null = safeSessionStorage()) {
    this.key = `lamsa-live-last-id:${userId}`;
    this.storage = storage;
    let stored: number | null = null;
    try {
      const raw = storage?.getItem(this.key);
      const n = raw == null ? NaN : Number(raw);
      stored = Number.isSafeInteger(n) && n >= 0 ? n : null;
    } catch {
      stored = null;
    }
    this.last = stored;
  }

  /** The last id seen, or null when this tab has no starting point yet. */
  get lastId(): number | null {
    return this.last;
  }

  /**
   * Sets the starting point of a tab that has none (the newest event the server already has),
   * so a fresh tab does not replay — and announce — the user's whole history.
   */
  setBaseline(id: number): void {
    if (this.last === null) this.save(Math.max(0, Math.floor(id)));
  }

  /** The message to send on (re)connect. */
  resumeMessage(): { type: 'resume'; after: number } {
    return { type: 'resume', after: this.last ?? 0 };
  }

  /** True the first time an event id is seen (and moves the cursor); false for a duplicate. */
  accept(event: Pick<LiveEvent, 'id'>): boolean {
    if (this.last !== null && event.id <= this.last) return false;
    this.save(event.id);
    return true;
  }

  private save(id: number): void {
    this.last = id;
    try {
      this.storage?.setItem(this.key, String(id));
    } catch {
      /* storage full or unavailable: memory is enough for this page */
    }
  }
}

/** Reconnect delay after `attempt` consecutive failures: 1 s doubling to 30 s, with ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, Math.min(attempt, 10)));
  return Math.round(base * (0.8 + 0.4 * random()));
}

// ---------------------------------------------------------------------------------------------
// The in-tab bus: the socket publishes, features subscribe.

type Listener = (event: LiveEvent, info: { replayed: boolean }) => void;
const listeners = new Set<Listener>();

/** Hands an accepted (deduplicated) event to every subscriber in this tab. */
export function publishLive(event: LiveEvent, info: { replayed: boolean } = { replayed: false }): void {
  listeners.forEach((fn) => {
    try {
      fn(event, info);
    } catch (e) {
      console.error('live event handler failed', event.kind, e);
    }
  });
}

export function subscribeLive(fn: Listener): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/**
 * Calls `handler` for every live event of the given kinds (all kinds when omitted). The latest
 * handler is always used, so it may close over fresh state without resubscribing.
 */
export function useLiveEvent(kinds: string[] | null, handler: (event: LiveEvent) => void): void {
  const ref = useRef(handler);
  // A layout effect, so the handler is current as soon as a render is on screen: an event that
  // arrives before passive effects run must not see the state of an older render.
  useLayoutEffect(() => {
    ref.current = handler;
  });
  const key = kinds ? kinds.join(',') : '*';
  useEffect(() => {
    const wanted = key === '*' ? null : new Set(key.split(','));
    return subscribeLive((event) => {
      if (!wanted || wanted.has(event.kind)) ref.current(event);
    });
  }, [key]);
}

// A fresh tab starts its cursor at the server's newest event, fetched while pages load their own
// data; an event created between the two would be in neither. Once that first resume is done,
// the socket asks pages to load again ("resync"). Reconnects need none: the replay covers them.
const resyncListeners = new Set<() => void>();

export function publishResync(): void {
  resyncListeners.forEach((fn) => fn());
}

/** Outside React (the query cache): calls `fn` on every resync; returns the unsubscribe. */
export function subscribeResync(fn: () => void): () => void {
  resyncListeners.add(fn);
  return () => {
    resyncListeners.delete(fn);
  };
}

/** Calls `handler` when the page should reload its live data (see above). */
export function useLiveResync(handler: () => void): void {
  const ref = useRef(handler);
  // A layout effect, so the handler is current as soon as a render is on screen: an event that
  // arrives before passive effects run must not see the state of an older render.
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const fn = () => ref.current();
    resyncListeners.add(fn);
    return () => {
      resyncListeners.delete(fn);
    };
  }, []);
}

/** Connection state, for a quiet indicator in the notification centre. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';
