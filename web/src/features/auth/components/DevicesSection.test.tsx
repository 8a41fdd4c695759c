import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { KEYS } from '@/lib/storage';
import { pageTestsInEnglish, signIn } from '@/test/session';
import { DevicesSection } from './DevicesSection';

const device = (id: number, current: boolean, browser: string | null, system: string | null) => ({
  id,
  browser,
  system,
  signed_in_at: '2026-11-20T09:00:00Z',
  last_used_at: '2026-11-27T18:30:00Z',
  current,
});

let posts: string[];

function server(list: ReturnType<typeof device>[]) {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/auth/sessions') return new Response(JSON.stringify({ devices: list }), { status: 200 });
      if (url === '/api/auth/sessions/sign-out-others' && init.method === 'POST') {
        posts.push(url);
        return new Response(JSON.stringify({ message: 'You are signed out everywhere else. This device stays signed in.', access: 'renewed' }), { status: 200 });
      }
      return new Response(JSON.stringify({ code: 'not_found', message: 'nope' }), { status: 404 });
    }),
  );
}

pageTestsInEnglish();
beforeEach(() => signIn(7, 'student'));

describe('signed-in devices', () => {
  it('lists the devices, names this one, and signs out the others with the renewed token kept', async () => {
    server([device(3, true, 'Firefox', 'Linux'), device(2, false, 'Chrome', 'Android'), device(1, false, null, null)]);
    const user = userEvent.setup();
    render(<DevicesSection />);
    const region = await screen.findByRole('region', { name: 'Signed-in devices' });
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Firefox on Linux — This device'),
      expect.stringContaining('Chrome on Android'),
      expect.stringContaining('An unrecognised browser'),
    ]);

    await user.click(within(region).getByRole('button', { name: 'Sign out everywhere else' }));
    await within(region).findByText(/You are signed out everywhere else\./);
    expect(within(region).getByRole('status').textContent).toContain('This device stays signed in.');
    expect(posts).toHaveLength(1);
    expect(localStorage.getItem(KEYS.token)).toBe('renewed');
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
  });

  it('has nothing to sign out when this is the only device', async () => {
    server([device(3, true, 'Safari', 'iOS')]);
    const user = userEvent.setup();
    render(<DevicesSection />);
    const button = await screen.findByRole('button', { name: 'Sign out everywhere else' });
    await screen.findByText(/Safari on iOS/);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(posts).toHaveLength(0);
  });
});
