import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, LiveCursor, parseServerMessage, publishLive, subscribeLive, type CursorStorage } from './realtime';

function memory(): CursorStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('parseServerMessage', () => {
  it('reads an event as the server writes it', () => {
    const m = parseServerMessage('{"type":"event","id":42,"kind":"note.received","payload":{"note":{"id":1}},"created_at":"2026-11-02T10:00:00Z"}');
    expect(m).toEqual({ type: 'event', event: { id: 42, kind: 'note.received', payload: { note: { id: 1 } }, created_at: '2026-11-02T10:00:00Z' } });
  });

  it('reads resumed, pong and error', () => {
    expect(parseServerMessage('{"type":"resumed","last_id":9}')).toEqual({ type: 'resumed', lastId: 9 });
    expect(parseServerMessage('{"type":"pong"}')).toEqual({ type: 'pong' });
    expect(parseServerMessage('{"type":"error","code":"bad_message","message":"x"}')).toEqual({ type: 'error', code: 'bad_message', message: 'x' });
  });

  it('ignores anything malformed instead of throwing', () => {
    for (const bad of ['', 'not json', '[]', 'null', '{"type":"event"}', '{"type":"event","id":"7","kind":"x"}', '{"type":"event","id":0,"kind":"x"}', '{"type":"resumed"}', '{"type":"other"}']) {
      expect(parseServerMessage(bad).type).toBe('unknown');
    }
    expect(parseServerMessage(new ArrayBuffer(2)).type).toBe('unknown');
  });

  it('gives an event without an object payload an empty one', () => {
    const m = parseServerMessage('{"type":"event","id":3,"kind":"x","payload":[1]}');
    expect(m.type === 'event' && m.event.payload).toEqual({});
  });
});

describe('LiveCursor', () => {
  it('has no starting point in a fresh tab, and resumes from 0 until it gets one', () => {
    const c = new LiveCursor('7', memory());
    expect(c.lastId).toBeNull();
    expect(c.resumeMessage()).toEqual({ type: 'resume', after: 0 });
  });

  it('takes the server’s newest id as the baseline of a fresh tab, once', () => {
    const s = memory();
    const c = new LiveCursor('7', s);
    c.setBaseline(40);
    expect(c.resumeMessage()).toEqual({ type: 'resume', after: 40 });
    c.setBaseline(10);
    expect(c.lastId).toBe(40);
    expect(s.data.get('lamsa-live-last-id:7')).toBe('40');
  });

  it('accepts each id once and drops replays at or below the last id seen', () => {
    const c = new LiveCursor('7', memory());
    c.setBaseline(5);
    expect(c.accept({ id: 4 })).toBe(false);
    expect(c.accept({ id: 5 })).toBe(false);
    expect(c.accept({ id: 6 })).toBe(true);
    expect(c.accept({ id: 6 })).toBe(false);
    expect(c.accept({ id: 9 })).toBe(true);
    expect(c.accept({ id: 8 })).toBe(false);
    expect(c.resumeMessage()).toEqual({ type: 'resume', after: 9 });
  });

  it('keeps the last id per user in the tab’s storage, so a reload resumes where it stopped', () => {
    const s = memory();
    const a = new LiveCursor('7', s);
    a.setBaseline(0);
    a.accept({ id: 12 });
    expect(new LiveCursor('7', s).resumeMessage()).toEqual({ type: 'resume', after: 12 });
    expect(new LiveCursor('8', s).lastId).toBeNull();
  });

  it('ignores a corrupt stored value and works without storage', () => {
    const s = memory();
    s.data.set('lamsa-live-last-id:7', 'abc');
    expect(new LiveCursor('7', s).lastId).toBeNull();
    const none = new LiveCursor('7', null);
    none.setBaseline(3);
    expect(none.accept({ id: 4 })).toBe(true);
    const throwing: CursorStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    const c = new LiveCursor('7', throwing);
    expect(c.accept({ id: 1 })).toBe(true);
    expect(c.lastId).toBe(1);
  });
});

describe('backoffDelay', () => {
  it('starts near a second, doubles, and stops at 30 s, with jitter of ±20 %', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => backoffDelay(n, mid))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
    expect(backoffDelay(-3, mid)).toBe(1000);
  });
});

describe('the in-tab bus', () => {
  it('hands each published event to every subscriber until it unsubscribes; a failing one does not stop the rest', () => {
    const seen: number[] = [];
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const off1 = subscribeLive(() => {
      throw new Error('boom');
    });
    const off2 = subscribeLive((e) => seen.push(e.id));
    publishLive({ id: 1, kind: 'x', payload: {}, created_at: '' });
    off2();
    publishLive({ id: 2, kind: 'x', payload: {}, created_at: '' });
    off1();
    expect(seen).toEqual([1]);
    expect(err).toHaveBeenCalled();
    err.mockRestore();
  });
});
