import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { adminRoute } from '@/app/routes/admin';
import { applyLanguage } from '@/lib/i18n';
import { publishLive } from '@/lib/realtime';
import { appStore, sessionAtom } from '@/lib/state';
import { KEYS, readSession } from '@/lib/storage';

vi.mock('@/features/live', () => ({ LiveConnection: () => null }));

let requests: string[];

function server(routes: Record<string, unknown>) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      const key = Object.keys(routes).find((k) => url === k || url.startsWith(`${k}?`));
      if (!key) return new Response(JSON.stringify({ code: 'not_found', message: 'nope' }), { status: 404 });
      return new Response(JSON.stringify(routes[key]), { status: 200 });
    }),
  );
}

function signIn(type: string | null) {
  if (type) {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.userId, '1');
    localStorage.setItem(KEYS.type, type);
    localStorage.setItem(KEYS.name, 'Mona');
  }
  appStore.set(sessionAtom, readSession());
}

function open(path: string) {
  const router = createMemoryRouter([adminRoute, { path: '/login', element: <h1>Login page</h1> }], { initialEntries: [path] });
  render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

const user = (id: number, name: string) => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  type: 'student',
  active: true,
  activated: true,
  created_at: '2026-11-01T10:00:00Z',
  deactivated_at: null,
  avatar_url: null,
});

beforeEach(() => applyLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  appStore.set(sessionAtom, readSession());
});

describe('admin site access', () => {
  it('signed out: the login page, with the way back', async () => {
    signIn(null);
    server({});
    const router = open('/admin/users?type=student');
    await screen.findByRole('heading', { name: 'Login page' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin/users?type=student');
  });

  it('an instructor: "Not allowed", no admin menu, no admin API call', async () => {
    signIn('instructor');
    server({});
    open('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Not allowed' });
    expect(screen.queryByRole('navigation', { name: 'Admin site' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/instructor');
    expect(requests.filter((u) => u.includes('/api/admin/'))).toEqual([]);
  });
});

describe('users table', () => {
  it('sort headers: aria-sort on the sorted column only, Enter flips it, the server gets the order', async () => {
    signIn('supervisor');
    server({
      '/api/admin/users': { items: [user(2, 'Ali'), user(3, 'Badr')], page: 1, per_page: 25, total: 2 },
      '/api/admin/contact-messages/unread-count': { count: 2 },
    });
    const router = open('/admin/users');
    const table = await screen.findByRole('table');
    const header = (name: string) => within(table).getByRole('button', { name: new RegExp(`^${name}`) }).closest('th')!;
    expect(header('Joined').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    await waitFor(() => expect(header('Name').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('Joined').getAttribute('aria-sort')).toBeNull();
    await waitFor(() => expect(requests.some((u) => u.includes('/api/admin/users?sort=name&page=1'))).toBe(true));
    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(header('Name').getAttribute('aria-sort')).toBe('descending'));
  });

  it('selecting rows counts them; the menu badge follows the live unread count', async () => {
    signIn('supervisor');
    server({
      '/api/admin/users': { items: [user(2, 'Ali'), user(3, 'Badr')], page: 1, per_page: 25, total: 2 },
      '/api/admin/contact-messages/unread-count': { count: 2 },
    });
    open('/admin/users');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every user on this page' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ali' }));
    expect(screen.getByText('Selected: 1')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Contact messages/ });
    await waitFor(() => expect(link.textContent).toContain('(unread: 2)'));
    publishLive({ id: 50, kind: 'badge.contact', payload: { count: 5 }, created_at: '' });
    await waitFor(() => expect(link.textContent).toContain('(unread: 5)'));
    publishLive({ id: 51, kind: 'badge.contact', payload: { count: 0 }, created_at: '' });
    await waitFor(() => expect(link.textContent).not.toContain('unread'));
  });
});

describe('overview', () => {
  it('every figure of the chart is also in a table', async () => {
    signIn('supervisor');
    const weeks = Array.from({ length: 26 }, (_, i) => ({ week_start: `2026-${String(6 + Math.floor(i / 4)).padStart(2, '0')}-${String(1 + (i % 4) * 7).padStart(2, '0')}`, signups: i, enrolments: 2 * i }));
    server({
      '/api/admin/overview': {
        users: { student: { active: 10, inactive: 1, not_activated: 2 }, instructor: { active: 3, inactive: 0, not_activated: 0 }, supervisor: { active: 1, inactive: 0, not_activated: 0 } },
        courses: { active: 4 },
        pending: { accreditation: 1, stop: 0, certificates: 2 },
        contact_unread: 3,
        weeks,
      },
      '/api/admin/contact-messages/unread-count': { count: 3 },
    });
    open('/admin');
    const chart = await screen.findByRole('img', { name: /Sign-ups and enrolments per week/ });
    expect(chart.getAttribute('aria-labelledby')).toBeTruthy();
    expect(chart.querySelectorAll('rect')).toHaveLength(52);
    const table = screen.getByRole('table', { name: 'Sign-ups and enrolments per week, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(26);
    expect(within(rows[25]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['25', '50']);
    expect(screen.getByText(/325 sign-ups and 650 enrolments/)).toBeTruthy();
    expect(screen.getByTestId('overview-unread').textContent).toContain('3');
  });
});
