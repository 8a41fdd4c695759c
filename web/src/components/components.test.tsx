import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { Disclosure } from './Disclosure';
import { LanguageToggle } from './LanguageToggle';

afterEach(() => {
  cleanup();
  act(() => applyLanguage('ar'));
});

function inRouter(ui: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('LanguageToggle', () => {
  it('names the other language in that language and switches <html lang dir> and app-lang', async () => {
    const user = userEvent.setup();
    act(() => applyLanguage('ar'));
    inRouter(<LanguageToggle />);
    const button = screen.getByRole('button', { name: 'English' });
    expect(button.querySelector('span')?.getAttribute('lang')).toBe('en');
    await user.click(button);
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('app-lang')).toBe('en');
    const back = screen.getByRole('button', { name: 'العربية' });
    expect(back.querySelector('span')?.getAttribute('lang')).toBe('ar');
    await user.click(back);
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('app-lang')).toBe('ar');
  });
});

describe('Disclosure', () => {
  it('toggles aria-expanded, closes on Escape with focus back on the button, and on an outside pointer', async () => {
    const user = userEvent.setup();
    inRouter(
      <div>
        <p>outside</p>
        <Disclosure label="About us">
          <a href="/x">Inside link</a>
        </Disclosure>
      </div>,
    );
    const button = screen.getByRole('button', { name: 'About us' });
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByText('Inside link'));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByText('outside'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
