import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvent, useLiveResync } from '@/lib/realtime';
import { unreadCount } from '../api/admin';

/**
 * The number of unread contact messages, kept current by the `badge.contact` live event (sent
 * on a new message and whenever one is read or its status changes) and reloaded on resync. A
 * fetch that answers after a live event is older than it and is ignored.
 */
export function useUnreadMessages(): number {
  const [count, setCount] = useState(0);
  const liveSeen = useRef(0);
  const load = useCallback(() => {
    const mark = liveSeen.current;
    unreadCount()
      .then((n) => {
        if (liveSeen.current === mark) setCount(n);
      })
      .catch((e) => console.warn('unread contact count failed', e));
  }, []);
  useEffect(load, [load]);
  useLiveResync(load);
  useLiveEvent(['badge.contact'], (e) => {
    const n = e.payload.count;
    if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) {
      liveSeen.current += 1;
      setCount(n);
    }
  });
  return count;
}
