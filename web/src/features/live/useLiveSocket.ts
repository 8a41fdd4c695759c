/**
 * The tab's one live socket (react-use-websocket). Started by the dashboard layout only while
 * signed in; closed when the layout goes (sign-out, leaving the dashboard).
 *
 * - Connect: `GET /api/ws?token=<access token>`, the token read at each (re)connect, so a
 *   refreshed token never restarts a healthy socket. A tab without a cursor first asks the
 *   server for its newest event id, so it starts from "now" instead of replaying all history.
 * - On open: `{"type":"resume","after":<last id seen>}`; the server replays what was missed, in
 *   order, then `{"type":"resumed"}`, then live events. Ids at or below the cursor are dropped.
 * - Close 4401 (bad or expired token): one shared refresh through the api client (a failed
 *   refresh signs out), then reconnect. Close 4403 (account deactivated) and 4410 (session
 *   ended: a password change or reset, a type change, a sign-out everywhere else): sign out at
 *   once, and the sign-in page says why. Close 4008 (too slow): reconnect soon and resume.
 *   Anything else: reconnect with backoff (1 s doubling to 30 s, jittered), for ever.
 * - A `{"type":"ping"}` heartbeat every 30 s; a socket silent for 75 s is closed and reconnects.
 */
import { atom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
// The named export: the package is CommonJS, and its default export comes out wrapped twice in
// the production bundle ("default is not a function"), while Vitest unwraps it.
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket';
import { endSession, refreshOrSignOut } from '@/lib/api-client';
import {
  backoffDelay,
  CLOSE_BAD_TOKEN,
  CLOSE_DEACTIVATED,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_SLOW,
  LiveCursor,
  parseServerMessage,
  publishLive,
  publishResync,
  type LiveEvent,
  type LiveStatus,
} from '@/lib/realtime';
import { getToken } from '@/lib/storage';
import { latestEventId } from './api/notifications';
import { notices, noticesFor } from './notices';

export const liveStatusAtom = atom<LiveStatus>('connecting');

function socketUrl(token: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/ws?token=${encodeURIComponent(token)}`;
}

/** Render under `key={userId}`: the cursor belongs to one user. */
export function useLiveSocket(userId: string): void {
  const setStatus = useSetAtom(liveStatusAtom);
  const cursor = useRef<LiveCursor | null>(null);
  if (cursor.current === null) cursor.current = new LiveCursor(userId);
  const failures = useRef(0);
  const lastClose = useRef(0);
  const refreshing = useRef<Promise<boolean> | null>(null);
  const replaying = useRef(false);
  const replayed = useRef<LiveEvent[]>([]);
  const needsResync = useRef(false);
  const silentReplay = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    setStatus('connecting');
    return () => {
      mounted.current = false;
      setStatus('offline');
    };
  }, [setStatus]);

  // A stable function: react-use-websocket calls it at every (re)connect.
  const getUrl = useCallback(async () => {
    if (refreshing.current) {
      const ok = await refreshing.current;
      refreshing.current = null;
      if (!ok) throw new Error('signed out');
    }
    const c = cursor.current!;
    if (c.lastId === null) {
      try {
        c.setBaseline(await latestEventId());
        needsResync.current = true;
      } catch (e) {
        // Without a starting point the resume goes from 0: pages get the whole history (they
        // apply it idempotently), but it is not told to the user as new.
        console.warn('notifications baseline failed', e);
        silentReplay.current = true;
      }
    }
    const token = getToken();
    if (!token) throw new Error('signed out');
    return socketUrl(token);
  }, []);

  const flushReplay = useCallback(() => {
    const batch = replayed.current;
    replayed.current = [];
    replaying.current = false;
    if (silentReplay.current) silentReplay.current = false;
    else if (batch.length) notices.add(noticesFor(batch, true));
  }, []);

  useWebSocket(getUrl, {
    onOpen: (e) => {
      replaying.current = true;
      replayed.current = [];
      (e.target as WebSocket).send(JSON.stringify(cursor.current!.resumeMessage()));
    },
    onMessage: (e) => {
      const msg = parseServerMessage(e.data);
      if (msg.type === 'event') {
        if (!cursor.current!.accept(msg.event)) return;
        publishLive(msg.event, { replayed: replaying.current });
        if (replaying.current) replayed.current.push(msg.event);
        else notices.add(noticesFor([msg.event], false));
      } else if (msg.type === 'resumed') {
        failures.current = 0;
        setStatus('live');
        flushReplay();
        if (needsResync.current) {
          needsResync.current = false;
          publishResync();
        }
      } else if (msg.type === 'error') {
        console.warn('live socket error message', msg.code, msg.message);
      }
    },
    onClose: (e) => {
      if (!mounted.current) return;
      lastClose.current = e.code;
      flushReplay();
      failures.current += 1;
      setStatus('reconnecting');
      if (e.code === CLOSE_DEACTIVATED) endSession('account_deactivated');
      else if (e.code === CLOSE_SESSION_ENDED) endSession('session_ended');
      else if (e.code === CLOSE_BAD_TOKEN && !refreshing.current) refreshing.current = refreshOrSignOut();
    },
    // Never let the library keep a message as React state: events are handled in onMessage.
    filter: () => false,
    shouldReconnect: () => mounted.current,
    reconnectAttempts: Number.POSITIVE_INFINITY,
    reconnectInterval: () => {
      const n = failures.current;
      if ((lastClose.current === CLOSE_BAD_TOKEN || lastClose.current === CLOSE_TOO_SLOW) && n <= 1) return 250;
      return backoffDelay(n - 1);
    },
    retryOnError: false,
    heartbeat: { message: '{"type":"ping"}', returnMessage: '{"type":"pong"}', interval: 30_000, timeout: 75_000 },
  });
}
