import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query';
import { SITE_KEY } from '@/lib/site';
import { HelpPage } from './routes/HelpPage';

function help() {
  return render(
    <Provider>
      <MemoryRouter>
        <HelpPage />
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  applyLanguage('ar');
});

describe('help page contact (issue 23)', () => {
  it('gives the society’s e-mail address from the site settings', () => {
    applyLanguage('en');
    queryClient.setQueryData(SITE_KEY, { contact_email: 'help@society.example.org', logos: [] });
    help();
    const link = screen.getByRole('link', { name: 'help@society.example.org' });
    expect(link.getAttribute('href')).toBe('mailto:help@society.example.org');
    expect(screen.queryByText(/lamsa\.example/)).toBeNull();
  });

  it('points to the contact form while no address is set', () => {
    applyLanguage('ar');
    queryClient.setQueryData(SITE_KEY, { contact_email: null, logos: [] });
    help();
    expect(screen.getByRole('link', { name: 'نموذج التواصل' }).getAttribute('href')).toBe('/contact-us');
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });
});
