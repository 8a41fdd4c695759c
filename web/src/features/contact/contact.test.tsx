import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { checkContact } from './lib/validate';
import { ContactPage } from './routes/ContactPage';

const good = { name: 'Sara', email: 'sara@example.com', subject: 'Braille display', message: 'My display does not show the lesson.' };

describe('contact form checks', () => {
  it('every field is required, the e-mail must look like one, lengths are limited', () => {
    expect(checkContact({ name: '', email: '', subject: ' ', message: '' })).toEqual({
      name: { kind: 'required' },
      email: { kind: 'required' },
      subject: { kind: 'required' },
      message: { kind: 'required' },
    });
    expect(checkContact(good)).toEqual({});
    expect(checkContact({ ...good, email: 'sara@' }).email).toEqual({ kind: 'email' });
    expect(checkContact({ ...good, subject: 'س'.repeat(151) }).subject).toEqual({ kind: 'tooLong', max: 150 });
    expect(checkContact({ ...good, subject: 'س'.repeat(150) }).subject).toBeUndefined();
    expect(checkContact({ ...good, message: 'ok' }).message).toBeUndefined();
    expect(checkContact({ ...good, message: 'x'.repeat(5001) }).message).toEqual({ kind: 'tooLong', max: 5000 });
  });
});

describe('ContactPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function open() {
    const router = createMemoryRouter([{ path: '/contact-us', element: <ContactPage /> }], { initialEntries: ['/contact-us'] });
    render(<RouterProvider router={router} />);
  }

  it('ties errors to their fields, announces a summary and focuses the first wrong field; nothing is sent', async () => {
    applyLanguage('en');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText(/Your e-mail address/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    expect(screen.getByRole('alert').textContent).toBe('The message was not sent. Please correct the highlighted fields.');
    const name = screen.getByLabelText(/Your name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).toBe('This field is required');
    const email = screen.getByLabelText(/Your e-mail address/);
    expect(email.getAttribute('aria-describedby')).toContain('contact-email-error');
    expect(document.getElementById('contact-email-error')!.textContent).toBe('Enter a valid e-mail address');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the honeypot is out of the tab order and hidden from screen readers', () => {
    applyLanguage('en');
    open();
    const hp = document.getElementById('contact-website')!;
    expect(hp.tabIndex).toBe(-1);
    expect(hp.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /Leave this field empty/ })).toBeNull();
  });

  it('sends the message in Arabic and answers with the server’s "message sent"', async () => {
    applyLanguage('ar');
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => new Response(JSON.stringify({ message: 'تم إرسال الرسالة' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText(/اسمك/), good.name);
    await user.type(screen.getByLabelText(/بريدك الإلكتروني/), good.email);
    await user.type(screen.getByLabelText(/الموضوع/), good.subject);
    await user.type(screen.getByLabelText(/^الرسالة/), good.message);
    await user.click(screen.getByRole('button', { name: 'أرسل الرسالة' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('تم إرسال الرسالة'));
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(String(init.body))).toEqual({ ...good, website: '' });
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('ar');
    applyLanguage('ar');
  });
});
