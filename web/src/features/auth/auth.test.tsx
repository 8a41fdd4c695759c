import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { appStore } from '@/lib/state';
import { KEYS } from '@/lib/storage';
import { fakeApi, json, type Handler, type Recorded } from '@/test/server';
import { pageTestsInEnglish, signIn } from '@/test/session';
import { ForgotPasswordPage } from './routes/ForgotPasswordPage';
import { LoginPage } from './routes/LoginPage';
import { SettingsPage } from './routes/SettingsPage';

let requests: Recorded[];

/** Answers in turn, the last one again once used up; 'offline': a request that never reached the server. */
function inTurn(...replies: Array<[number, unknown] | 'offline'>): Handler {
  return () => {
    const reply = replies.length > 1 ? replies.shift()! : replies[0];
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return json(reply[0], reply[1]);
  };
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

pageTestsInEnglish();

describe('LoginPage', () => {
  it("a refused sign-in shows the server's message, stays on the page and can be sent again", async () => {
    const user = { id: 7, type: 'student', name: 'Sara', email: 'sara@example.com' };
    requests = fakeApi({
      'POST /api/auth/login': inTurn([401, { code: 'invalid_credentials', message: 'The e-mail or password is wrong' }], [200, { access: 'a', refresh: 'r', user }]),
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
    requests = fakeApi({
      'POST /api/auth/login': inTurn([403, { code: 'account_inactive', message: 'Activate your account first' }]),
      'POST /api/auth/activation/resend': inTurn([429, { code: 'rate_limited', message: 'Too many e-mails, try later' }], [200, { message: 'Activation e-mail sent' }]),
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
    requests = fakeApi({ 'POST /api/auth/password/reset': inTurn('offline', [200, { message: 'If the address is known, a link is on its way' }]) });
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
    requests = fakeApi({
      'GET /api/auth/sessions': () => ({ devices: [] }),
      'POST /api/auth/password/change': inTurn([400, { code: 'wrong_password', message: 'The current password is wrong', field: 'old_password' }]),
    });
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
