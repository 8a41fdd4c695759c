import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '@/lib/api-client';
import { useLiveEvent, useLiveResync } from '@/lib/realtime';
import { badgeCount } from './questions';

/**
 * Unread contact messages for the supervisor's "Admin panel" badge: fetched once, then kept
 * current by `badge.contact` events (sent on a new message and whenever one is read or handled).
 * A fetch that answers after a live event is older than it and is ignored.
 */
export function useUnreadContactCount(enabled: boolean): number {
  const [count, setCount] = useState(0);
  const liveSeen = useRef(0);

  const load = useCallback((signal: { live: boolean }) => {
    const mark = liveSeen.current;
    apiFetch<{ count?: unknown }>('admin/contact-messages/unread-count')
      .then((res) => {
        const n = badgeCount(res ?? {});
        if (signal.live && liveSeen.current === mark && n !== null) setCount(n);
      })
      .catch((e) => console.warn('unread contact count failed', e));
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const signal = { live: true };
    load(signal);
    return () => {
      signal.live = false;
    };
  }, [enabled, load]);

  useLiveResync(() => {
    if (enabled) load({ live: true });
  });

  useLiveEvent(['badge.contact'], (e) => {
    if (!enabled) return;
    const n = badgeCount(e.payload);
    if (n === null) return;
    liveSeen.current += 1;
    setCount(n);
  });

  return count;
}
