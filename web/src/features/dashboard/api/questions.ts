import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '@/lib/api-client';
import { useLiveEvent, useLiveResync } from '@/lib/realtime';

/** Unanswered-question count for the instructor badge: 0 if missing; a failure is only logged. */
export async function fetchUnansweredCount(): Promise<number> {
  try {
    const res = await apiFetch<{ count?: unknown }>('question/instructor/count');
    return typeof res?.count === 'number' && res.count > 0 ? res.count : 0;
  } catch (e) {
    console.warn('question/instructor/count failed', e);
    return 0;
  }
}

/** The count carried by a `badge.questions` event, or null when it has none. */
export function badgeCount(payload: Record<string, unknown>): number | null {
  const n = payload.count;
  return typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.floor(n)) : null;
}

/**
 * The instructor's unanswered-question count: fetched once (spec §7), then kept current by the
 * server's `badge.questions` events, which every open tab of that instructor receives. A fetch
 * that answers after a live event would be older than it, so it is ignored.
 */
export function useUnansweredCount(enabled: boolean): number {
  const [count, setCount] = useState(0);
  const liveSeen = useRef(0);

  const load = useCallback((signal: { live: boolean }) => {
    const mark = liveSeen.current;
    void fetchUnansweredCount().then((n) => {
      if (signal.live && liveSeen.current === mark) setCount(n);
    });
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

  useLiveEvent(['badge.questions'], (e) => {
    if (!enabled) return;
    const n = badgeCount(e.payload);
    if (n === null) return;
    liveSeen.current += 1;
    setCount(n);
  });

  return count;
}
