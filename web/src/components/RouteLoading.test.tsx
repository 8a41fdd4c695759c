import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { LOADING_DELAY_MS, RouteLoading } from './RouteLoading';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** An app whose /slow page arrives when the test says so, and whose /quick page is already there. */
function app() {
  let arrive!: () => void;
  const arrived = new Promise<void>((r) => (arrive = r));
  const router = createMemoryRouter([
    {
      element: (
        <>
          <Outlet />
          <RouteLoading />
        </>
      ),
      children: [
        {
          index: true,
          element: (
            <>
              <h1>Home</h1>
              <Link to="/slow">slow</Link>
              <Link to="/quick">quick</Link>
            </>
          ),
        },
        { path: 'quick', element: <h1>Quick</h1> },
        { path: 'slow', lazy: async () => (await arrived, { element: <h1>Slow</h1> }) },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return { router, arrive };
}

describe('RouteLoading', () => {
  it('says the page is loading once the wait passes the delay, in a polite status, then empties', async () => {
    vi.useFakeTimers();
    const { router, arrive } = app();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');

    act(() => void router.navigate('/slow'));
    await act(() => vi.advanceTimersByTimeAsync(LOADING_DELAY_MS - 50));
    expect(status.textContent).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(status.textContent).toBe('جارٍ تحميل الصفحة…');
    expect(screen.getByRole('heading').textContent).toBe('Home');

    await act(async () => {
      arrive();
      await vi.runAllTimersAsync();
    });
    expect(screen.getByRole('heading').textContent).toBe('Slow');
    expect(status.textContent).toBe('');
  });

  it('says nothing for a page that is already there', async () => {
    const { router } = app();
    await act(() => router.navigate('/quick'));
    expect(screen.getByRole('heading').textContent).toBe('Quick');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
