/**
 * What the user is told about pushed events in this tab: toasts (visual, dismissable) and
 * announcements (the polite live region). Each event is told once: a notice is keyed by the
 * event id and a key is never accepted twice. A resume that replays many missed events becomes
 * one summary notice instead of a burst.
 */
import { useSyncExternalStore } from 'react';
import type { LiveEvent } from '@/lib/realtime';
import { QUIET_KINDS } from './eventText';

export interface Notice {
  key: string;
  /** One event, or several for a summary ("5 new notifications"). */
  events: LiveEvent[];
  summary: boolean;
}

/** More replayed events than this are told as one summary. */
export const SUMMARY_OVER = 3;
export const MAX_TOASTS = 4;
/** How long an announcement stays in the live region's DOM (removal is not announced). */
export const ANNOUNCE_MS = 15_000;

/** Turns events into notices: quiet kinds dropped; a replay longer than SUMMARY_OVER summarised. */
export function noticesFor(events: LiveEvent[], replayed: boolean): Notice[] {
  const told = events.filter((e) => !QUIET_KINDS.has(e.kind));
  if (!told.length) return [];
  if (replayed && told.length > SUMMARY_OVER) {
    return [{ key: `summary-${told[0].id}-${told[told.length - 1].id}`, events: told, summary: true }];
  }
  return told.map((e) => ({ key: `event-${e.id}`, events: [e], summary: false }));
}

interface State {
  toasts: Notice[];
  announcements: Notice[];
}

export class NoticeStore {
  private state: State = { toasts: [], announcements: [] };
  private readonly seen = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  };

  getState = (): State => this.state;

  private set(next: State) {
    this.state = next;
    this.listeners.forEach((fn) => fn());
  }

  /** Adds notices not told before; returns how many were new. */
  add(notices: Notice[]): number {
    const fresh = notices.filter((n) => !this.seen.has(n.key));
    if (!fresh.length) return 0;
    fresh.forEach((n) => this.seen.add(n.key));
    const toasts = [...this.state.toasts, ...fresh].slice(-MAX_TOASTS);
    const announcements = [...this.state.announcements, ...fresh];
    this.set({ toasts, announcements });
    fresh.forEach((n) => {
      this.timers.set(
        n.key,
        setTimeout(() => {
          this.timers.delete(n.key);
          this.set({ ...this.state, announcements: this.state.announcements.filter((a) => a.key !== n.key) });
        }, ANNOUNCE_MS),
      );
    });
    return fresh.length;
  }

  dismiss(key: string): void {
    if (!this.state.toasts.some((t) => t.key === key)) return;
    this.set({ ...this.state, toasts: this.state.toasts.filter((t) => t.key !== key) });
  }

  /** Forgets everything (sign-out). */
  reset(): void {
    this.timers.forEach((t) => clearTimeout(t));
    this.timers.clear();
    this.seen.clear();
    this.set({ toasts: [], announcements: [] });
  }
}

/** The tab's one store. */
export const notices = new NoticeStore();

export function useNotices(): State {
  return useSyncExternalStore(notices.subscribe, notices.getState, notices.getState);
}
