import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { publishLive, type LiveEvent } from '@/lib/realtime';
import { KEYS } from '@/lib/storage';
import { plain } from '../eventText';
import { notices, noticesFor } from '../notices';
import { refreshNotifications } from '../api/queries';
import { LiveAnnouncer } from './LiveAnnouncer';
import { NotificationCentre } from './NotificationCentre';
import { TOAST_MS, Toasts } from './Toasts';

const note = (id: number, text = `note ${id}`): LiveEvent => ({
  id,
  kind: 'note.received',
  payload: { note: { id, sender_name: 'Mona', text } },
  created_at: '2026-11-02T10:00:00Z',
});

function inRouter(ui: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/student'] });
  return render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  );
}

beforeEach(() => {
  notices.reset();
  localStorage.setItem(KEYS.token, 'tok');
  act(() => applyLanguage('en'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => applyLanguage('ar'));
});

describe('LiveAnnouncer', () => {
  it('adds each event once to a polite, non-atomic live region, in the current language', () => {
    inRouter(<LiveAnnouncer storedType="student" />);
    const region = screen.getByTestId('live-announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('aria-atomic')).toBe('false');
    expect(region.getAttribute('aria-relevant')).toBe('additions');
    act(() => void notices.add(noticesFor([note(1, 'Hello Sara')], false)));
    act(() => void notices.add(noticesFor([note(1, 'Hello Sara')], false)));
    expect([...region.querySelectorAll('p')].map((p) => plain(p.textContent ?? ''))).toEqual(['New note from Mona: Hello Sara']);
    act(() => void notices.add(noticesFor([1, 2, 3, 4, 5].map((i) => note(i + 10)), true)));
    expect([...region.querySelectorAll('p')].map((p) => plain(p.textContent ?? ''))).toEqual(['New note from Mona: Hello Sara', '5 new notifications']);
  });

  it('speaks Arabic when the interface is Arabic', () => {
    act(() => applyLanguage('ar'));
    inRouter(<LiveAnnouncer storedType="student" />);
    act(() => void notices.add(noticesFor([note(1, 'مرحبًا')], false)));
    expect(plain(screen.getByTestId('live-announcer').textContent ?? '')).toBe('ملاحظة جديدة من Mona: مرحبًا');
  });
});

describe('Toasts', () => {
  it('shows toasts in a labelled landmark, with a link to the page and a dismiss button; never takes focus', () => {
    inRouter(<Toasts storedType="student" />);
    expect(screen.queryByRole('complementary')).toBeNull();
    const before = document.activeElement;
    act(() => void notices.add(noticesFor([note(1), note(2)], false)));
    const region = screen.getByRole('complementary', { name: 'New notifications' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    expect(within(region).getAllByRole('link', { name: 'Open' })[0].getAttribute('href')).toBe('/student/notes');
    expect(document.activeElement).toBe(before);
  });

  it('dismiss moves focus to the next toast; Escape dismisses too', async () => {
    const user = userEvent.setup();
    inRouter(
      <>
        <button type="button" id="notif-button">
          Notifications
        </button>
        <Toasts storedType="student" />
      </>,
    );
    act(() => void notices.add(noticesFor([note(1), note(2)], false)));
    const buttons = screen.getAllByRole('button', { name: /Dismiss/ });
    await user.click(buttons[0]);
    const left = screen.getAllByRole('button', { name: /Dismiss/ });
    expect(left).toHaveLength(1);
    expect(document.activeElement).toBe(left[0]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(document.activeElement?.id).toBe('notif-button');
  });

  it('leaves by itself after a while, but not while focus is inside it', () => {
    vi.useFakeTimers();
    inRouter(<Toasts storedType="student" />);
    act(() => void notices.add(noticesFor([note(1), note(2)], false)));
    act(() => screen.getAllByRole('button', { name: /Dismiss/ })[1].focus());
    act(() => void vi.advanceTimersByTime(TOAST_MS + 500));
    const left = screen.getAllByRole('listitem');
    expect(left).toHaveLength(1);
    expect(left[0].textContent).toContain('note 2');
  });
});

describe('NotificationCentre', () => {
  let posted: unknown[];
  let refuseRead = false;

  beforeEach(() => {
    posted = [];
    refuseRead = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.startsWith('/api/notifications?limit=')) {
          return new Response(
            JSON.stringify({
              items: [
                { ...note(2), read: false },
                { ...note(1), read: true },
              ],
              unread: 1,
            }),
          );
        }
        if (url === '/api/notifications/unread-count') return new Response(JSON.stringify({ count: 2 }));
        if (url === '/api/notifications/read') {
          posted.push(JSON.parse(String(init.body)));
          if (refuseRead) return new Response(JSON.stringify({ code: 'internal', message: 'Server words not shown here' }), { status: 500 });
          return new Response(JSON.stringify({ count: 0 }));
        }
        return new Response('{}', { status: 404 });
      }),
    );
  });

  it('shows the unread count, lists events with links, adds live ones and marks all read', async () => {
    const user = userEvent.setup();
    inRouter(<NotificationCentre storedType="student" userId="7" />);
    const button = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    expect(within(panel).getByRole('link', { name: (n) => plain(n) === 'New note from Mona: note 2' }).getAttribute('href')).toBe('/student/notes');
    expect(within(panel).getAllByText('Unread')).toHaveLength(1);

    act(() => publishLive(note(3, 'live one')));
    await waitFor(() => expect(plain(within(panel).getAllByRole('listitem')[0].textContent ?? '')).toContain('live one'));
    await screen.findByRole('button', { name: 'Notifications (2 unread)' });
    // A read that answers without it (the server's list was read before it) keeps it.
    await act(() => refreshNotifications());
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(posted).toEqual([{ up_to: 3 }]);
    expect(within(panel).queryAllByText('Unread')).toHaveLength(0);
    expect(within(panel).getByRole('status').textContent).toBe('All notifications are marked as read');
  });

  it('"mark all as read" that fails says sending failed; nothing is marked and it can be pressed again', async () => {
    refuseRead = true;
    const user = userEvent.setup();
    inRouter(<NotificationCentre storedType="student" userId="7" />);
    const button = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    await user.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    const markAll = within(panel).getByRole('button', { name: 'Mark all as read' });
    await user.click(markAll);
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe('There was a problem sending your data'));
    expect(within(panel).getAllByText('Unread')).toHaveLength(1);
    expect(markAll.getAttribute('aria-disabled')).toBeNull();
    expect(within(panel).getByRole('status').textContent).toBe('');

    refuseRead = false;
    await user.click(markAll);
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('All notifications are marked as read'));
    expect(within(panel).getByRole('alert').textContent).toBe('');
    expect(posted).toEqual([{ up_to: 2 }, { up_to: 2 }]);
  });

  it('a notification that arrives live while the panel is closed is in the list when it opens, and counts as unread', async () => {
    const user = userEvent.setup();
    inRouter(<NotificationCentre storedType="student" userId="7" />);
    await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    act(() => publishLive(note(4, 'while closed')));
    const button = await screen.findByRole('button', { name: 'Notifications (2 unread)' });
    await user.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(3));
    expect(plain(within(panel).getAllByRole('listitem')[0].textContent ?? '')).toContain('while closed');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    inRouter(<NotificationCentre storedType="student" userId="7" />);
    const button = await screen.findByRole('button', { name: /Notifications/ });
    await user.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    await user.tab();
    expect(panel.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
