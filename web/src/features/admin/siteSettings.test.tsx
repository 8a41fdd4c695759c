import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { adminRoute } from '@/app/routes/admin';
import { applyLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query';
import { SITE_KEY, type SiteSettings } from '@/lib/site';
import { appStore, sessionAtom } from '@/lib/state';
import { KEYS, readSession } from '@/lib/storage';
import { moveLogo, siteFieldOrder, siteFormOf, siteInputOf } from './lib/siteForm';

vi.mock('@/features/live', () => ({ LiveConnection: () => null }));

const STORED: SiteSettings = {
  society_name_ar: 'جمعية نور',
  society_name_en: null,
  contact_email: null,
  contact_phone: null,
  address_ar: null,
  address_en: null,
  social_x: 'https://x.com/nur',
  social_facebook: null,
  social_youtube: null,
  social_instagram: null,
  logos: [{ media_id: 4, url: '/api/media/4?sig=a', alt_ar: 'شعار', alt_en: 'Logo' }],
  credit_ar: null,
  credit_en: null,
};

let puts: unknown[];

/** The API: GET and PUT of the settings; a PUT with a bad e-mail is refused as the server does. */
function server() {
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url === '/api/admin/site-settings' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        puts.push(body);
        if (body.contact_email === 'bad') return json({ code: 'invalid_email', message: 'Please enter a valid e-mail address', field: 'contact_email' }, 400);
        return json({ message: 'Site settings saved', settings: { ...STORED, ...body, logos: STORED.logos } });
      }
      if (url === '/api/admin/site-settings') return json(STORED);
      if (url === '/api/admin/contact-messages/unread-count') return json({ count: 0 });
      if (url === '/api/media?kind=image') return json({ id: 9, url: '/api/media/9?sig=c' }, 201);
      if (url === '/api/admin/overview')
        return json({ users: {}, courses: {}, pending: { accreditation: 0, stop: 0, certificates: 0 }, contact_unread: 0, weeks: [], unset_settings: ['contact_email', 'social'] });
      return json({ code: 'not_found', message: 'nope' }, 404);
    }),
  );
}

function open(path: string) {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.userId, '1');
  localStorage.setItem(KEYS.type, 'supervisor');
  localStorage.setItem(KEYS.name, 'Mona');
  appStore.set(sessionAtom, readSession());
  const router = createMemoryRouter([adminRoute], { initialEntries: [path] });
  render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

beforeAll(async () => {
  await import('@/app/layouts/AdminLayout');
  await import('./routes/SiteSettingsPage');
});
beforeEach(() => {
  applyLanguage('en');
  server();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  appStore.set(sessionAtom, readSession());
});

describe('site settings page', () => {
  it('starts from the stored settings, shows a refused field on it, and saves', async () => {
    open('/admin/site-settings');
    const nameAr = await screen.findByLabelText(/Society name in Arabic/, {}, { timeout: 5000 });
    expect((nameAr as HTMLInputElement).value).toBe('جمعية نور');
    expect((screen.getByLabelText(/^X/) as HTMLInputElement).value).toBe('https://x.com/nur');
    expect((screen.getByLabelText(/Logo description in English/) as HTMLInputElement).value).toBe('Logo');

    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Contact e-mail/), 'bad');
    await u.click(screen.getByRole('button', { name: 'Save the settings' }));
    const email = screen.getByLabelText(/Contact e-mail/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter a valid e-mail address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email));

    await u.clear(email);
    await u.type(email, 'info@nur.example.org');
    await u.type(screen.getByLabelText(/Society name in English/), 'Nur Society');
    await u.click(screen.getByRole('button', { name: 'Save the settings' }));
    await screen.findByText('Site settings saved');
    const sent = puts.at(-1) as Record<string, unknown>;
    expect(sent).toMatchObject({ contact_email: 'info@nur.example.org', society_name_en: 'Nur Society', social_facebook: '', logos: [{ media_id: 4, alt_ar: 'شعار', alt_en: 'Logo' }] });
    // This tab's footer follows at once.
    expect((queryClient.getQueryData(SITE_KEY) as SiteSettings).society_name_en).toBe('Nur Society');
  });

  it('an uploaded logo is added and its first description takes the focus', async () => {
    open('/admin/site-settings');
    const u = userEvent.setup();
    const file = await screen.findByLabelText('Add a logo (image file)', {}, { timeout: 5000 });
    await u.upload(file, new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    await screen.findByText(/Logo uploaded/);
    await waitFor(() => expect(document.activeElement?.id).toBe('st-logos[1].alt_ar'));
    expect(screen.getByRole('heading', { name: 'Logo 2' })).toBeTruthy();
    // Moving it earlier keeps the focus on a move button of the same logo.
    await u.click(screen.getByRole('button', { name: 'Move logo 2 earlier' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('st-logo-0-down'));
    expect(screen.getByText(/The logo is now number 1/)).toBeTruthy();
  });

  it('removing a logo takes it out of what is saved', async () => {
    open('/admin/site-settings');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Remove logo 1' }, { timeout: 5000 }));
    expect(screen.getByText(/No logo yet/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Save the settings' }));
    await screen.findByText('Site settings saved');
    expect((puts.at(-1) as { logos: unknown[] }).logos).toEqual([]);
  });

  it('the overview lists the settings still unset and links to the page', async () => {
    open('/admin');
    const section = await screen.findByTestId('overview-unset', {}, { timeout: 5000 });
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Contact e-mail', 'Social links']);
    expect(within(section).getByRole('link', { name: 'Open the site settings' }).getAttribute('href')).toBe('/admin/site-settings');
  });
});

describe('site settings form', () => {
  it('converts to the API input, trimmed, and orders logos', () => {
    const form = siteFormOf(STORED);
    expect(form.society_name_en).toBe('');
    const input = siteInputOf({ ...form, society_name_en: '  Nur  ' });
    expect(input.society_name_en).toBe('Nur');
    expect(input.logos).toEqual([{ media_id: 4, alt_ar: 'شعار', alt_en: 'Logo' }]);
    const two = [form.logos[0], { ...form.logos[0], media_id: 5 }];
    expect(moveLogo(two, 1, -1).map((l) => l.media_id)).toEqual([5, 4]);
    expect(moveLogo(two, 1, 1)).toBe(two);
    expect(siteFieldOrder(0)).toContain('logos[5].alt_en');
    expect(siteFieldOrder(0).indexOf('contact_email')).toBeLessThan(siteFieldOrder(0).indexOf('logos'));
  });
});
