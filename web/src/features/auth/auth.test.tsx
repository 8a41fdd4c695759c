import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { appStore, sessionAtom } from '@/lib/state';
import { KEYS } from '@/lib/storage';
import { signIn } from '@/test/session';
import { ForgotPasswordPage } from './routes/ForgotPasswordPage';
import { LoginPage } from './routes/LoginPage';
import { SettingsPage } from './routes/SettingsPage';

type Reply = { status: number; body: unknown } | 'offline';
let requests: Array<{ url: string; body: unknown }>;

/** Each `POST <url>` answers with the next reply in its list (the last one again once used up). */
function server(routes: Record<string, Reply[]>) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const replies = routes[key];
      if (!replies) return new Response(JSON.stringify({ devices: [] }), { status: 200 });
      const reply = replies.length > 1 ? replies.shift()! : replies[0];
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
}

function page(ui: React.ReactNode) {
  const router = createMemoryRouter([
    { path: '/', element: ui },
    { path: '/student', element: <h1>Student home</h1> },
  ]);
  render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const alertText = () => screen.getAllByRole('alert').map((a) => a.textContent).join('|');

beforeEach(() => act(() => applyLanguage('en')));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  appStore.set(sessionAtom, null);
  act(() => applyLanguage('ar'));
});

describe('LoginPage', () => {
  it("a refused sign-in shows the server's message, stays on the page and can be sent again", async () => {
    const user = { id: 7, type: 'student', name: 'Sara', email: 'sara@example.com' };
    server({
      'POST /api/auth/login': [
        { status: 401, body: { code: 'invalid_credentials', message: 'The e-mail or password is wrong' } },
        { status: 200, body: { access: 'a', refresh: 'r', user } },
      ],
    });
    const u = userEvent.setup();
    page(<LoginPage />);
    await u.type(screen.getByLabelText(/^Email/), 'sara@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'wrong');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(alertText()).toContain('The e-mail or password is wrong'));
    const submit = screen.getByRole('button', { name: 'Login' });
    expect(submit.getAttribute('aria-disabled')).toBeNull();
    expect(localStorage.getItem(KEYS.token)).toBeNull();

    await u.click(submit);
    expect(await screen.findByRole('heading', { name: 'Student home' })).toBeTruthy();
    expect(localStorage.getItem(KEYS.token)).toBe('a');
  });

  it('an inactive account offers the activation e-mail again; its failure and its success are said', async () => {
    server({
      'POST /api/auth/login': [{ status: 403, body: { code: 'account_inactive', message: 'Activate your account first' } }],
      'POST /api/auth/activation/resend': [{ status: 429, body: { code: 'rate_limited', message: 'Too many e-mails, try later' } }, { status: 200, body: { message: 'Activation e-mail sent' } }],
    });
    const u = userEvent.setup();
    page(<LoginPage />);
    await u.type(screen.getByLabelText(/^Email/), 'sara@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'Secret1!');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    const resend = await screen.findByRole('button', { name: 'Resend activation e-mail' });
    await u.click(resend);
    await waitFor(() => expect(alertText()).toContain('Too many e-mails, try later'));
    await u.click(resend);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Activation e-mail sent'));
    expect(requests.filter((r) => r.url === '/api/auth/activation/resend').map((r) => r.body)).toEqual([{ email: 'sara@example.com' }, { email: 'sara@example.com' }]);
  });
});

describe('ForgotPasswordPage', () => {
  it('a request that never reached the server says so, and the button works again', async () => {
    server({ 'POST /api/auth/password/reset': ['offline', { status: 200, body: { message: 'If the address is known, a link is on its way' } }] });
    const u = userEvent.setup();
    page(<ForgotPasswordPage />);
    await u.type(screen.getByLabelText(/^Email/), 'sara@example.com');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(alertText()).toContain('There was a problem sending your data'));
    const submit = screen.getByRole('button', { name: 'Send reset link' });
    expect(submit.getAttribute('aria-disabled')).toBeNull();
    await u.click(submit);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('If the address is known, a link is on its way'));
    expect(alertText()).not.toContain('There was a problem');
  });
});

describe('SettingsPage', () => {
  beforeEach(() => signIn(7, 'student'));

  it('a wrong current password is shown on its field, which takes focus; nothing is cleared', async () => {
    server({ 'POST /api/auth/password/change': [{ status: 400, body: { code: 'wrong_password', message: 'The current password is wrong', field: 'old_password' } }] });
    const u = userEvent.setup();
    page(<SettingsPage />);
    const old = screen.getByLabelText(/^Current password/);
    await u.type(old, 'Old-pass1');
    await u.type(screen.getByLabelText(/^New password/), 'New-pass1!');
    await u.type(screen.getByLabelText(/^Confirm new password/), 'New-pass1!');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(old.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The current password is wrong')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(old));
    expect((old as HTMLInputElement).value).toBe('Old-pass1');
    expect(screen.getByRole('button', { name: 'Change password' }).getAttribute('aria-disabled')).toBeNull();
    expect(localStorage.getItem(KEYS.token)).toBe('tok');
  });
});
