import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@/lib/realtime';
import { ANNOUNCE_MS, MAX_TOASTS, NoticeStore, noticesFor, SUMMARY_OVER } from './notices';

const ev = (id: number, kind = 'note.received'): LiveEvent => ({ id, kind, payload: {}, created_at: '' });

afterEach(() => {
  vi.useRealTimers();
});

describe('noticesFor', () => {
  it('one notice per live event, keyed by its id', () => {
    expect(noticesFor([ev(1), ev(2)], false).map((n) => [n.key, n.summary])).toEqual([
      ['event-1', false],
      ['event-2', false],
    ]);
  });

  it('leaves out the badge count, which only keeps the menu in step', () => {
    expect(noticesFor([ev(1, 'question.asked'), ev(2, 'badge.questions')], false).map((n) => n.key)).toEqual(['event-1']);
    expect(noticesFor([ev(2, 'badge.questions')], true)).toEqual([]);
  });

  it('a short replay is told event by event; a long one as one summary', () => {
    const few = Array.from({ length: SUMMARY_OVER }, (_, i) => ev(i + 1));
    expect(noticesFor(few, true)).toHaveLength(SUMMARY_OVER);
    const many = Array.from({ length: SUMMARY_OVER + 2 }, (_, i) => ev(i + 1));
    const [summary, ...rest] = noticesFor(many, true);
    expect(rest).toEqual([]);
    expect(summary.summary).toBe(true);
    expect(summary.events).toHaveLength(SUMMARY_OVER + 2);
    // Live (not replayed) events are never summarised.
    expect(noticesFor(many, false)).toHaveLength(SUMMARY_OVER + 2);
  });
});

describe('NoticeStore', () => {
  it('tells each event once, however often it is handed over', () => {
    const s = new NoticeStore();
    expect(s.add(noticesFor([ev(1)], false))).toBe(1);
    expect(s.add(noticesFor([ev(1)], false))).toBe(0);
    s.dismiss('event-1');
    expect(s.add(noticesFor([ev(1)], false))).toBe(0);
    expect(s.getState().toasts).toEqual([]);
    expect(s.getState().announcements.map((a) => a.key)).toEqual(['event-1']);
  });

  it('keeps at most MAX_TOASTS toasts, dropping the oldest', () => {
    const s = new NoticeStore();
    s.add(noticesFor(Array.from({ length: MAX_TOASTS + 2 }, (_, i) => ev(i + 1)), false));
    expect(s.getState().toasts.map((t) => t.key)).toEqual(Array.from({ length: MAX_TOASTS }, (_, i) => `event-${i + 3}`));
  });

  it('takes an announcement out of the live region after a while, and notifies subscribers', () => {
    vi.useFakeTimers();
    const s = new NoticeStore();
    const changed = vi.fn();
    s.subscribe(changed);
    s.add(noticesFor([ev(1)], false));
    expect(changed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ANNOUNCE_MS - 1);
    expect(s.getState().announcements).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(s.getState().announcements).toHaveLength(0);
    expect(s.getState().toasts).toHaveLength(1);
  });

  it('reset forgets what was told (sign-out)', () => {
    const s = new NoticeStore();
    s.add(noticesFor([ev(1)], false));
    s.reset();
    expect(s.getState()).toEqual({ toasts: [], announcements: [] });
    expect(s.add(noticesFor([ev(1)], false))).toBe(1);
  });
});
