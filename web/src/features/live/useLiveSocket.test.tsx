/**
 * The tab's live socket against a fake WebSocket and a fake fetch: the baseline of a fresh tab,
 * resume from the last id seen, dropping duplicates, summarising a long replay, the 4401 refresh
 * and the 4008 reconnect.
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { __resetForTests } from '@/lib/api-client';
import { setNavigator } from '@/lib/navigation';
import { subscribeLive, type LiveEvent } from '@/lib/realtime';
import { KEYS } from '@/lib/storage';
import { notices } from './notices';
import { useLiveSocket } from './useLiveSocket';

class FakeSocket {
  static all: FakeSocket[] = [];
  static OPEN = 1;
  static CLOSED = 3;
  readonly url: string;
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: unknown) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  private closeListeners: Array<() => void> = [];

  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, fn: () => void) {
    if (type === 'close') this.closeListeners.push(fn);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.serverClose(1000);
  }
  // Test helpers: what the server does.
  open() {
    this.readyState = 1;
    this.onopen?.({ target: this });
  }
  push(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  serverClose(code: number) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closeListeners.forEach((fn) => fn());
    this.onclose?.({ code, reason: '', wasClean: true });
  }
  get token() {
    return new URL(this.url).searchParams.get('token');
  }
}

const event = (id: number, kind = 'note.received', text = `note ${id}`) => ({
  type: 'event',
  id,
  kind,
  payload: { note: { id, sender_name: 'Mona', text } },
  created_at: '2026-11-02T10:00:00Z',
});

let fetchCalls: string[];
let newestId: number;
let refreshOk: boolean;
let published: LiveEvent[];
let off: () => void;

function Harness({ userId }: { userId: string }) {
  useLiveSocket(userId);
  return null;
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1];

beforeEach(() => {
  FakeSocket.all = [];
  fetchCalls = [];
  newestId = 10;
  refreshOk = true;
  published = [];
  __resetForTests();
  notices.reset();
  sessionStorage.clear();
  setNavigator(() => {});
  localStorage.setItem(KEYS.token, 'tok1');
  localStorage.setItem(KEYS.refresh, 'refresh1');
  localStorage.setItem(KEYS.userId, '7');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      fetchCalls.push(`${init.method ?? 'GET'} ${url}`);
      if (url.startsWith('/api/notifications?limit=1') && newestId < 0) return new Response('{}', { status: 500 });
      if (url.startsWith('/api/notifications?limit=1')) {
        return new Response(JSON.stringify({ items: newestId ? [{ id: newestId, kind: 'x', payload: {}, created_at: '', read: false }] : [], unread: 0 }), { status: 200 });
      }
      if (url === '/api/auth/token/refresh') {
        return refreshOk ? new Response(JSON.stringify({ access: 'tok2' }), { status: 200 }) : new Response('{}', { status: 401 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  off = subscribeLive((e) => published.push(e));
});

afterEach(() => {
  off();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function connected(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const ws = last();
  act(() => ws.open());
  return ws;
}

describe('useLiveSocket', () => {
  it('a fresh tab starts from the newest event, resumes after it and drops duplicates', async () => {
    render(<Harness userId="7" />);
    const ws = await connected();
    expect(fetchCalls).toContain('GET /api/notifications?limit=1');
    expect(ws.token).toBe('tok1');
    expect(ws.url).toMatch(/^ws:\/\/[^/]+\/api\/ws\?token=tok1$/);
    expect(ws.sent).toEqual([{ type: 'resume', after: 10 }]);

    act(() => {
      ws.push({ type: 'resumed', last_id: 10 });
      ws.push(event(10)); // at the baseline: already known
      ws.push(event(11));
      ws.push(event(11)); // a duplicate
      ws.push(event(12, 'badge.questions'));
    });
    expect(published.map((e) => e.id)).toEqual([11, 12]);
    expect(sessionStorage.getItem('lamsa-live-last-id:7')).toBe('12');
    // Told once; the badge count is not told at all.
    expect(notices.getState().toasts.map((t) => t.key)).toEqual(['event-11']);
    expect(notices.getState().announcements.map((t) => t.key)).toEqual(['event-11']);
  });

  it('a reconnect resumes from the last id seen, and a long replay is told as one summary', async () => {
    render(<Harness userId="7" />);
    const ws = await connected();
    act(() => {
      ws.push({ type: 'resumed', last_id: 10 });
      ws.push(event(11));
    });
    act(() => ws.serverClose(1006));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3000 });
    const again = last();
    act(() => again.open());
    expect(again.sent).toEqual([{ type: 'resume', after: 11 }]);
    act(() => {
      for (const id of [12, 13, 14, 15, 16]) again.push(event(id));
      again.push({ type: 'resumed', last_id: 16 });
    });
    expect(published.map((e) => e.id)).toEqual([11, 12, 13, 14, 15, 16]);
    const toasts = notices.getState().toasts;
    expect(toasts.map((t) => [t.summary, t.events.length])).toEqual([
      [false, 1],
      [true, 5],
    ]);
  });

  it('without a baseline (the fetch failed) it resumes from 0 and updates pages, but tells nothing', async () => {
    newestId = -1;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Harness userId="7" />);
    const ws = await connected();
    expect(ws.sent).toEqual([{ type: 'resume', after: 0 }]);
    act(() => {
      for (const id of [1, 2, 3, 4, 5]) ws.push(event(id));
      ws.push({ type: 'resumed', last_id: 5 });
      ws.push(event(6));
    });
    expect(published.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(notices.getState().toasts.map((t) => t.key)).toEqual(['event-6']);
  });

  it('a reload in the same tab resumes from sessionStorage without asking for a baseline', async () => {
    sessionStorage.setItem('lamsa-live-last-id:7', '33');
    render(<Harness userId="7" />);
    const ws = await connected();
    expect(fetchCalls).not.toContain('GET /api/notifications?limit=1');
    expect(ws.sent).toEqual([{ type: 'resume', after: 33 }]);
  });

  it('close 4401: refreshes the token once through the api client and reconnects with the new one', async () => {
    render(<Harness userId="7" />);
    const ws = await connected();
    act(() => {
      ws.push({ type: 'resumed', last_id: 10 });
      ws.push(event(11));
    });
    act(() => ws.serverClose(4401));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    const again = last();
    expect(fetchCalls.filter((c) => c === 'POST /api/auth/token/refresh')).toHaveLength(1);
    expect(again.token).toBe('tok2');
    expect(localStorage.getItem(KEYS.token)).toBe('tok2');
    act(() => again.open());
    expect(again.sent).toEqual([{ type: 'resume', after: 11 }]);
  });

  it('close 4401 with a refused refresh signs out and does not reconnect', async () => {
    refreshOk = false;
    const navigate = vi.fn();
    setNavigator(navigate);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Harness userId="7" />);
    const ws = await connected();
    act(() => ws.serverClose(4401));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(localStorage.getItem(KEYS.token)).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('close 4008 (too slow): reconnects soon and resumes', async () => {
    render(<Harness userId="7" />);
    const ws = await connected();
    act(() => {
      ws.push({ type: 'resumed', last_id: 10 });
      ws.push(event(11));
    });
    act(() => ws.serverClose(4008));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 1000 });
    const again = last();
    act(() => again.open());
    expect(again.sent).toEqual([{ type: 'resume', after: 11 }]);
    expect(fetchCalls.filter((c) => c.includes('refresh'))).toEqual([]);
  });

  it('closes the socket and stops reconnecting when unmounted (sign-out)', async () => {
    const { unmount } = render(<Harness userId="7" />);
    const ws = await connected();
    unmount();
    expect(ws.readyState).toBe(3);
    await new Promise((r) => setTimeout(r, 400));
    expect(FakeSocket.all).toHaveLength(1);
  });
});
