import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { publishLive } from '@/lib/realtime';
import { KEYS } from '@/lib/storage';
import { badgeCount } from './api/questions';
import { SideMenu } from './components/SideMenu';

let answer: () => Response;
let countCalls: number;

function menu(type: string) {
  const router = createMemoryRouter([{ path: '*', element: <SideMenu storedType={type} /> }], { initialEntries: [`/${type}`] });
  return render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const badge = (count: number) => publishLive({ id: Math.floor(Math.random() * 1e9) + 1, kind: 'badge.questions', payload: { count }, created_at: '' });
const link = () => screen.getByRole('link', { name: /^Students' questions/ });

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'tok');
  countCalls = 0;
  answer = () => new Response(JSON.stringify({ count: 2 }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/question/instructor/count') {
        countCalls += 1;
        return answer();
      }
      return new Response('{}', { status: 404 });
    }),
  );
  act(() => applyLanguage('en'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => applyLanguage('ar'));
});

describe('badgeCount', () => {
  it('reads the count of a badge event', () => {
    expect(badgeCount({ count: 3 })).toBe(3);
    expect(badgeCount({ count: -1 })).toBe(0);
    expect(badgeCount({ count: '3' })).toBeNull();
    expect(badgeCount({})).toBeNull();
  });
});

describe('the unanswered-questions badge', () => {
  it('is fetched once, then follows live badge events; shown only above 0', async () => {
    menu('instructor');
    await waitFor(() => expect(link().textContent).toContain('2'));
    expect(link().textContent).toBe("Students' questions 2(Unanswered questions: 2)");
    act(() => badge(0));
    expect(screen.queryByTestId('questions-badge')).toBeNull();
    act(() => badge(5));
    expect(screen.getByTestId('questions-badge').textContent).toBe('5(Unanswered questions: 5)');
    expect(countCalls).toBe(1);
  });

  it('a failed fetch is only logged and the badge stays hidden', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer = () => new Response(JSON.stringify({ code: 'x', message: 'y' }), { status: 500 });
    menu('instructor');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByTestId('questions-badge')).toBeNull();
  });

  it('students and supervisors neither fetch nor show it', async () => {
    menu('student');
    act(() => badge(4));
    expect(screen.queryByTestId('questions-badge')).toBeNull();
    expect(countCalls).toBe(0);
  });
});
