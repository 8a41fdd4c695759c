import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { fakeApi, json } from '@/test/server';
import { pageTestsInEnglish, signIn } from '@/test/session';
import type { Profile } from './api/profile';
import { ProfilePage } from './routes/ProfilePage';

const profile: Profile = {
  id: 7,
  name: 'Sara Ali',
  email: 'sara@example.com',
  type: 'student',
  avatar: null,
  phone: null,
  gender: null,
  country: null,
  job_title: null,
  vision_type: null,
  birth_date: null,
  age: null,
  bio: null,
  education_type: null,
  level: null,
  created_at: '2026-10-01T10:00:00Z',
};

/** `GET /api/profile` answers the profile; a write answers `reply`. */
function server(write: string, ...replies: Array<[number, unknown]>) {
  fakeApi({ 'GET /api/profile': () => profile, [write]: () => json(...replies.shift()!) });
}

pageTestsInEnglish();
beforeEach(() => signIn(7, 'student'));

describe('ProfilePage', () => {
  it("a refused edit shows the server's message on its field and keeps the form; a saved one closes it", async () => {
    server('PATCH /api/profile', [400, { code: 'invalid_phone', message: 'This phone number is not valid', field: 'phone' }], [200, { ...profile, phone: '+962 7 9999 9999' }]);
    const user = userEvent.setup();
    render(<ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const phone = screen.getByLabelText(/^Phone number/);
    await user.type(phone, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This phone number is not valid')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-disabled')).toBeNull();

    await user.clear(phone);
    await user.type(phone, '+962 7 9999 9999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Profile saved'));
    expect(screen.getByText('+962 7 9999 9999')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit profile' })));
  });

  it("an avatar the server refuses says why on the file field, and nothing changes", async () => {
    server('POST /api/profile/avatar', [415, { code: 'unsupported_type', message: 'This image type is not accepted' }]);
    const user = userEvent.setup();
    render(<ProfilePage />);
    const input = (await screen.findByLabelText('Choose an image')) as HTMLInputElement;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
    await user.upload(input, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('f-avatar-error')?.textContent).toBe('This image type is not accepted');
    expect(screen.getByText('You have no profile picture yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeTruthy();
  });
});
