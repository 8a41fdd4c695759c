import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(url);
      const key = Object.keys(routes).find((k) => url === k || url.startsWith(`${k}?`));
      if (!key) return new Response(JSON.stringify({ code: 'not_found', message: 'nope' }), { status: 404 });
      const body = routes[key];
      return new Response(JSON.stringify(typeof body === 'function' ? (body as (init?: RequestInit) => unknown)(init) : body), { status: 200 });
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

// The layout is a lazy route: load its module once up front, so the first test waits for the
// page rather than for the module's first transform on a busy machine.
beforeAll(async () => {
  await import('@/app/layouts/AdminLayout');
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
    // `user` is the fixture below; `person` types and clicks.
    const person = userEvent.setup();
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
    await person.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    await waitFor(() => expect(header('Name').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('Joined').getAttribute('aria-sort')).toBeNull();
    await waitFor(() => expect(requests.some((u) => u.includes('/api/admin/users?sort=name&page=1'))).toBe(true));
    // Back on the header's button (the new sort put focus on the caption), Enter sorts the other way.
    act(() => within(header('Name')).getByRole('button').focus());
    await person.keyboard('{Enter}');
    await waitFor(() => expect(header('Name').getAttribute('aria-sort')).toBe('descending'));
  });

  it('selecting rows counts them; the menu badge follows the live unread count', async () => {
    const person = userEvent.setup();
    signIn('supervisor');
    server({
      '/api/admin/users': { items: [user(2, 'Ali'), user(3, 'Badr')], page: 1, per_page: 25, total: 2 },
      '/api/admin/contact-messages/unread-count': { count: 2 },
    });
    open('/admin/users');
    await screen.findByRole('table');
    await person.click(screen.getByRole('checkbox', { name: 'Select every user on this page' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    await person.click(screen.getByRole('checkbox', { name: 'Select Ali' }));
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
        unset_settings: [],
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

const message = (id: number, subject: string, read = false) => ({
  id,
  name: 'Huda',
  email: 'huda@example.com',
  subject,
  message: 'Hello',
  lang: 'en',
  status: 'new',
  read,
  created_at: '2026-11-20T10:00:00Z',
  replies: [],
});

describe('contact messages', () => {
  it('a message that arrives is announced and appears in the open list; the badge takes the pushed count', async () => {
    signIn('supervisor');
    let items = [message(1, 'First question')];
    let unread = 1;
    server({
      '/api/admin/contact-messages': () => ({ items, page: 1, per_page: 25, total: items.length, unread }),
      '/api/admin/contact-messages/unread-count': () => ({ count: unread }),
    });
    open('/admin/messages');
    const table = await screen.findByTestId('messages-table');
    expect(within(table).getAllByRole('link').map((l) => l.textContent)).toEqual(['Unread: First question']);
    const link = screen.getByRole('link', { name: /Contact messages/ });
    await waitFor(() => expect(link.textContent).toContain('(unread: 1)'));
    const listReads = () => requests.filter((u) => u.startsWith('/api/admin/contact-messages?')).length;
    const before = listReads();

    items = [message(2, 'Second question'), ...items];
    unread = 2;
    publishLive({ id: 60, kind: 'contact.received', payload: { contact_message: { name: 'Huda', subject: 'Second question' } }, created_at: '' });
    publishLive({ id: 61, kind: 'badge.contact', payload: { count: 2 }, created_at: '' });
    await waitFor(() => expect(within(screen.getByTestId('messages-table')).getAllByRole('link').map((l) => l.textContent)).toEqual(['Unread: Second question', 'Unread: First question']));
    expect(screen.getByTestId('admin-arrival').textContent).toContain('Second question');
    await waitFor(() => expect(link.textContent).toContain('(unread: 2)'));
    expect(screen.getByText(/Results: 2/).textContent).toContain('unread: 2');
    expect(listReads()).toBeGreaterThan(before);
  });

  it('marking a message handled shows the new status and the server\'s message; the list read afterwards has it', async () => {
    const person = userEvent.setup();
    signIn('supervisor');
    let stored = message(7, 'Display question', true);
    server({
      '/api/admin/contact-messages/7': (init?: RequestInit) => {
        if (init?.method !== 'PATCH') return stored;
        stored = { ...stored, status: 'handled' };
        return { message: 'Message updated.', contact_message: stored };
      },
      '/api/admin/contact-messages': () => ({ items: [stored], page: 1, per_page: 25, total: 1, unread: 0 }),
      '/api/admin/contact-messages/unread-count': { count: 0 },
    });
    const router = open('/admin/messages/7');
    await screen.findByRole('heading', { level: 1, name: 'Display question' });
    expect(screen.getByTestId('message-status').textContent).toBe('New');
    await person.click(screen.getByRole('button', { name: 'Mark as handled' }));
    await waitFor(() => expect(screen.getByTestId('message-status').textContent).toBe('Handled'));
    expect(screen.getByText('Message updated.')).toBeTruthy();
    await router.navigate('/admin/messages');
    const table = await screen.findByTestId('messages-table');
    await waitFor(() => expect(within(table).getAllByRole('cell').map((c) => c.textContent)).toContain('Handled'));
  });
});

const course = (id: number, title: string, status: string) => ({ id, title, status, instructor: { id: 9, name: 'Mona' }, enrolled_count: 3, lessons_count: 4, language: 'en', created_at: '', updated_at: '' });

describe('list pages', () => {
  it('row actions are named after their record; a new page moves focus to the caption, the first one does not', async () => {
    signIn('supervisor');
    server({
      '/api/admin/courses': { items: [course(1, 'Letters', 'active'), course(2, 'حروف', 'inactive')], page: 1, per_page: 2, total: 4 },
      '/api/admin/contact-messages/unread-count': { count: 0 },
    });
    const router = open('/admin/courses');
    const table = await screen.findByRole('table', { name: 'Courses' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Course', 'Status', 'Instructor', 'Enrolments', 'Lessons', 'Actions']);
    // The record's name is a hidden suffix, isolated so an Arabic title keeps its order in English.
    const buttons = within(table).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Deactivate \u2068Letters\u2069', 'Reactivate \u2068حروف\u2069']);
    expect(buttons.map((b) => b.className)).toEqual(['btn btn-secondary admin-danger', 'btn btn-secondary']);
    expect(screen.getByText('Results: 4')).toBeTruthy();
    const caption = document.getElementById('courses-caption')!;
    expect(caption.tabIndex).toBe(-1);
    expect(document.activeElement).not.toBe(caption);
    await router.navigate('/admin/courses?page=2');
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('courses-caption')));
  });
});

describe('list filters', () => {
  it('a status chosen filters at once from page 1; the users\' form applies on submit (keeping the sort), Clear empties it', async () => {
    const person = userEvent.setup();
    signIn('supervisor');
    server({
      '/api/admin/contact-messages': { items: [message(1, 'First question')], page: 1, per_page: 25, total: 1, unread: 1 },
      '/api/admin/users': { items: [user(2, 'Ali')], page: 1, per_page: 25, total: 1 },
      '/api/admin/contact-messages/unread-count': { count: 1 },
    });
    const router = open('/admin/messages?page=3');
    await screen.findByTestId('messages-table');
    await person.selectOptions(screen.getByLabelText('Status'), 'handled');
    await waitFor(() => expect(router.state.location.search).toBe('?status=handled'));
    await person.selectOptions(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await router.navigate('/admin/users?sort=name&page=2');
    await screen.findByTestId('users-table');
    const search = screen.getByRole('search', { name: 'Search' });
    await person.type(within(search).getByRole('textbox'), '  ali ');
    await person.click(within(search).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ali&sort=name'));
    await person.click(within(search).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((within(search).getByRole('textbox') as HTMLInputElement).value).toBe('');
  });
});

describe('news editor', () => {
  const item = (title: string) => ({
    id: 5,
    slug: 'opening',
    title_ar: 'افتتاح',
    title_en: title,
    body_md_ar: 'نص',
    body_md_en: 'Text',
    image_media_id: null,
    image_url: null,
    image_alt_ar: null,
    image_alt_en: null,
    link: null,
    state: 'draft',
    publish_at: null,
  });

  it('opened again, the form starts from the server\'s item, not the copy read before', async () => {
    signIn('supervisor');
    server({ '/api/admin/news/5': item('First title') });
    open('/admin/news/5');
    expect(((await screen.findByLabelText(/^Title in English/)) as HTMLInputElement).value).toBe('First title');
    cleanup();
    // Someone else edits the item meanwhile.
    await new Promise((r) => setTimeout(r, 0));
    server({ '/api/admin/news/5': item('Second title') });
    open('/admin/news/5');
    expect(((await screen.findByLabelText(/^Title in English/)) as HTMLInputElement).value).toBe('Second title');
  });
});
